package dev.intentguard.agent.log;

import com.google.auto.service.AutoService;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The SLF4J backend of the agent's private SLF4J (found by its ServiceLoader inside the agent's loader).
 * The agent and the libraries it carries (Chronicle) log through it.
 */
@AutoService(SLF4JServiceProvider.class)
public final class AgentLoggingProvider implements SLF4JServiceProvider {
    private final ILoggerFactory factory = new Loggers();
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    /**
     * One logger per name. A class, not a lambda: premain makes the first loggers, and a cold JVM spins each lambda it
     * meets (0.3-0.5 ms each here, docs/performance.md).
     */
    private static final class Loggers implements ILoggerFactory {
        private final ConcurrentHashMap<String, Logger> byName = new ConcurrentHashMap<>();

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

    @Override
    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        // nothing to set up: routing is decided per line
    }
}
