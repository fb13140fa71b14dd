package dev.intentguard.agent.tool;

import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.tool.bind.ToolCatalog;
import dev.intentguard.agent.tool.bind.ToolResolver;
import dev.intentguard.agent.weave.StartTrampoline;
import dev.intentguard.api.ToolDisabledException;
import dev.intentguard.bridge.StartGuard;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A method entered through its {@code StartTrampoline} (a tool method, or a framework's entry to a chat, loaded while the
 * application started): waits for the weaving like any guarded call ({@link WeavingWait}), then calls the method again,
 * non-virtually (an override's own prologue already ran, or it called {@code super}), now woven.
 *
 * <p>The prologue stays in a method version that was not re-woven, so it keeps coming here after the start too: a thread
 * that entered the method just before its class was re-woven gets the woven version; a class whose re-weaving failed,
 * or that was defined too late for it, is re-woven here on the calling thread. If the method comes back unwoven all
 * the same, or the weaving did not come within {@code store.open-timeout}: a method that may be a guarded tool, or
 * that runs a guarded tool by name (a {@link StartTrampoline.ToolRunner}: MCP's handler; a tool hinted read is not
 * one, as woven), answers {@code disabled} under fail-closed, as a woven call would (as data to a tool that returns
 * text, a map or a JSON node, else as {@link ToolDisabledException}); otherwise its body runs as it is, with one ERROR
 * for tools and one for other methods.
 */
final class StartReentry implements StartGuard.Reentry {
    /** The method this thread is entering again: if its prologue comes back here, it is not woven. */
    private static final ThreadLocal<String> ENTERING = new ThreadLocal<>();
    private static final String AGAIN = " again";

    private final ToolRuntime runtime;
    private final WeavingWait weaving;
    private final Instrumentation instrumentation;
    private final Set<String> guardedNames;
    /** The tool annotations (class names). */
    private final Set<String> markers;
    /** The tools of a class as its weaving will find them, read once per class (a refused call is often repeated). */
    private final ClassValue<List<ToolResolver.Resolved>> resolvedByClass;
    /** The tools frameworks register by name (MCP's), for a {@link StartTrampoline.ToolRunner}'s call. */
    private final NamedTools namedTools;
    private final AtomicBoolean unwovenToolLogged = new AtomicBoolean();
    private final AtomicBoolean unwovenOtherLogged = new AtomicBoolean();

    StartReentry(ToolRuntime runtime, WeavingWait weaving, Instrumentation instrumentation, Set<String> guardedNames,
                 Set<String> markers, ToolCatalog catalog, NamedTools namedTools) {
        this.runtime = runtime;
        this.namedTools = namedTools;
        this.resolvedByClass = new ClassValue<>() {
            @Override
            protected List<ToolResolver.Resolved> computeValue(Class<?> owner) {
                // made here, not in premain (see ToolPlugin#catalog)
                return new ToolResolver(catalog).resolveClassFile(owner.getClassLoader(), owner.getName());
            }
        };
        this.weaving = weaving;
        this.instrumentation = instrumentation;
        this.guardedNames = guardedNames;
        this.markers = markers;
    }

    @Override
    public Object reenter(Class<?> owner, String name, String descriptor, Object self, Object[] args) throws Throwable {
        String key = owner.getName() + "#" + name + descriptor;
        String entering = ENTERING.get();
        boolean cameBack = key.equals(entering) || (key + AGAIN).equals(entering);
        if (key.equals(entering) && rewove(owner)) {
            ENTERING.set(key + AGAIN);              // should it come back once more, it is run as it is
            try {
                return method(owner, name, descriptor, self).invokeWithArguments(args);
            } finally {
                ENTERING.set(entering);
            }
        }
        boolean woven = !cameBack && weaving.woven();
        if (!woven) {
            return unwoven(owner, name, descriptor, self, args, cameBack);
        }
        ENTERING.set(key);
        try {
            return method(owner, name, descriptor, self).invokeWithArguments(args);
        } finally {
            ENTERING.set(entering);
        }
    }

    /** Re-weaves the class of a method that came back unwoven; whether that worked (its prologue is gone then). */
    private boolean rewove(Class<?> owner) {
        try {
            instrumentation.retransformClasses(owner);
            return true;
        } catch (Exception | LinkageError e) {
            return false;
        }
    }

    private Object unwoven(Class<?> owner, String name, String descriptor, Object self, Object[] args, boolean cameBack)
            throws Throwable {
        StartTrampoline.ToolRunner runner = StartTrampoline.toolRunner(owner, name, descriptor);
        String runs = null;             // the tool a runner runs, when it says
        boolean tool;
        if (runner != null) {
            try {
                StartTrampoline.NamedTool named = runner.tool(args);
                ToolBinding binding = namedTools.binding(named.framework(), named.name(), named.hintedEffect());
                tool = binding != null && binding.tool().effect() != Effect.READ;   // what its woven call would guard
                runs = binding != null ? binding.toolName() : named.name();
            } catch (Exception | LinkageError e) {
                tool = true;            // cannot tell which tool: fail-closed refuses it
            }
        } else {
            tool = mayBeTool(owner, name, descriptor);
        }
        if ((tool ? unwovenToolLogged : unwovenOtherLogged).compareAndSet(false, true)) {
            runtime.log().error("{}#{} runs without its weaving ({}): {}", owner.getName(), name, cameBack
                    ? "its class could not be re-woven" : "the weaving did not come within store.open-timeout",
                    !tool ? "it is not a guarded tool itself and runs as it is; said once for such methods"
                            : runtime.failClosed() ? "its calls answer disabled (on-error: fail-closed); said once for tools"
                            : "its calls run unguarded (on-error: fail-open); said once for tools");
        }
        if (tool && runtime.failClosed()) {
            ToolResolver.Resolved resolved = runner == null ? resolved(owner, name, descriptor) : null;
            String toolName = runs != null ? runs : resolved == null || resolved.tool == null ? owner.getName() + "#" + name
                    : resolved.tool.name();
            if (resolved != null && resolved.shape != null && resolved.shape.carriesStatus()) {
                Object reply = StatusReply.cannotGuard(toolName).answer(resolved.shape, toolName, owner);
                if (returnable(owner, descriptor, reply)) {
                    return reply;
                }
            }
            throw StatusReply.cannotGuard(toolName).exception(toolName, null);
        }
        return StartGuard.runUnwoven(method(owner, name, descriptor, self), args);
    }

    /**
     * The method as the weaving would find it (its tool, its return shape), read from its class file: bound, or with the
     * problem that keeps it from being bound (woven all the same, such a call answers disabled too); {@code null} when it
     * is not found (then the refusal is thrown: nothing says what the caller can take as data).
     */
    private ToolResolver.Resolved resolved(Class<?> owner, String name, String descriptor) {
        try {
            for (ToolResolver.Resolved r : resolvedByClass.get(owner)) {
                if (r.method != null && r.method.getName().equals(name) && r.method.getDescriptor().equals(descriptor)) {
                    return r;
                }
            }
        } catch (RuntimeException | LinkageError e) {
            runtime.log().debug("could not read the tools of {} to answer its refused call: {}", owner.getName(), e);
        }
        return null;
    }

    /** Whether the prologue's cast to the method's return type takes {@code reply}: never a ClassCastException in the host. */
    private static boolean returnable(Class<?> owner, String descriptor, Object reply) {
        try {
            return MethodType.fromMethodDescriptorString(descriptor, owner.getClassLoader()).returnType().isInstance(reply);
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** A configured tool's method name, or a tool annotation on it: what fail-closed refuses. */
    private boolean mayBeTool(Class<?> owner, String name, String descriptor) {
        if (guardedNames.contains(name)) {
            return true;
        }
        try {
            MethodType type = MethodType.fromMethodDescriptorString(descriptor, owner.getClassLoader());
            java.lang.reflect.Method m = owner.getDeclaredMethod(name, type.parameterArray());
            for (java.lang.annotation.Annotation a : m.getAnnotations()) {
                if (markers.contains(a.annotationType().getName())) {
                    return true;
                }
            }
            return false;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return true;
        }
    }

    /**
     * The method itself (this version, not an override), bound to its receiver, of fixed arity (a varargs method gets
     * its array as it came); its package opened to the agent first if it is in a named module.
     */
    private MethodHandle method(Class<?> owner, String name, String descriptor, Object self) throws ReflectiveOperationException {
        MethodType type = MethodType.fromMethodDescriptorString(descriptor, owner.getClassLoader());
        Module module = owner.getModule();
        if (module.isNamed() && !module.isOpen(owner.getPackageName(), StartReentry.class.getModule())) {
            instrumentation.redefineModule(module, Set.of(), Map.of(), Map.of(owner.getPackageName(),
                    Set.of(StartReentry.class.getModule())), Set.of(), Map.of());
        }
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
        MethodHandle m = self == null ? lookup.findStatic(owner, name, type) : lookup.findSpecial(owner, name, type, owner).bindTo(self);
        return m.asFixedArity();
    }
}
