package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.jetty.JettyClientPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link JettyScenarios} on the oldest Jetty the plugin supports (12.0.0). */
class Jetty120IT extends JettyScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new JettyClientPlugin().library());
    }
}
