package dev.intentguard.bench.call;

import dev.intentguard.bench.BuildPaths;
import org.openjdk.jmh.annotations.Fork;

/** The agent, intent log silenced: no host SLF4J backend, {@code -Dintentguard.log.level=warn}. */
@Fork(value = 3, jvmArgsAppend = {"-javaagent:" + BuildPaths.BENCHMARKS_JAR + "=log=silent"})
public class AgentSilent extends CallOverhead {
    @Override
    protected boolean agentAttached() {
        return true;
    }
}
