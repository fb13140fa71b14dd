package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.key.KeyRecipe;
import dev.intentguard.agent.log.LogRouting;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.weave.DeferredWeaving;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import dev.intentguard.bridge.ToolHooks;

import java.util.Map;

/** What the advice in every tool method, and around every tool registered by name, calls (through the Dispatcher). */
final class ToolDispatch implements ToolHooks {
    private final ToolRuntime runtime;
    private final NamedTools named;
    private final DeferredWeaving deferred;
    private final java.util.Set<Integer> unreadableLogged = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicBoolean weavingLateLogged = new java.util.concurrent.atomic.AtomicBoolean();

    ToolDispatch(ToolRuntime runtime, NamedTools named, DeferredWeaving deferred) {
        this.runtime = runtime;
        this.named = named;
        this.deferred = deferred;
    }

    @Override
    public ToolFrame enterTool(int bindingId, Class<?> owner, Object self, Object[] args) {
        ToolBinding binding = runtime.bindings().get(bindingId);
        if (binding == null) {
            return null;
        }
        return guard(binding, owner, self, args);
    }

    @Override
    public ToolFrame enterNamedTool(String framework, String name, String hintedEffect, Map<String, ?> arguments,
                                    Class<?> owner) {
        ToolBinding binding = named.binding(framework, name, hintedEffect);
        if (binding == null) {
            return null;
        }
        return guard(binding, owner, null, NamedTools.arguments(binding, arguments));
    }

    @Override
    public String describeNamedTool(String framework, String name, String hintedEffect, String description) {
        return named.describe(framework, name, hintedEffect, description);
    }

    private ToolFrame guard(ToolBinding binding, Class<?> owner, Object self, Object[] args) {
        LogRouting.offerApplicationLoader(owner.getClassLoader());
        if (binding.brokenReason() != null) {
            return new RefusedCall(binding, owner);
        }
        KeyRecipe.Keyed keyed;
        try {
            keyed = binding.recipe().apply(binding.toolName(), args);
        } catch (KeyRecipe.UnreadableKeyException e) {
            if (unreadableLogged.add(binding.id())) {               // a binding problem: said once, not per call
                runtime.log().error("cannot compute the intent key of {} ({}): {}. {}", binding.toolName(),
                        binding.methodDisplayName(), e.getMessage(), runtime.failClosed()
                                ? "Its calls answer disabled (on-error: fail-closed)."
                                : "Its calls run unguarded (on-error: fail-open).");
            }
            return runtime.failClosed() ? new RefusedCall(binding, owner) : null;
        } catch (RuntimeException | StackOverflowError e) {
            runtime.log().error("cannot compute the intent key of {} ({}): {}", binding.toolName(),
                    binding.methodDisplayName(), String.valueOf(e), e);
            return runtime.failClosed() ? new RefusedCall(binding, owner) : null;
        }
        ToolFrame current = IntentScope.current();
        if (current instanceof GuardedCall && ((GuardedCall) current).binding.tool() == binding.tool()
                && keyed.key().value().equals(current.intentKey())) {
            return null;                    // an override calling super, a proxy calling its target: one call
        }
        if (binding.tool().effect() != Effect.READ && deferred.pending() && !deferredWoven() && runtime.failClosed()) {
            return new RefusedCall(binding, owner);
        }
        if (binding.tool().effect() == Effect.SIDE_EFFECT) {
            binding.seen(owner, self);
            return SideEffectCall.begin(runtime, binding, owner, self, args, keyed);
        }
        if (binding.tool().effect() == Effect.IDEMPOTENT) {
            return IdempotentCall.begin(runtime, binding, owner, keyed.key());
        }
        return null;
    }

    /**
     * During the application's start the HTTP clients and SDK loops a call may use are not woven yet: the call waits
     * for them, on the one clock of {@code store.open-timeout} it shares with its wait for the store (asking for both).
     * @return whether they are woven; if not, said once
     */
    private boolean deferredWoven() {
        java.time.Duration timeout = runtime.config().store().openTimeout();
        if (deferred.await(runtime.store().startWaiting(timeout))) {
            return true;
        }
        if (weavingLateLogged.compareAndSet(false, true)) {
            runtime.log().error("the HTTP clients and SDK retry loops loaded while the application started were not woven "
                    + "within store.open-timeout ({} ms): {}. Raise store.open-timeout if the machine is this slow to start",
                    timeout.toMillis(), runtime.failClosed()
                            ? "guarded calls answer disabled until they are (on-error: fail-closed)"
                            : "guarded calls go on until they are, their requests perhaps without an Idempotency-Key and "
                            + "their resends not held back (on-error: fail-open)");
        }
        return false;
    }

    @Override
    public void bridgeError(String where, Throwable error) {
        runtime.log().error("internal error in {} (the call went ahead unchanged): {}", where, String.valueOf(error), error);
    }
}
