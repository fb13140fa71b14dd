package com.acme.support;

import dev.intentguard.api.ToolStatus;
import dev.intentguard.junit.Fault;
import dev.intentguard.junit.FaultyProvider;
import dev.intentguard.junit.GuardedCalls;
import dev.intentguard.junit.IntentguardTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seed's smoke case with the smoke-eval kit (intentguard-junit): the support desk of the demo (LangChain4j, the
 * scripted model, a Resilience4j retry around the tools, OkHttp) against a provider that makes the refund but answers
 * after the client gave up; then the customer asks "Did my refund go through?". Exactly one refund, and the customer
 * is told the truth. Without the agent the same conversation makes several refunds: RefundIncidentIT's baseline.
 */
@IntentguardTest(config = "intentguard.yaml")
class RefundSmokeTest {
    @Test
    void refundThenDidItGoThroughMakesExactlyOneRefund(FaultyProvider provider, GuardedCalls calls) {
        provider.intentOf(r -> r.field("order") + "/" + r.field("amount"))
                .script(Fault.answerLate(Duration.ofMillis(1500)));      // refunded, but the answer comes too late
        SupportDesk desk = new SupportDesk(provider.url(), Duration.ofMillis(500), ToolRetryPolicy.Placement.TOOL_CALL,
                new ScriptedChatModel());

        desk.chat("ana", "Hi, this is Ana. Please refund order 8812, $49.00: the blender arrived broken.");
        String answer = desk.chat("ana", "Did my refund go through?");

        provider.assertExactlyOneEffect("8812/49.00");
        provider.assertEveryAttemptCarriedOneKey();
        // the check (findRefund) found the late refund when the first call ended; the repeat is answered from the store
        calls.assertAnswered("refund_order", ToolStatus.DONE, ToolStatus.ALREADY_DONE);
        calls.assertRanAtMostOncePerIntent("refund_order");
        assertTrue(answer.contains("went through"), answer);
    }
}
