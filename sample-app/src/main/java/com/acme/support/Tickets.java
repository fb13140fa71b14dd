package com.acme.support;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The help desk's tickets (in memory). Setting a status twice leaves it as set once: idempotent. */
public final class Tickets {
    private final Map<String, String> status = new ConcurrentHashMap<>();

    public void set(String ticketId, String newStatus) {
        status.put(ticketId, newStatus);
    }

    public Map<String, String> all() {
        return Map.copyOf(status);
    }
}
