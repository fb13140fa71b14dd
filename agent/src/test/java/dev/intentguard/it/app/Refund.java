package dev.intentguard.it.app;

import java.math.BigDecimal;

public record Refund(String id, BigDecimal amount) {
}
