package dev.intentguard.api.bridge;

import java.util.function.BiPredicate;

/**
 * A header filter that keeps every header. Advice copies a {@code java.net.http} request with
 * {@code HttpRequest.newBuilder(request, filter)} to put the key on it; advice is inlined into JDK classes and
 * cannot bring a lambda (its synthetic method would stay behind in the agent's loader), so the filter lives here.
 */
public final class KeepAllHeaders implements BiPredicate<String, String> {
    public static final KeepAllHeaders INSTANCE = new KeepAllHeaders();

    private KeepAllHeaders() {
    }

    @Override
    public boolean test(String name, String value) {
        return true;
    }
}
