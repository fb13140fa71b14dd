package dev.intentguard.agent.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Watches the config file and hands each valid new version to the agent, so that an operator can switch a tool
 * off (or on) without a restart. The file's content is compared once a second: polling also sees the symlink swaps
 * of Kubernetes ConfigMaps, which file-change notifications miss. An edit that does not parse changes nothing and
 * says why, with the line.
 */
public final class ConfigWatch {
    private static final Logger LOG = LoggerFactory.getLogger("intentguard");

    private final Path file;
    private final Consumer<AgentConfig> apply;
    /**
     * The file's content as last applied: a config is a few kilobytes, so it is kept and compared whole rather than
     * hashed (the first {@code MessageDigest} of a JVM sets up the security providers: ~25 ms of CPU while the
     * application starts).
     */
    private byte[] content;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "intentguard-config-watch");
        t.setDaemon(true);
        return t;
    });

    private ConfigWatch(Path file, Consumer<AgentConfig> apply) {
        this.file = file;
        this.apply = apply;
        this.content = read(file);
    }

    /** Starts watching {@code file}; {@code apply} receives each valid new version. */
    public static ConfigWatch start(Path file, long periodMillis, Consumer<AgentConfig> apply) {
        ConfigWatch watch = new ConfigWatch(file, apply);
        watch.thread.scheduleWithFixedDelay(watch::poll, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
        return watch;
    }

    void poll() {
        byte[] now = read(file);
        if (now == null || Arrays.equals(now, content)) {
            return;
        }
        content = now;
        try {
            AgentConfig next = ConfigLoader.load(file);
            apply.accept(next);
        } catch (ConfigProblem problem) {
            LOG.error("{}\n  The change is not applied: intentguard keeps running with the previous config.", problem.render());
        } catch (RuntimeException e) {
            LOG.error("applying the changed config {} failed ({}); the previous config stays", file, String.valueOf(e), e);
        }
    }

    public void stop() {
        thread.shutdownNow();
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            return null;            // being replaced, or gone for a moment: look again next time
        }
    }
}
