package dev.intentguard.bridge;

/**
 * Whether a retry framework (Resilience4j {@code Retry}, Spring Retry) is about to run the call it decorates again on
 * this thread. Its advice says so the moment the framework decides to retry; the next guarded tool call on the thread
 * takes the mark, so a repeat of an intent is blamed on the framework only when the framework really re-ran it, never
 * because a retry decorator merely happens to be on the stack of a first attempt.
 */
public final class FrameworkRetry {
    private static final ThreadLocal<String> NEXT = new ThreadLocal<>();

    private FrameworkRetry() {
    }

    /** The framework {@code library} will run its decorated call again on this thread. */
    public static void next(String library) {
        NEXT.set(library);
    }

    /** A decorated call starts its first attempt: nothing on this thread is a framework retry yet. */
    public static void clear() {
        if (NEXT.get() != null) {
            NEXT.remove();
        }
    }

    /** The library that is re-running the current call, or {@code null}; the mark is used up. */
    public static String take() {
        String library = NEXT.get();
        if (library != null) {
            NEXT.remove();
        }
        return library;
    }
}
