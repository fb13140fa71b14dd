package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.retry.twilio.TwilioPlugin;
import dev.intentguard.agent.testkit.LibraryJars;

import java.util.List;

/** {@link TwilioScenarios} on the oldest twilio-java the plugin supports (10.0.0, over Apache HttpClient 4). */
class TwilioOldestIT extends TwilioScenarios {
    @Override
    List<String> lib() {
        return LibraryJars.oldest(new TwilioPlugin().library());
    }
}
