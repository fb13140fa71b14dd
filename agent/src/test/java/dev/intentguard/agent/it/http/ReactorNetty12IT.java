package dev.intentguard.agent.it.http;

/** {@link ReactorNettyScenarios} on Reactor Netty 1.2.16 and Spring WebFlux 6.2.19 (the oldest supported). */
class ReactorNetty12IT extends ReactorNettyScenarios {
    @Override
    String lib() {
        return "reactornetty12";
    }
}
