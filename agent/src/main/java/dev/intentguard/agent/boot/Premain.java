package dev.intentguard.agent.boot;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.util.function.Consumer;

/**
 * {@code Premain-Class} and {@code Agent-Class}. Kept tiny: it runs in the application's system class
 * loader, so it touches nothing but the JDK.
 */
public final class Premain {
    private static final String ENTRY = "dev.intentguard.agent.AgentEntry";

    private Premain() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) {
        start(arguments, instrumentation, false);
    }

    public static void agentmain(String arguments, Instrumentation instrumentation) {
        start(arguments, instrumentation, true);
    }

    private static void start(String arguments, Instrumentation instrumentation, boolean attached) {
        long startNanos = System.nanoTime();
        try {
            File jar = AgentJar.locate();
            ClassLoader core = AgentJar.isolatedLoader(jar, null);
            // The bridge (agent-api) must be visible to every class we weave advice into, JDK classes included: the
            // entry injects it into the boot loader before the core starts.
            @SuppressWarnings("unchecked")
            Consumer<Object[]> entry = (Consumer<Object[]>) Class.forName(ENTRY, true, core).getDeclaredConstructor()
                    .newInstance();
            entry.accept(new Object[] {arguments, instrumentation, jar, attached, startNanos});
        } catch (Throwable t) {
            Throwable cause = t instanceof java.lang.reflect.InvocationTargetException
                    || t instanceof java.lang.reflect.UndeclaredThrowableException ? t.getCause() : t;
            System.err.println("[intentguard] ERROR the agent could not start (" + cause
                    + "); the application runs without intentguard.");
            if (Boolean.getBoolean("intentguard.debug")) {
                cause.printStackTrace();
            }
        }
    }
}
