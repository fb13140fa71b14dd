package dev.intentguard.bridge;

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

    /**
     * A call of a tool that has no method of its own to weave: a framework registers it by name with a handler (an
     * MCP server tool). Returns the call's frame, or {@code null} to leave the call alone; the advice then uses
     * {@link #skipBody}, {@link #exitTool}, {@link #returnValue} and {@link #thrown} as for a woven method, and the
     * frame answers a status as JSON text.
     *
     * @param framework who registered the tool ({@code mcp})
     * @param name the tool's name as the model sees it
     * @param hintedEffect what the framework's own marks say ({@code read}, {@code idempotent}), {@code null} for none;
     *                     untrusted: a {@code tools:} entry of that name wins
     * @param arguments the call's arguments by name
     * @param owner the instrumented class
     */
    public static Object enterNamedTool(String framework, String name, String hintedEffect, java.util.Map<String, ?> arguments,
                                        Class<?> owner) {
        ToolHooks h = hooks;
        if (h == null) {
            return null;
        }
        try {
            return h.enterNamedTool(framework, name, hintedEffect, arguments, owner);
        } catch (Throwable t) {
            report(h, "enterNamedTool", t);
            return null;
        }
    }

    /**
     * The description the model should see of a tool registered by name (see {@link #enterNamedTool}): the
     * framework's own, with the once-per-intent sentence added for a {@code side_effect} tool, or {@code null} to keep
     * {@code description} unchanged.
     */
    public static String describeNamedTool(String framework, String name, String hintedEffect, String description) {
        ToolHooks h = hooks;
        if (h == null) {
            return null;
        }
        try {
            return h.describeNamedTool(framework, name, hintedEffect, description);
        } catch (Throwable t) {
            report(h, "describeNamedTool", t);
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

    /**
     * Tool method exit, before {@link #exitTool}: {@code true} when the frame runs the body once more (a retry the agent
     * owns, after a failure before anything was processed). Never throws; a failure answers {@code false}.
     */
    public static boolean repeatTool(Object frame, Object returned, Throwable thrown) {
        if (!(frame instanceof ToolFrame)) {
            return false;
        }
        try {
            return ((ToolFrame) frame).again(returned, thrown);
        } catch (Throwable t) {
            report(hooks, "repeatTool", t);
            return false;
        }
    }

    /** Tool method exit: lets the frame decide what the caller receives. */
    public static void exitTool(Object frame, Object returned, Throwable thrown) {
        if (!(frame instanceof ToolFrame)) {
            return;
        }
        try {
            ((ToolFrame) frame).markOver();
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
