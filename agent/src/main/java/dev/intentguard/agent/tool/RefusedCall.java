package dev.intentguard.agent.tool;

import dev.intentguard.agent.tool.bind.ToolBinding;

/**
 * A call the agent cannot guard (its binding is broken, its key cannot be computed, or the HTTP clients it may use were
 * not woven in time during the start) under {@code on-error: fail-closed}: it does not run, and the caller is told so.
 */
final class RefusedCall extends GuardedCall {
    private final Class<?> owner;

    RefusedCall(ToolBinding binding, Class<?> owner) {
        super(binding);
        this.owner = owner;
    }

    @Override
    public boolean skipBody() {
        return true;
    }

    @Override
    public String intentKey() {
        return null;
    }

    @Override
    protected void exit(Object returned, Throwable thrown) {
        StatusReply.cannotGuard(binding.toolName()).deliver(this, binding, owner, null);
    }
}
