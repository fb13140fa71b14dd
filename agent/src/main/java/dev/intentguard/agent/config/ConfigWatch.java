package dev.intentguard.agent.config;

import dev.intentguard.agent.background.AgentThreads;
import dev.intentguard.agent.log.AgentLoggers;
import org.slf4j.Logger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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
    private static final Logger LOG = AgentLoggers.named("intentguard");

    private final Path file;
    private final Consumer<AgentConfig> apply;
    private byte[] digest;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
            AgentThreads.inheritingContext("intentguard-config-watch"));

    private ConfigWatch(Path file, Consumer<AgentConfig> apply) {
        this.file = file;
        this.apply = apply;
        this.digest = digest(file);
    }

    /** Starts watching {@code file}; {@code apply} receives each valid new version. */
    public static ConfigWatch start(Path file, long periodMillis, Consumer<AgentConfig> apply) {
        ConfigWatch watch = new ConfigWatch(file, apply);
        watch.thread.scheduleWithFixedDelay(watch.new Poll(), periodMillis, periodMillis, TimeUnit.MILLISECONDS);
        return watch;
    }

    /** A class, not {@code this::poll}: the agent's start-up thread starts the watch, and a cold JVM spins each lambda. */
    private final class Poll implements Runnable {
        @Override
        public void run() {
            poll();
        }
    }

    void poll() {
        byte[] now = digest(file);
        if (now == null || Arrays.equals(now, digest)) {
            return;
        }
        digest = now;
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

    /**
     * A hash rather than the bytes kept whole, though either would do: the first {@code MessageDigest} of the JVM sets up
     * its security providers (~25 ms of CPU), and this runs on the agent's init thread as the application starts, which
     * usually needs them soon after (Spring Boot's first {@code SecureRandom}: 32-37 ms on a fresh JVM here); comparing
     * bytes moved that work onto the application's main thread (docs/performance.md, eighth session).
     */
    private static byte[] digest(Path file) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
        } catch (IOException e) {
            return null;            // being replaced, or gone for a moment: look again next time
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
