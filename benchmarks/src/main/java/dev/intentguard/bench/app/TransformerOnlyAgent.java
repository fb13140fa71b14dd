package dev.intentguard.bench.app;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * A control of the start-up benchmarks: a {@code -javaagent} (target/transformer-only-agent.jar) that registers one
 * class file transformer which changes nothing. Every class the JVM loads afterwards is copied into a Java array and
 * handed to it, as to any agent that weaves classes as they load: what that costs an application is the floor of any
 * such agent, intentguard's included. Retransform-capable, as intentguard's is; with the argument {@code plain}, not
 * (then the JVM has no retransformation environment for it).
 */
public final class TransformerOnlyAgent {
    private TransformerOnlyAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) {
        instrumentation.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                                    byte[] classFile) {
                return null;
            }
        }, !"plain".equals(arguments));
    }
}
