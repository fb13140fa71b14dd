package dev.intentguard.bench.http;

import dev.intentguard.bench.BuildPaths;
import org.openjdk.jmh.annotations.Fork;

/** The agent, intent log silenced (as {@code call.AgentSilent}). */
@Fork(value = 2, jvmArgsAppend = {"-javaagent:" + BuildPaths.BENCHMARKS_JAR + "=log=silent"})
public class HttpAgent extends HeaderInjection {
    @Override
    boolean agentAttached() {
        return true;
    }
}
