package dev.intentguard.bridge;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The one entry of advice that is called rather than inlined: its woven {@code invokedynamic} instructions bootstrap
 * here, and the agent links each to the advice method, loaded in a class loader of the plugin's own that sees both
 * the agent and the instrumented library. So plugin code may use the library's types and the agent's classes
 * directly, and nothing feature-specific has to live on the bootstrap path.
 *
 * <p>Never fails: without an agent, or when the agent cannot link the advice, the call site does nothing and answers
 * the default value of its type ({@code false}, {@code 0}, {@code null}).
 */
public final class AdviceBootstrap {
    /** What the agent implements: the method handle of an advice method, of exactly {@code type}. */
    public interface Linker {
        MethodHandle link(MethodHandles.Lookup caller, String plugin, String adviceClass, String method, MethodType type);
    }

    private static volatile Linker linker;

    private AdviceBootstrap() {
    }

    /** Installs the agent's linker; only the first call wins. */
    public static synchronized boolean install(Linker agentLinker) {
        if (linker != null || agentLinker == null) {
            return false;
        }
        linker = agentLinker;
        return true;
    }

    /** The bootstrap method of every woven advice call: {@code plugin} and {@code adviceClass} name the advice. */
    public static CallSite bootstrap(MethodHandles.Lookup caller, String method, MethodType type, String plugin,
                                     String adviceClass) {
        MethodHandle target = null;
        Linker l = linker;
        if (l != null) {
            try {
                target = l.link(caller, plugin, adviceClass, method, type);
            } catch (Throwable ignored) {
                // the linker reports its own failures; the call site does nothing
            }
        }
        if (target == null || !target.type().equals(type)) {
            target = MethodHandles.empty(type);
        }
        return new ConstantCallSite(target);
    }
}
