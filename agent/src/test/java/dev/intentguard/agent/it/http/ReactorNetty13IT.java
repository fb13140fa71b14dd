package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.reactornetty.ReactorNettyPlugin;
import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link ReactorNettyScenarios} on Reactor Netty 1.3.7 and Spring WebFlux 7.0.9 (the newest supported). */
class ReactorNetty13IT extends ReactorNettyScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.newest(new ReactorNettyPlugin().library(), "org.springframework:spring-webflux:7.0.9", "org.springframework:spring-context:7.0.9");
    }
}
