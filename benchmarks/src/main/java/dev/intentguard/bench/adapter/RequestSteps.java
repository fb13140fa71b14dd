package dev.intentguard.bench.adapter;

/**
 * What one client's plugin does for one request, called in-process on the library's own request objects, without
 * the network: {@link AdapterSteps} measures it. An implementation lives in its plugin's package (in this module) so
 * that it can call the plugin's adapter as the woven advice does; it does exactly what the advice does, in the order
 * the client reaches its hooks, and nothing else. With {@code agent} false it only prepares the library's objects the
 * same way, which is what the application pays without the agent.
 */
public interface RequestSteps {
    /** One request, the {@code n}-th; returns something of it, so that nothing is optimized away. */
    Object request(int n) throws Throwable;
}
