package dev.intentguard.agent.background;

import java.util.concurrent.ThreadFactory;

/**
 * The threads of the agent's executors: named, daemon (they never keep a host's JVM alive), and with the agent's own
 * class loader as their context loader ({@link #named}), so that such a thread does not hold on to whichever application
 * loader happened to start it; {@link #inheritingContext} keeps the starter's (the config watch's and the descriptions'
 * read-ahead threads, as they always had). One class for them all rather than a lambda per executor: premain builds
 * several, and a cold JVM spins each lambda it meets (0.3-0.5 ms each here, docs/performance.md).
 */
public final class AgentThreads implements ThreadFactory {
    private final String name;
    private final boolean agentContext;

    private AgentThreads(String name, boolean agentContext) {
        this.name = name;
        this.agentContext = agentContext;
    }

    /** Threads named {@code name} with the agent's class loader as their context loader. */
    public static AgentThreads named(String name) {
        return new AgentThreads(name, true);
    }

    /** Threads named {@code name} that keep the context loader of the thread that starts them. */
    public static AgentThreads inheritingContext(String name) {
        return new AgentThreads(name, false);
    }

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        if (agentContext) {
            t.setContextClassLoader(AgentThreads.class.getClassLoader());
        }
        return t;
    }
}
