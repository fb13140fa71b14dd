package dev.intentguard.agent.audit;

/**
 * Where the audit's live events go: JDK Flight Recorder when the runtime has it ({@code jdk.jfr}; a jlink image may
 * not), else nowhere. Each method costs a check of whether a recording wants the event when none runs.
 */
public interface EventSink {
    EventSink NONE = new EventSink() {
    };

    /** Loads what the first event would load. */
    default void warmUp() {
    }

    /** Starts the timing of a tool call; returns a handle for {@link #toolCallEnd}, or {@code null} when not recorded. */
    default Object toolCallBegin() {
        return null;
    }

    default void toolCallEnd(Object handle, CallEntry call) {
    }

    default void wireAttempt(String tool, String key, dev.intentguard.agent.wire.WireAttempt attempt, Layer layer) {
    }

    default void duplicatePrevented(String tool, String key, Layer layer, String library, String answer, int count) {
    }

    /** JFR when {@code jdk.jfr} is in the runtime; the event classes are not even loaded otherwise. */
    static EventSink forRuntime() {
        if (ModuleLayer.boot().findModule("jdk.jfr").isEmpty()) {
            return NONE;
        }
        try {
            return (EventSink) Class.forName("dev.intentguard.agent.audit.jfr.JfrEventSink", true,
                    EventSink.class.getClassLoader()).getConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            return NONE;
        }
    }
}
