package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.twilio.TwilioPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link TwilioScenarios} on the newest twilio-java the plugin supports (13.0.1, over Apache HttpClient 5). */
class TwilioIT extends TwilioScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.newest(new TwilioPlugin().library());
    }
}
