package dev.intentguard.agent.tool;

import dev.intentguard.api.ToolDisabledException;
import dev.intentguard.bridge.StartGuard;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.Set;

/**
 * A tool method entered while the application starts, through its {@code StartTrampoline}: waits for the weaving like
 * any guarded call ({@link WeavingWait}), then calls the method again, non-virtually (an override's own prologue already
 * ran, or it called {@code super}), now woven. If the weaving does not come within {@code store.open-timeout}: the body
 * runs as it is under fail-open (with the one ERROR), and the call answers {@link ToolDisabledException} under
 * fail-closed.
 */
final class StartReentry implements StartGuard.Reentry {
    private final ToolRuntime runtime;
    private final WeavingWait weaving;
    private final Instrumentation instrumentation;

    StartReentry(ToolRuntime runtime, WeavingWait weaving, Instrumentation instrumentation) {
        this.runtime = runtime;
        this.weaving = weaving;
        this.instrumentation = instrumentation;
    }

    @Override
    public Object reenter(Class<?> owner, String name, String descriptor, Object self, Object[] args) throws Throwable {
        boolean woven = weaving.woven();
        if (!woven && runtime.failClosed()) {
            throw new ToolDisabledException(owner.getName() + "#" + name, null, null);
        }
        MethodHandle method;
        try {
            method = method(owner, name, descriptor, self);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // never the host's problem: call it through reflection (an override, if any, runs instead of this method)
            runtime.log().error("could not enter {}#{} again after its weaving ({}); it is called through reflection",
                    owner.getName(), name, String.valueOf(e));
            method = reflected(owner, name, descriptor, self);
        }
        return woven ? method.invokeWithArguments(args) : StartGuard.runUnwoven(method, args);
    }

    private static MethodHandle reflected(Class<?> owner, String name, String descriptor, Object self)
            throws ReflectiveOperationException {
        MethodType type = MethodType.fromMethodDescriptorString(descriptor, owner.getClassLoader());
        java.lang.reflect.Method m = owner.getDeclaredMethod(name, type.parameterArray());
        m.setAccessible(true);
        MethodHandle handle = MethodHandles.lookup().unreflect(m);
        return self == null ? handle : handle.bindTo(self);
    }

    /** The method itself, bound to its receiver; its package opened to the agent first if it is in a named module. */
    private MethodHandle method(Class<?> owner, String name, String descriptor, Object self) throws ReflectiveOperationException {
        MethodType type = MethodType.fromMethodDescriptorString(descriptor, owner.getClassLoader());
        Module module = owner.getModule();
        if (module.isNamed() && !module.isOpen(owner.getPackageName(), StartReentry.class.getModule())) {
            instrumentation.redefineModule(module, Set.of(), Map.of(), Map.of(owner.getPackageName(),
                    Set.of(StartReentry.class.getModule())), Set.of(), Map.of());
        }
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
        return self == null ? lookup.findStatic(owner, name, type) : lookup.findSpecial(owner, name, type, owner).bindTo(self);
    }
}
