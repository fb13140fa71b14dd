package dev.intentguard.bench.call;

import dev.intentguard.bench.BuildPaths;
import org.openjdk.jmh.annotations.Fork;

/** The agent, intent log written: one INFO line per call through the host's slf4j-simple to a file. */
@Fork(value = 3, jvmArgsAppend = {"-javaagent:" + BuildPaths.BENCHMARKS_JAR + "=log=file"})
public class AgentLogged extends CallOverhead {
    @Override
    protected boolean agentAttached() {
        return true;
    }
}
