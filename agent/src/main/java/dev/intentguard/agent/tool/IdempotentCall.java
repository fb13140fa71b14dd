package dev.intentguard.agent.tool;

import dev.intentguard.agent.audit.CallAudit;
import dev.intentguard.agent.key.IntentKey;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.api.ToolStatus;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;

/**
 * One call of an {@code idempotent} tool: it runs every time, with the intent key in scope so that every
 * request it makes carries the same key. Only the kill switch stops it.
 */
final class IdempotentCall extends GuardedCall {
    private final Class<?> owner;
    private final IntentKey key;
    private final boolean disabled;
    private final WireLog wire;
    private final CallAudit audit;
    private ToolFrame outerScope;

    private IdempotentCall(ToolRuntime runtime, ToolBinding binding, Class<?> owner, IntentKey key) {
        super(binding);
        this.owner = owner;
        this.key = key;
        this.disabled = !binding.tool().enabled();
        this.audit = runtime.recorder().begin(binding.toolName(), "idempotent", key.value());
        this.wire = new WireLog(key.value(), audit);
    }

    static IdempotentCall begin(ToolRuntime runtime, ToolBinding binding, Class<?> owner, IntentKey key) {
        IdempotentCall call = new IdempotentCall(runtime, binding, owner, key);
        call.audit.resolve();                   // a repeat only if this JVM saw the intent (idempotent: no record)
        if (!call.disabled) {
            runtime.intentLog().info("intent tool={} key={} (idempotent: runs every time)", binding.toolName(), key);
            call.outerScope = IntentScope.enter(call);
        }
        return call;
    }

    @Override
    public boolean skipBody() {
        return disabled;
    }

    @Override
    public String intentKey() {
        return key.value();
    }

    @Override
    public Object wire() {
        return wire;
    }

    @Override
    protected void exit(Object returned, Throwable thrown) {
        if (disabled) {
            StatusReply.of(ToolStatus.DISABLED).deliver(this, binding, owner, key.value());
            audit.end(false, ToolStatus.DISABLED.wireName(), null, null, wire);
        } else {
            IntentScope.exit(outerScope);
            audit.end(true, thrown == null ? "result" : "error", null, thrown, wire);
        }
    }
}
