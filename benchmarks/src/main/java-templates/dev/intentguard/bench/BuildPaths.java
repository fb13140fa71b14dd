package dev.intentguard.bench;

/**
 * Paths known when the module is built (generated from src/main/java-templates). They are compile-time
 * constants so that {@code @Fork(jvmArgsAppend = ...)} can name them; the code that runs in a fork prefers a
 * system property, then a path next to the benchmarks jar, then these.
 */
public final class BuildPaths {
    /** The executable JMH jar this class is shaded into. */
    public static final String BENCHMARKS_JAR = "${project.build.directory}/benchmarks.jar";
    /** intentguard's agent jar, as built by the agent module. */
    public static final String AGENT_JAR = "${intentguard.agent.jar}";
    /** The child application of the start-up benchmarks. */
    public static final String STARTUP_APP_JAR = "${project.build.directory}/startup-app.jar";
    /** A -javaagent that does nothing: the control of the start-up benchmarks. */
    public static final String NOOP_AGENT_JAR = "${project.build.directory}/noop-agent.jar";
    /** slf4j-api and slf4j-simple: the host logging backend of the "logged" call-overhead variant. */
    public static final String HOST_SLF4J_DIR = "${project.build.directory}/host-slf4j";

    private BuildPaths() {
    }
}
