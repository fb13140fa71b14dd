package dev.intentguard.bridge;

import java.lang.invoke.MethodHandle;

/**
 * What a tool method calls on entry while the application starts, before the agent has woven it: the agent leaves Byte
 * Buddy unloaded until the start has settled, and gives a tool class only a short prologue as it loads
 * ({@code if (StartGuard.active()) return StartGuard.reenter(...)}). A call made during the start asks for the weaving,
 * waits for it, and enters the method again, woven: it is guarded like any other. Once the classes are woven the
 * prologue is gone (retransformation starts from the class file as it was); the agent handles one that stays.
 */
public final class StartGuard {
    /** The agent's side: waits for the weaving, then calls the method again. */
    public interface Reentry {
        Object reenter(Class<?> owner, String name, String descriptor, Object self, Object[] args) throws Throwable;
    }

    private static volatile Reentry reentry;
    /** Set while a method runs its own body through {@link #runUnwoven}: its prologue lets it through. */
    private static final ThreadLocal<Boolean> UNWOVEN = new ThreadLocal<>();

    private StartGuard() {
    }

    /** The agent installs its side as it starts; only the first call wins. */
    public static synchronized boolean install(Reentry agentReentry) {
        if (reentry != null || agentReentry == null) {
            return false;
        }
        reentry = agentReentry;
        return true;
    }

    /**
     * Whether the method being entered goes through {@link #reenter}: always once the agent is installed (a prologue
     * is only in a version of a method that is not woven), but for a body run as it is ({@link #runUnwoven}).
     */
    public static boolean active() {
        return reentry != null && UNWOVEN.get() == null;
    }

    /** Enters the method again once woven; returns what it returns (boxed), throws what it throws. */
    public static Object reenter(Class<?> owner, String name, String descriptor, Object self, Object[] args) throws Throwable {
        return reentry.reenter(owner, name, descriptor, self, args);
    }

    /** Runs {@code method} (bound to its receiver) with its prologue passing through: the weaving did not come in time. */
    public static Object runUnwoven(MethodHandle method, Object[] args) throws Throwable {
        UNWOVEN.set(Boolean.TRUE);
        try {
            return method.invokeWithArguments(args);
        } finally {
            UNWOVEN.remove();
        }
    }
}
