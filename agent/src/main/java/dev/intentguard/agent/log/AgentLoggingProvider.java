package dev.intentguard.agent.log;

import com.google.auto.service.AutoService;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The SLF4J backend of the agent's private SLF4J (found by its ServiceLoader inside the agent's loader).
 * The libraries the agent carries that log through SLF4J (Chronicle, Jedis) log through it, to the agent's own loggers
 * ({@link AgentLoggers}, which the agent's classes use directly).
 */
@AutoService(SLF4JServiceProvider.class)
public final class AgentLoggingProvider implements SLF4JServiceProvider {
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    @Override
    public ILoggerFactory getLoggerFactory() {
        return AgentLoggers.INSTANCE;
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
