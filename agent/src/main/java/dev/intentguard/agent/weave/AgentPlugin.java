package dev.intentguard.agent.weave;

import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import java.util.Set;

/**
 * One instrumentation: the tool guard, or the hooks for one HTTP client, SDK or retry library
 * ({@code http/<client>}, {@code retry/<library>}). Library plugins are listed in the agent jar's service file,
 * read by {@link PluginList} inside the agent's own loader; {@code @AutoService(AgentPlugin.class)} on the plugin class
 * writes its entry at compile time.
 *
 * <p>Every class the JVM loads is offered to {@link #mayTransform} first, with its raw bytes: that call
 * must be cheap (a set lookup, a constant-pool walk). Only then Byte Buddy describes the type and
 * {@link #matches}/{@link #transform} run.
 */
public interface AgentPlugin {

    /** Short name for logs, e.g. {@code okhttp}. */
    String name();

    /**
     * The cheap gate. {@code loader} is {@code null} for the bootstrap loader; JDK classes are offered
     * only to plugins that say {@link #instrumentsJdkClasses()}.
     *
     * @param internalName the class name with slashes, e.g. {@code okhttp3/OkHttpClient$Builder}
     * @param classFile the class file, or {@code null} when asked about a class that is already loaded
     */
    boolean mayTransform(ClassLoader loader, String internalName, byte[] classFile);

    /**
     * The classes (internal names) {@link #mayTransform} can say yes to, when they are known in advance; {@code null},
     * the default, for a plugin that must see every class (the tool plugin). The gate asks such a plugin about these
     * classes only: one hash lookup per class loaded for all of them together, rather than a call to each (the gate runs
     * for every class of the application's start, much of it before the JIT has compiled it).
     */
    default Set<String> claimedClasses() {
        return null;
    }

    /** Whether this plugin transforms {@code type} (described by Byte Buddy from its class file). */
    boolean matches(TypeDescription type, ClassLoader loader);

    /** Adds this plugin's advice to {@code type}. */
    DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader);

    /**
     * {@code true} if what it weaves acts only inside a guarded tool call, entered after the call began (an HTTP
     * client's key and resend check, an SDK's retry loop, the tool's scope carried to an executor, the socket watch).
     * Its classes that load while the application starts are woven once the start has settled, or when the first
     * guarded call begins, which waits for them ({@link DeferredWeaving}): the start does not pay Byte Buddy for them.
     * A retry framework's plugin is not call-scoped (its loop's decisions may follow a tool call rather than run inside
     * one) but is left for later too ({@link #whileStarting}); a plugin whose code wraps the framework's own call of a
     * tool gives a trampoline for the start ({@link #whileStarting}: Spring AI's, LangChain4j's, MCP's).
     */
    default boolean actsInsideToolCalls() {
        return false;
    }

    /**
     * A class this plugin claims while the application starts, when Byte Buddy is not loaded yet (plugins that
     * {@link #actsInsideToolCalls} are not asked: their classes are left as they are). {@code null}, the default: woven
     * with Byte Buddy now, which loads it (a plugin whose advice code running during the start needs, and that cannot
     * wait). Otherwise the class file to define for now ({@code classFile} itself to leave the class as it is, or a light
     * rewrite: a tool method's {@link StartTrampoline}); the class is woven by retransformation once the start has
     * settled or a guarded call asks ({@link Weaver#weaveDeferred}).
     */
    default byte[] whileStarting(ClassLoader loader, String internalName, byte[] classFile) {
        return null;
    }

    /** {@code true} if it instruments classes of the bootstrap or platform loader (the JDK's own). */
    default boolean instrumentsJdkClasses() {
        return false;
    }

    /**
     * The library versions this plugin supports, or {@code null} (the JDK's own classes, or a plugin that checks the
     * shape it needs itself). A class loader holding a version outside the range is left alone, with one INFO line.
     */
    default SupportedLibrary library() {
        return null;
    }

    /**
     * Packages of the JDK's own modules that this plugin's classes use although their module does not export them
     * (HttpURLConnection's {@code sun.net.www}): exported to this plugin's class loaders when they are made, to no one
     * else, so its called advice can use them from outside {@code java.base}.
     */
    default Set<String> jdkInternals() {
        return Set.of();
    }

    /** Called once when the agent starts, before any class is offered. */
    default void start(PluginContext context) {
    }
}
