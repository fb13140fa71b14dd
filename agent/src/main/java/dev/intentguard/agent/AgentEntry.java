package dev.intentguard.agent;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.function.Consumer;

/**
 * What premain calls in the agent's own loader: the bridge first, then the core. One call through a JDK interface
 * instead of a reflective call per step: on JDK 18 and later each new reflective call shape costs a few milliseconds
 * of method-handle set-up in a cold JVM, which premain paid once per step.
 *
 * <p>The argument is {@code {String arguments, Instrumentation, File agentJar, Boolean attached, Long startNanos}}.
 */
public final class AgentEntry implements Consumer<Object[]> {
    @Override
    public void accept(Object[] a) {
        Instrumentation instrumentation = (Instrumentation) a[1];
        try {
            BootstrapBridge.inject(instrumentation, (File) a[2]);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new UndeclaredThrowableException(e);                   // premain reports the cause
        }
        // Only now may a class that refers to the bridge load.
        AgentStartup.start((String) a[0], instrumentation, (Boolean) a[3], (Long) a[4]);
    }
}
