package dev.intentguard.agent.log;

import org.slf4j.event.Level;

import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the agent's log lines go. The agent's SLF4J is private (the host may have another version), so
 * each line is handed to the host's own SLF4J when the host has a working backend, found through the
 * class loader of the first guarded tool; otherwise it goes to stderr. Nothing is dropped silently: a
 * host SLF4J with no backend (NOP) counts as none.
 *
 * <p>The host's logging is never touched during premain: it is looked up at the first guarded call,
 * when the application has configured it.
 */
public final class LogRouting {
    private static final String PREFIX = "[intentguard] ";
    private static final String CHRONICLE = "net.openhft";

    private static volatile Level stderrThreshold = levelOf(System.getProperty("intentguard.log.level"), Level.INFO);
    private static volatile HostSlf4j host;
    private static volatile ClassLoader hostCandidate;
    private static volatile boolean hostLookedUp;

    private LogRouting() {
    }

    /** Offers the class loader of application code, where the host's SLF4J may be found. */
    public static void offerApplicationLoader(ClassLoader loader) {
        if (!hostLookedUp && loader != null && hostCandidate == null) {
            hostCandidate = loader;
        }
    }

    static void setStderrThreshold(Level level) {
        stderrThreshold = level;
    }

    static boolean enabled(String logger, Level level) {
        if (logger.startsWith(CHRONICLE) && level.toInt() < chronicleThreshold(logger).toInt()) {
            return false;
        }
        HostSlf4j h = host();
        if (h != null) {
            return h.enabled(logger, level);
        }
        return level.toInt() >= stderrThreshold.toInt();
    }

    /**
     * Chronicle is chatty at INFO; only its warnings matter to an operator, except the builder's warnings around a
     * recovery the agent chose to run (with the exclusivity they ask for): the agent logs its own line then.
     */
    private static Level chronicleThreshold(String logger) {
        return logger.equals("net.openhft.chronicle.map.ChronicleMapBuilder") ? Level.ERROR : Level.WARN;
    }

    static void emit(String logger, Level level, String message, Throwable error) {
        if (logger.startsWith(CHRONICLE) && level.toInt() < chronicleThreshold(logger).toInt()) {
            return;
        }
        HostSlf4j h = host();
        if (h != null && h.log(logger, level, message, error)) {
            return;
        }
        if (level.toInt() < stderrThreshold.toInt()) {
            return;
        }
        PrintStream err = System.err;
        StringBuilder line = new StringBuilder(PREFIX).append(level).append(' ').append(logger).append(" - ").append(message);
        if (error != null && level.toInt() < Level.ERROR.toInt() && stderrThreshold.toInt() > Level.DEBUG.toInt()) {
            line.append(" (").append(error).append(')');
            error = null;
        }
        synchronized (err) {
            err.println(line);
            if (error != null) {
                error.printStackTrace(err);
            }
        }
    }

    private static HostSlf4j host() {
        HostSlf4j h = host;
        if (h != null || hostLookedUp) {
            return h;
        }
        ClassLoader candidate = hostCandidate;
        if (candidate == null) {
            return null;
        }
        synchronized (LogRouting.class) {
            if (!hostLookedUp) {
                HostSlf4j found = HostSlf4j.find(candidate);
                if (found != HostSlf4j.NOT_YET) {
                    host = found;
                    hostLookedUp = true;
                }
            }
            return host;
        }
    }

    static Level levelOf(String text, Level fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return Level.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return fallback;
        }
    }

    /** The host's SLF4J, called through method handles (its version may differ from ours). */
    static final class HostSlf4j {
        static final HostSlf4j NOT_YET = new HostSlf4j(null, null, null, null);

        private final MethodHandle getLogger;
        private final Map<Level, MethodHandle> isEnabled;
        private final Map<Level, MethodHandle> log;
        private final Map<Level, MethodHandle> logWithError;
        private final Map<String, Object> loggers = new ConcurrentHashMap<>();

        private HostSlf4j(MethodHandle getLogger, Map<Level, MethodHandle> isEnabled, Map<Level, MethodHandle> log,
                          Map<Level, MethodHandle> logWithError) {
            this.getLogger = getLogger;
            this.isEnabled = isEnabled;
            this.log = log;
            this.logWithError = logWithError;
        }

        /** The host's SLF4J with a real backend, {@code null} if it has none, {@link #NOT_YET} if it is still starting. */
        static HostSlf4j find(ClassLoader loader) {
            try {
                Class<?> factory = Class.forName("org.slf4j.LoggerFactory", false, loader);
                Class<?> loggerType = Class.forName("org.slf4j.Logger", false, loader);
                Object iLoggerFactory = factory.getMethod("getILoggerFactory").invoke(null);
                String backend = iLoggerFactory == null ? "" : iLoggerFactory.getClass().getName();
                if (backend.endsWith("SubstituteLoggerFactory")) {
                    return NOT_YET;
                }
                if (backend.isEmpty() || backend.endsWith("NOPLoggerFactory")) {
                    return null;
                }
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                MethodHandle getLogger = lookup.findStatic(factory, "getLogger", MethodType.methodType(loggerType, String.class));
                Map<Level, MethodHandle> enabled = new ConcurrentHashMap<>();
                Map<Level, MethodHandle> plain = new ConcurrentHashMap<>();
                Map<Level, MethodHandle> withError = new ConcurrentHashMap<>();
                for (Level level : Level.values()) {
                    String name = level.name().toLowerCase(Locale.ROOT);
                    String is = "is" + Character.toUpperCase(name.charAt(0)) + name.substring(1) + "Enabled";
                    enabled.put(level, lookup.findVirtual(loggerType, is, MethodType.methodType(boolean.class)));
                    plain.put(level, lookup.findVirtual(loggerType, name, MethodType.methodType(void.class, String.class)));
                    withError.put(level, lookup.findVirtual(loggerType, name,
                            MethodType.methodType(void.class, String.class, Throwable.class)));
                }
                return new HostSlf4j(getLogger, enabled, plain, withError);
            } catch (ClassNotFoundException | LinkageError e) {
                return null;
            } catch (Throwable e) {
                return null;
            }
        }

        private Object logger(String name) throws Throwable {
            Object l = loggers.get(name);
            if (l == null) {
                l = getLogger.invoke(name);
                loggers.put(name, l);
            }
            return l;
        }

        boolean enabled(String name, Level level) {
            try {
                return (boolean) isEnabled.get(level).invoke(logger(name));
            } catch (Throwable t) {
                return true;
            }
        }

        boolean log(String name, Level level, String message, Throwable error) {
            try {
                Object l = logger(name);
                if (error == null) {
                    log.get(level).invoke(l, message);
                } else {
                    logWithError.get(level).invoke(l, message, error);
                }
                return true;
            } catch (Throwable t) {
                return false;
            }
        }
    }
}
