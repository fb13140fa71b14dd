package dev.intentguard.bridge;

/** What the agent core implements for the advice woven into tool methods. */
public interface ToolHooks {

    /**
     * Called on entry of a guarded tool method.
     *
     * @param bindingId which tool method this is (a constant woven into the advice)
     * @param owner the instrumented class
     * @param self the receiver, or {@code null} for a static method
     * @param args the arguments
     * @return a frame to carry to {@link ToolFrame#exit}, or {@code null} to leave the call alone
     */
    ToolFrame enterTool(int bindingId, Class<?> owner, Object self, Object[] args);

    /**
     * Called when a tool registered by name (an MCP server tool) is called; see
     * {@link Dispatcher#enterNamedTool}.
     *
     * @return a frame, or {@code null} to leave the call alone
     */
    default ToolFrame enterNamedTool(String framework, String name, String hintedEffect, java.util.Map<String, ?> arguments,
                                     Class<?> owner) {
        return null;
    }

    /** The description of a tool registered by name, or {@code null} to keep it; see {@link Dispatcher#describeNamedTool}. */
    default String describeNamedTool(String framework, String name, String hintedEffect, String description) {
        return null;
    }

    /** Reports a failure inside the bridge itself; must not throw. */
    void bridgeError(String where, Throwable error);
}
