package dev.intentguard.agent.audit;

/**
 * Finds a retry library on the current stack, between the guarded tool method and whoever called it: the frames a
 * Resilience4j {@code Retry}, a Spring Retry {@code RetryTemplate}/{@code @Retryable} or Spring Framework 7's core
 * {@code RetryTemplate} leave while they run the decorated call again. Walking the stack is not free (a few
 * microseconds), so it is done only for repeats of an intent, never for a first call.
 */
final class RetryFrames {
    /** Package prefix, library name. */
    private static final String[][] LIBRARIES = {
            {"io.github.resilience4j.retry.", "resilience4j"},
            {"org.springframework.retry.", "spring-retry"},
            {"org.springframework.core.retry.", "spring-core-retry"},
    };
    /** Deep enough for Spring proxies and agent frameworks; bounded so that a deep recursion costs no more. */
    private static final int MAX_FRAMES = 512;
    private static final StackWalker WALKER = StackWalker.getInstance();

    private RetryFrames() {
    }

    /** The retry library on the current stack, or {@code null}. */
    static String libraryOnStack() {
        return WALKER.walk(frames -> frames.limit(MAX_FRAMES)
                .map(f -> library(f.getClassName()))
                .filter(l -> l != null)
                .findFirst()
                .orElse(null));
    }

    /** The library a class belongs to, or {@code null}. */
    static String library(String className) {
        for (String[] l : LIBRARIES) {
            if (className.startsWith(l[0])) {
                return l[1];
            }
        }
        return null;
    }
}
