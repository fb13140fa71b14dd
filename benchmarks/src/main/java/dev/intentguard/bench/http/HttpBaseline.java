package dev.intentguard.bench.http;

import org.openjdk.jmh.annotations.Fork;

/** No agent: the bare requests. */
@Fork(2)
public class HttpBaseline extends HeaderInjection {
    @Override
    boolean agentAttached() {
        return false;
    }
}
