package dev.intentguard.agent.it.http;

import dev.intentguard.agent.http.jetty.JettyClientPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link JettyScenarios} on the newest Jetty the plugin supports. */
class Jetty12IT extends JettyScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.newest(new JettyClientPlugin().library());
    }
}
