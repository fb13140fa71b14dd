package dev.intentguard.agent.retry;

import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.SupportedLibrary;

/**
 * A retry framework's plugin (Resilience4j, Spring Retry, Spring Framework's core retry, Failsafe, SmallRye): its advice
 * sits on the loop's decision whether to go again, a method that runs after an attempt has ended. Whatever it decides
 * or records concerns a guarded call that has begun (one running inside the attempt, or the tool the attempt called),
 * and a guarded call waits at its start for the classes left while the application started to be woven. So its classes
 * are left as they are during the start and woven by retransformation after it, like the HTTP clients': an application
 * that builds its retry policies while it starts no longer loads Byte Buddy for them then.
 */
public abstract class RetryFrameworkPlugin extends ExactNamePlugin {
    protected RetryFrameworkPlugin(String name, SupportedLibrary library, String... classNames) {
        super(name, library, classNames);
    }

    /** The class file as it is, for now: woven once the start has settled or the first guarded call asks. */
    @Override
    public final byte[] whileStarting(ClassLoader loader, String internalName, byte[] classFile) {
        return classFile;
    }
}
