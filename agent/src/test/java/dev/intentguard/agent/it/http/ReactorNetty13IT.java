package dev.intentguard.agent.it.http;

/** {@link ReactorNettyScenarios} on Reactor Netty 1.3.7 and Spring WebFlux 7.0.9 (the newest supported). */
class ReactorNetty13IT extends ReactorNettyScenarios {
    @Override
    String lib() {
        return "reactornetty13";
    }
}
