package com.acme.support;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;

/** The shop's orders (in memory: the read side of the story does not matter here). */
public final class Orders {
    /** One order. */
    public record Order(String id, String customer, BigDecimal total, String status, String ticketId) {
    }

    private final Map<String, Order> orders = Map.of(
            "8812", new Order("8812", "Ana", new BigDecimal("49.00"), "delivered", "T-1001"),
            "8813", new Order("8813", "Ben", new BigDecimal("20.00"), "delivered", "T-1002"));

    public Optional<Order> find(String orderId) {
        return Optional.ofNullable(orders.get(orderId));
    }
}
