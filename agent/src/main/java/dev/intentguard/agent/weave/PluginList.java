package dev.intentguard.agent.weave;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The library plugins the agent jar lists in {@code META-INF/services/dev.intentguard.agent.weave.AgentPlugin} (the
 * file {@code @AutoService(AgentPlugin.class)} writes at compile time), made in the agent's own loader.
 *
 * <p>Read straight from the jar rather than through {@link java.util.ServiceLoader}, which asks the parent loaders
 * first (opening the JDK's module image to look for providers there) and reads the file through a {@code jar:} URL
 * connection: 2 ms of premain, which makes the plugins (docs/performance.md). The agent's loader has one copy of the
 * file, its jar's, so there is nothing to merge as {@code ServiceLoader} would.
 */
public final class PluginList {
    static final String FILE = "META-INF/services/" + AgentPlugin.class.getName();

    private PluginList() {
    }

    /**
     * Every plugin listed, in the file's order. A plugin that cannot be made stops the agent's start (premain reports
     * it and the application runs without the agent), as {@code ServiceLoader}'s error did: it is a broken build.
     */
    public static List<AgentPlugin> load(ClassLoader loader) {
        List<String> listed;
        try {
            listed = names(loader);
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        List<AgentPlugin> plugins = new ArrayList<>();
        for (String name : listed) {
            try {
                Class<?> type = Class.forName(name, false, loader);      // checked before its initializer runs
                if (!AgentPlugin.class.isAssignableFrom(type)) {
                    throw new IllegalStateException("the plugin " + name + " listed in " + FILE + " is not an AgentPlugin");
                }
                plugins.add((AgentPlugin) type.getDeclaredConstructor().newInstance());
            } catch (InvocationTargetException e) {
                throw new IllegalStateException("cannot make the plugin " + name + ": " + e.getCause(), e.getCause());
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new IllegalStateException("cannot make the plugin " + name + ": " + e, e);
            }
        }
        return plugins;
    }

    static List<String> names(ClassLoader loader) throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = loader.getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IOException(FILE + " is missing from the agent jar (it was not built by agent/pom.xml)");
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                int comment = line.indexOf('#');
                String name = (comment >= 0 ? line.substring(0, comment) : line).trim();
                if (!name.isEmpty() && !names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }
}
