package com.example;

import java.io.IOException;
import java.time.Duration;

/** A refund tool as services write them: a plain method (intentguard.yaml names it) that calls the provider. */
public class RefundTools {
    private final String provider;
    private final Duration timeout;

    public RefundTools(String provider, Duration timeout) {
        this.provider = provider;
        this.timeout = timeout;
    }

    public String refund(String orderId, String amount, String reason) throws IOException {
        return RefundRequest.send(provider, timeout, orderId, amount, reason);
    }
}
