package com.acme.support;

/** The payments provider answered with an HTTP error status, SDK style. */
public class PaymentsException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int statusCode;

    public PaymentsException(int statusCode, String body) {
        super("payments provider answered HTTP " + statusCode + ": " + body);
        this.statusCode = statusCode;
    }

    /** The HTTP status (what SDK exceptions usually expose, and what intentguard reads to classify it). */
    public int statusCode() {
        return statusCode;
    }
}
