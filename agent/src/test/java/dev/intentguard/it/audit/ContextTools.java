package dev.intentguard.it.audit;

import java.util.concurrent.atomic.AtomicInteger;

/** A side-effect tool without HTTP: the attribution tests only need its calls. */
public class ContextTools {
    static final AtomicInteger RUNS = new AtomicInteger();

    /** side_effect tool (key: orderId). */
    public String refund(String orderId) {
        return "{\"refund\":\"re_" + RUNS.incrementAndGet() + "\",\"order\":\"" + orderId + "\"}";
    }
}
