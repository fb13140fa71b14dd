package dev.intentguard.it.app;

import java.math.BigDecimal;

/** A tool interface: the config names this, and every implementation is guarded. */
public interface Payments {
    String pay(String invoiceId, BigDecimal amount) throws Exception;
}
