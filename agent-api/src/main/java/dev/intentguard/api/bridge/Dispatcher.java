package dev.intentguard.api.bridge;

/**
 * The only entry point advice code calls. The agent installs its {@link ToolHooks} at start-up; until
 * then (or without an agent) every call is a no-op. No method here throws.
 */
public final class Dispatcher {
    private static volatile ToolHooks hooks;

    private Dispatcher() {
    }

    /** Installs the agent's hooks; only the first call wins. */
    public static synchronized boolean install(ToolHooks agentHooks) {
        if (hooks != null || agentHooks == null) {
            return false;
        }
        hooks = agentHooks;
        return true;
    }

    /** {@code true} once an agent has installed its hooks. */
    public static boolean installed() {
        return hooks != null;
    }

    /** Tool method entry: returns the call's frame, or {@code null} to leave the call alone. */
    public static Object enterTool(int bindingId, Class<?> owner, Object self, Object[] args) {
        ToolHooks h = hooks;
        if (h == null) {
            return null;
        }
        try {
            return h.enterTool(bindingId, owner, self, args);
        } catch (Throwable t) {
            report(h, "enterTool", t);
            return null;
        }
    }

    /** {@code true} when the frame says the body must not run. */
    public static boolean skipBody(Object frame) {
        try {
            return frame instanceof ToolFrame && ((ToolFrame) frame).skipBody();
        } catch (Throwable t) {
            report(hooks, "skipBody", t);
            return false;
        }
    }

    /** Tool method exit: lets the frame decide what the caller receives. */
    public static void exitTool(Object frame, Object returned, Throwable thrown) {
        if (!(frame instanceof ToolFrame)) {
            return;
        }
        try {
            ((ToolFrame) frame).exit(returned, thrown);
        } catch (Throwable t) {
            report(hooks, "exitTool", t);
        }
    }

    /** The value the caller receives: the frame's answer, else what the body returned. */
    public static Object returnValue(Object frame, Object returned) {
        if (frame instanceof ToolFrame && ((ToolFrame) frame).replaced()) {
            return ((ToolFrame) frame).value();
        }
        return returned;
    }

    /** The exception the caller receives: the frame's answer, else what the body threw. */
    public static Throwable thrown(Object frame, Throwable thrown) {
        if (frame instanceof ToolFrame && ((ToolFrame) frame).replaced()) {
            return ((ToolFrame) frame).thrown();
        }
        return thrown;
    }

    private static void report(ToolHooks h, String where, Throwable t) {
        if (h == null) {
            return;
        }
        try {
            h.bridgeError(where, t);
        } catch (Throwable ignored) {
            // Nothing left to tell: the host must not see our failure.
        }
    }
}
