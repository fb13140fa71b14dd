package dev.intentguard.agent.log;

import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** A logger of the agent's private SLF4J; every line goes through {@link LogRouting}. */
final class AgentLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    AgentLogger(String name) {
        this.name = name;
    }

    @Override
    public boolean isTraceEnabled() {
        return LogRouting.enabled(name, Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return LogRouting.enabled(name, Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return LogRouting.enabled(name, Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return LogRouting.enabled(name, Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return LogRouting.enabled(name, Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String messagePattern, Object[] arguments,
                                               Throwable throwable) {
        String message = MessageFormatter.basicArrayFormat(messagePattern, arguments);
        LogRouting.emit(name, level, message, throwable);
    }
}
