package dev.intentguard.agent.tool;

import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each row of docs/architecture.md's "How an outcome is judged", one assertion per branch. */
class CallOutcomeTest {
    private static final String REFUNDS = "POST api:443 /refunds";

    private static WireLog wire(WireAttempt... attempts) {
        WireLog wire = new WireLog("ig1:t:k");
        for (WireAttempt a : attempts) {
            wire.record(a);
        }
        return wire;
    }

    private static WireAttempt answered(String request, int status) {
        return new WireAttempt("jdk", request, WireOutcome.RESPONSE, status, null, 0);
    }

    private static WireAttempt unanswered(String request) {
        return new WireAttempt("jdk", request, WireOutcome.NO_RESPONSE, 0, "timeout", 0);
    }

    private static WireAttempt notSent(String request) {
        return new WireAttempt("jdk", request, WireOutcome.NOT_SENT, 0, "ConnectException", 0);
    }

    private static CallOutcome.Kind judge(Throwable thrown, WireLog wire) {
        return CallOutcome.judge(thrown, wire, false).kind;
    }

    @Test
    void theWireWinsOverTheExceptionType() {
        assertEquals(CallOutcome.Kind.FAILED, judge(new RuntimeException("wrapped by an SDK"), wire(notSent(REFUNDS))));
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(new IllegalArgumentException("odd"), wire(unanswered(REFUNDS))));
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(null, wire(unanswered(REFUNDS))),
                "a tool that returned \"Error: timeout\" as text still left a request unanswered");
        assertEquals(CallOutcome.Kind.DONE, judge(null, wire(answered(REFUNDS, 200))));
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(new IllegalStateException("parse"), wire(answered(REFUNDS, 200))),
                "it succeeded on the wire, then the tool failed: never run it again");
        assertEquals(CallOutcome.Kind.FAILED, judge(null, wire(answered(REFUNDS, 400))));
    }

    @Test
    void anAttemptThatMayHaveReachedTheServerIsNotUndoneByALaterRefusal() {
        // case 2: attempt 1 read by the server and never answered, attempt 2 refused or a definite 400
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(new ConnectException("refused"), wire(unanswered(REFUNDS), notSent(REFUNDS))));
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(null, wire(unanswered(REFUNDS), answered(REFUNDS, 400))));
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(null, wire(answered(REFUNDS, 503), notSent(REFUNDS))));
        assertEquals(CallOutcome.Kind.DONE, judge(null, wire(unanswered(REFUNDS), answered(REFUNDS, 200))),
                "a later attempt succeeded");
        assertEquals(CallOutcome.Kind.FAILED, judge(null, wire(notSent(REFUNDS), notSent(REFUNDS), answered(REFUNDS, 422))),
                "nothing ever reached it but a refusal");
    }

    @Test
    void aRequestStillUnderWayAtTheEndLeavesTheCallUnknown() {
        // case 4: a charge sent with sendAsync is still in flight when a refused hold fails the call
        WireLog wire = new WireLog("ig1:t:k");
        wire.began("POST", "api", 443, "/charges");
        wire.record(notSent("POST api:443 /holds"));
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(new ConnectException("refused"), wire));
        wire.record(answered("POST api:443 /charges", 201));
        wire.ended("POST", "api", 443, "/charges");
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(new ConnectException("refused"), wire), "then a partial effect");

        WireLog handedOff = new WireLog("ig1:t:k");
        handedOff.handedOff();
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(null, handedOff), "an enqueued call that has not started");
    }

    @Test
    void onlyTwoHundredsAndSeeOtherAreSuccess() {
        // case 9: 307/308 the client did not follow: not processed, not done
        assertEquals(CallOutcome.Kind.FAILED, judge(null, wire(answered(REFUNDS, 307))));
        assertEquals(CallOutcome.Kind.FAILED, judge(null, wire(answered(REFUNDS, 308))));
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(null, wire(answered(REFUNDS, 302))), "a 302 may follow processing");
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(null, wire(answered(REFUNDS, 300))));
        assertEquals(CallOutcome.Kind.DONE, judge(null, wire(answered(REFUNDS, 303))), "303: processed, the result is elsewhere");
        assertEquals(CallOutcome.Kind.DONE, judge(null, wire(answered(REFUNDS, 204))));
        for (int status : new int[] {408, 409, 425, 500, 502, 503, 504}) {
            assertEquals(CallOutcome.Kind.UNKNOWN, judge(null, wire(answered(REFUNDS, status))), "HTTP " + status);
        }
        CallOutcome rateLimited = CallOutcome.judge(null, wire(answered(REFUNDS, 429)), false);
        assertEquals(CallOutcome.Kind.FAILED, rateLimited.kind, "429: refused before anything was processed");
        assertTrue(rateLimited.retryable, "and a retry later may go through");
        assertFalse(CallOutcome.judge(null, wire(answered(REFUNDS, 400)), false).retryable, "a 400 fails again");

        WireLog named = new WireLog("ig1:t:k", null, java.util.Set.of(503));
        named.record(answered(REFUNDS, 503));
        assertEquals(CallOutcome.Kind.FAILED, CallOutcome.judge(null, named, false).kind, "a 503 the tool names not-processed");
        assertTrue(CallOutcome.judge(null, named, false).retryable);
        assertEquals(WireAttempt.Meaning.NEUTRAL, WireAttempt.meaningOf(100), "interim, never an answer");

        WireLog followed = wire(answered(REFUNDS, 307));
        followed.followed(REFUNDS, null);
        followed.record(answered("POST api2:443 /refunds", 201));
        assertEquals(CallOutcome.Kind.DONE, judge(null, followed), "a followed 307: the follow-up answers it");
    }

    @Test
    void twoWritesToOneEndpointAreTwoRequestsWithTwoKeys() {
        // case 10: two line items POSTed to one URL
        WireLog wire = new WireLog("ig1:t:k");
        assertEquals("ig1:t:k", wire.keyFor("POST", "api", 443, "/refunds"));
        wire.began("POST", "api", 443, "/refunds");
        wire.record(answered(REFUNDS, 200));
        wire.ended("POST", "api", 443, "/refunds");
        assertEquals("ig1:t:k:2", wire.keyFor("POST", "api", 443, "/refunds"), "after a success: a new write");
        wire.began("POST", "api", 443, "/refunds");
        wire.record(answered(REFUNDS, 422));
        wire.ended("POST", "api", 443, "/refunds");
        assertEquals("ig1:t:k:2", wire.keyFor("POST", "api", 443, "/refunds"), "after a failure: its retry, same key");
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(null, wire), "one refunded, one refused: never failed");
        assertTrue(!wire.attempts().get(1).resend(), "the second write is no resend of the first");
    }

    @Test
    void keysStayStablePerWrite() {
        WireLog wire = new WireLog("ig1:t:k");
        assertEquals("ig1:t:k", wire.keyFor("POST", "api", 443, "/v1/refunds"));
        assertEquals("ig1:t:k:2", wire.keyFor("POST", "api", 443, "/v1/emails"));
        assertEquals("ig1:t:k", wire.keyFor("POST", "api", 443, "/v1/refunds"), "a resend keeps its key");
        wire.record(unanswered("POST api:443 /v1/refunds"));
        assertEquals("ig1:t:k", wire.keyFor("POST", "api", 443, "/v1/refunds"), "a retry after no answer keeps its key");
        assertTrue(wire.repeatsUnknown("POST", "api", 443, "/v1/refunds"));
    }

    @Test
    void withoutWireEvidenceAnExceptionIsDefiniteOnlyWhenNoNetworkWriteHappened() {
        // case 3: the effect through a client the agent does not follow, then an exception
        assertEquals(CallOutcome.Kind.FAILED, judge(new IllegalArgumentException("amount must be positive"), wire()),
                "a quiet call that rejected its input");
        assertEquals(CallOutcome.Kind.FAILED, judge(new ConnectException("refused"), wire()));

        WireLog wrote = wire();
        wrote.socketWrite("payments", "127.0.0.1", 8443);
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(new IllegalArgumentException("No enum constant"), wrote));
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(new ConnectException("the receipt mail"), wrote));
        assertEquals(CallOutcome.Kind.DONE, judge(null, wrote), "it returned");

        assertEquals(CallOutcome.Kind.UNKNOWN, CallOutcome.judge(new NumberFormatException("x"), wire(), true).kind,
                "another thread wrote meanwhile (a client's own I/O thread): nothing is proven");
    }

    @Test
    void aDefiniteWireFailureDoesNotCoverWritesToOtherPeers() {
        WireLog wire = wire(notSent(REFUNDS));
        wire.socketWrite(null, "127.0.0.1", 5432);
        assertEquals(CallOutcome.Kind.UNKNOWN, judge(new ConnectException("refused"), wire), "the database write may be the effect");

        WireLog own = wire(answered("POST 127.0.0.1:8080 /refunds", 400));
        own.socketWrite(null, "127.0.0.1", 8080);
        assertEquals(CallOutcome.Kind.FAILED, judge(null, own), "the request's own bytes");

        WireLog byName = wire(answered("POST localhost:8080 /refunds", 400));
        byName.socketWrite("localhost", "127.0.0.1", 8080);
        assertEquals(CallOutcome.Kind.FAILED, judge(null, byName), "the peer by name");
    }
}
