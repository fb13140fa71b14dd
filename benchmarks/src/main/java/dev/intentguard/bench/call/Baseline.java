package dev.intentguard.bench.call;

import org.openjdk.jmh.annotations.Fork;

/** No agent: the bare call. */
@Fork(3)
public class Baseline extends CallOverhead {
    @Override
    protected boolean agentAttached() {
        return false;
    }
}
