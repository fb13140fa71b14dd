package com.example;

import java.io.IOException;
import java.time.Duration;

/**
 * The same tool, left out of intentguard.yaml: what the kit sees without the agent. Not a subclass of RefundTools,
 * whose configured method would cover it.
 */
public class UnguardedRefundTools {
    private final String provider;
    private final Duration timeout;

    public UnguardedRefundTools(String provider, Duration timeout) {
        this.provider = provider;
        this.timeout = timeout;
    }

    public String refund(String orderId, String amount, String reason) throws IOException {
        return RefundRequest.send(provider, timeout, orderId, amount, reason);
    }
}
