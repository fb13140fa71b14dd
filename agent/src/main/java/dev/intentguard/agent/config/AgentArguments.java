package dev.intentguard.agent.config;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The agent's start-up arguments: {@code -javaagent:intentguard-agent.jar=config=PATH[,on-error=fail-closed]}.
 * The config path may also come from {@code -Dintentguard.config} or {@code INTENTGUARD_CONFIG}; the agent
 * argument wins, then the system property, then the environment.
 */
public final class AgentArguments {
    private final Map<String, String> values;

    private AgentArguments(Map<String, String> values) {
        this.values = values;
    }

    public static AgentArguments parse(String arguments) {
        Map<String, String> values = new LinkedHashMap<>();
        if (arguments != null && !arguments.isBlank()) {
            for (String part : arguments.split(",")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    values.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
                } else if (!part.isBlank()) {
                    // a bare value is the config path: -javaagent:intentguard-agent.jar=intentguard.yaml
                    values.put("config", part.trim());
                }
            }
        }
        return new AgentArguments(values);
    }

    /** The config file, or {@code null} when none is given anywhere. */
    public Path configPath() {
        String path = values.get("config");
        if (path == null || path.isBlank()) {
            path = System.getProperty("intentguard.config");
        }
        if (path == null || path.isBlank()) {
            path = System.getenv("INTENTGUARD_CONFIG");
        }
        return path == null || path.isBlank() ? null : Path.of(path);
    }

    /**
     * {@code test-kit=DIR}: started by the intentguard-junit kit, which keeps the store in {@code DIR} (whatever the
     * config says) and asks for the {@code TestKit} MBean; {@code null} otherwise.
     */
    public Path testKitFolder() {
        String dir = values.get("test-kit");
        return dir == null || dir.isBlank() ? null : Path.of(dir).toAbsolutePath().normalize();
    }

    /** {@code on-error} given on the command line (argument or {@code -Dintentguard.on-error}), or {@code null}. */
    public OnError onErrorOverride() {
        String v = values.get("on-error");
        if (v == null) {
            v = System.getProperty("intentguard.on-error");
        }
        return v == null ? null : ConfigChoice.named(OnError.class, v.trim());
    }
}
