package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.reactornetty.ReactorNettyPlugin;
import dev.intentguard.agent.testkit.LibraryJars;
import java.util.List;

/** {@link ReactorNettyScenarios} on Reactor Netty 1.2.16 and Spring WebFlux 6.2.19 (the oldest supported). */
class ReactorNetty12IT extends ReactorNettyScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new ReactorNettyPlugin().library(), "org.springframework:spring-webflux:6.2.19", "org.springframework:spring-context:6.2.19");
    }
}
