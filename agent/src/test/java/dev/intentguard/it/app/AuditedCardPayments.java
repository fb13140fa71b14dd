package dev.intentguard.it.app;

import java.math.BigDecimal;

/** Two levels below the interface, overriding and calling super (as proxies and decorators do). */
public class AuditedCardPayments extends CardPayments {
    @Override
    public String pay(String invoiceId, BigDecimal amount) throws Exception {
        return "audited " + super.pay(invoiceId, amount);
    }
}
