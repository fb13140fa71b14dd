package dev.intentguard.agent.weave.probe;

import dev.intentguard.agent.http.HttpTarget;

import java.io.IOException;

/** Advice methods as a plugin writes them; package-private, as advice is. */
final class ProbeAdvice {
    private ProbeAdvice() {
    }

    /** Uses an agent class from the plugin's own loader. */
    static String answer(String method) {
        return HttpTarget.of(method, "http", "h", -1, "/p?q").endpoint() + " via " + ProbeAdvice.class.getClassLoader().getName();
    }

    /** The agent class as the advice sees it: must be the agent loader's, the one the test sees, not a copy. */
    static Object agentClass() {
        return HttpTarget.class;
    }

    /** A library whose shape drifted. */
    static boolean drifted(String method) {
        throw new NoSuchMethodError("org.example.Client.send()");
    }

    /** A refusal meant for the host. */
    static boolean refuse(String method) throws IOException {
        throw new Refused();
    }

    static final class Refused extends IOException implements dev.intentguard.agent.weave.HostFacingException {
        private static final long serialVersionUID = 1L;

        Refused() {
            super("refused on purpose");
        }
    }
}
