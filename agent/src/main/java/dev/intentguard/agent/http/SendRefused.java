package dev.intentguard.agent.http;

import dev.intentguard.agent.weave.HostFacingException;

import java.io.IOException;

/**
 * The failure a client's send gets when the HTTP guard refuses it: inside a side-effect call under
 * {@code client-retries: suppress}, it repeats a write whose outcome is unknown (a user's {@code retryWhen}, a loop of
 * the application's own, an SDK without a plugin). An {@code IOException}, as the client fails a send, that says why.
 */
public final class SendRefused extends IOException implements HostFacingException {
    private static final long serialVersionUID = 1L;

    SendRefused(HttpTarget target) {
        super("intentguard: not sent again: an earlier attempt of " + target.method + " " + target.host + ":" + target.port
                + target.path + " may have taken effect and its outcome is unknown (client-retries: suppress); "
                + "the call ends pending_unknown and is checked, not sent again");
    }
}
