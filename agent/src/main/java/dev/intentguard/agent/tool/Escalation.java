package dev.intentguard.agent.tool;

import dev.intentguard.agent.json.AgentJson;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.tool.bind.ToolBinding;

import java.lang.reflect.Method;
import java.util.Map;

/**
 * An intent that needs a person, said once: a retry budget that ran out, an intent still unknown after
 * {@code reconcile.escalate-after} (requires_reconciliation). Once per intent, across every JVM on the store (a flag in
 * the record, set with compare-and-set): the WARN line on {@code intentguard.intent}, a JMX notification from
 * {@code dev.intentguard:type=Tools} ({@code intentguard.escalation}), and the tool's own {@code escalate:} method, called
 * on the reconciler's thread with the intent key and the key's values by argument name, so that a team can page someone
 * or open a ticket. The method's failure is logged; nothing of it reaches a call.
 */
final class Escalation {
    private final ToolRuntime runtime;

    Escalation(ToolRuntime runtime) {
        this.runtime = runtime;
    }

    /**
     * Escalates {@code record} (stored under {@code key}) once. {@code binding}, {@code owner} and {@code instance} are the
     * tool's, to call its escalate method ({@code null} when not known: the line and the notification still go).
     *
     * @return the record now stored (escalated), or {@code record} when another JVM or call escalated it first, or it
     *         changed meanwhile
     */
    IntentRecord escalate(IntentStore store, String key, IntentRecord record, String why, ToolBinding binding, Class<?> owner,
                          Object instance) {
        if (record.escalated()) {
            return record;
        }
        IntentRecord escalated = record.asEscalated();
        try {
            if (!store.replace(key, record, escalated)) {
                return record;
            }
        } catch (RuntimeException e) {
            runtime.storeError(e, "The escalation of " + key + " was not recorded; it is said again when it is next seen.");
            return record;
        }
        announce(key, record, why, binding, owner, instance);
        return escalated;
    }

    /**
     * Says that {@code record} (stored under {@code key}, already marked escalated by the caller, in the same store write
     * as its outcome) needs a person: the WARN line, the JMX notification, the tool's escalate method.
     */
    void announce(String key, IntentRecord record, String why, ToolBinding binding, Class<?> owner, Object instance) {
        if (record.unknown()) {
            runtime.intentLog().warn("{} tool={} key={} escalated: {}; a person should check it with the provider, then run: "
                    + "java -jar intentguard-agent.jar resolve --store {} --key {} --as done|failed", record.status().displayName(),
                    record.tool(), key, why, runtime.config().store().description(), key);
        } else {
            runtime.intentLog().warn("escalated tool={} key={}: {}; nothing was processed: a person should find out why the "
                    + "provider refuses it", record.tool(), key, why);
        }
        runtime.recorder().escalated(record.tool(), key, record.status().displayName(), why);
        String method = binding == null ? null : binding.tool().escalate();
        if (method != null && owner != null) {
            runtime.reconciler().submit(() -> callEscalate(owner, instance, method, key, record.keyArgs()));
        }
    }

    /** The tool's {@code escalate(String intentKey, Map<String, Object> keyArguments)} (or {@code (String)}), on this thread. */
    private void callEscalate(Class<?> owner, Object instance, String name, String key, String keyArgs) {
        try {
            Method m = find(owner, name);
            if (m == null) {
                runtime.log().warn("escalate method {} of {} not found: it takes (String intentKey, Map<String, Object> "
                        + "keyArguments) or (String intentKey); the escalation was logged only", name, owner.getName());
                return;
            }
            if (!java.lang.reflect.Modifier.isStatic(m.getModifiers()) && instance == null) {
                runtime.log().warn("escalate method {} of {} was not called for {}: no instance of the tool is known in this JVM",
                        name, owner.getName(), key);
                return;
            }
            m.setAccessible(true);
            Object target = java.lang.reflect.Modifier.isStatic(m.getModifiers()) ? null : instance;
            if (m.getParameterCount() == 2) {
                @SuppressWarnings("unchecked")
                Map<String, Object> values = keyArgs == null ? Map.of() : AgentJson.mapper().readValue(keyArgs, Map.class);
                m.invoke(target, key, values);
            } else {
                m.invoke(target, key);
            }
        } catch (java.lang.reflect.InvocationTargetException e) {
            runtime.log().warn("escalate method {} of {} failed for {}: {}", name, owner.getName(), key,
                    String.valueOf(e.getCause()), e.getCause());
        } catch (Exception | LinkageError e) {
            runtime.log().warn("escalate method {} of {} could not run for {}: {}", name, owner.getName(), key, String.valueOf(e));
        }
    }

    private static Method find(Class<?> owner, String name) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (!m.getName().equals(name)) {
                    continue;
                }
                Class<?>[] p = m.getParameterTypes();
                if ((p.length == 2 && p[0] == String.class && p[1] == Map.class) || (p.length == 1 && p[0] == String.class)) {
                    return m;
                }
            }
        }
        return null;
    }
}
