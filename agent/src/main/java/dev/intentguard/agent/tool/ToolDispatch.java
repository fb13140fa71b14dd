package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.key.KeyRecipe;
import dev.intentguard.agent.log.LogRouting;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import dev.intentguard.bridge.ToolHooks;

import java.util.Map;

/** What the advice in every tool method, and around every tool registered by name, calls (through the Dispatcher). */
final class ToolDispatch implements ToolHooks {
    private final ToolRuntime runtime;
    private final NamedTools named;
    private final WeavingWait weaving;
    private final java.util.Set<Integer> unreadableLogged = java.util.concurrent.ConcurrentHashMap.newKeySet();

    ToolDispatch(ToolRuntime runtime, NamedTools named, WeavingWait weaving) {
        this.runtime = runtime;
        this.named = named;
        this.weaving = weaving;
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
        // during the start the HTTP clients and SDK loops the call may use may not be woven yet: it waits for them
        if (binding.tool().effect() != Effect.READ && !weaving.woven() && runtime.failClosed()) {
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

    @Override
    public void bridgeError(String where, Throwable error) {
        runtime.log().error("internal error in {} (the call went ahead unchanged): {}", where, String.valueOf(error), error);
    }
}
