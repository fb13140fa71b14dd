package com.acme.support;

import java.math.BigDecimal;

/** A refund as the payments provider reports it. */
public record Refund(String id, String orderId, BigDecimal amount, String status) {
}
