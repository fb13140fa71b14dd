package dev.intentguard.agent.log;

import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's loggers, one per name. The agent's own classes take theirs here rather than from SLF4J's
 * {@code LoggerFactory}: its first use looks for providers with {@code ServiceLoader} and searches the loader for old
 * static bindings (20 classes more, ~1.5 ms of premain in a cold JVM, docs/performance.md), and premain makes the first
 * loggers. The libraries the agent carries that log through SLF4J (Chronicle, Jedis; pgjdbc uses
 * {@code java.util.logging}) still go through {@code LoggerFactory}, later, on the thread that opens the store; it finds
 * {@link AgentLoggingProvider}, whose factory is this one.
 *
 * <p>A class, not a lambda: a cold JVM spins each lambda it meets (0.3-0.5 ms each here).
 */
public final class AgentLoggers implements ILoggerFactory {
    static final AgentLoggers INSTANCE = new AgentLoggers();

    private final ConcurrentHashMap<String, Logger> byName = new ConcurrentHashMap<>();

    private AgentLoggers() {
    }

    /** The agent's logger of this name ({@code intentguard}, {@code intentguard.http}...). */
    public static Logger named(String name) {
        return INSTANCE.getLogger(name);
    }

    @Override
    public Logger getLogger(String name) {
        Logger logger = byName.get(name);
        if (logger == null) {
            Logger made = new AgentLogger(name);
            logger = byName.putIfAbsent(name, made);
            if (logger == null) {
                logger = made;
            }
        }
        return logger;
    }
}
