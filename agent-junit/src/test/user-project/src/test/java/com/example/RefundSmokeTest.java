package com.example;

import dev.intentguard.api.ToolStatus;
import dev.intentguard.junit.Fault;
import dev.intentguard.junit.FaultyProvider;
import dev.intentguard.junit.GuardedCalls;
import dev.intentguard.junit.IntentguardTest;
import dev.intentguard.junit.RetryStorm;
import org.junit.jupiter.api.Test;

import java.time.Duration;

@IntentguardTest(config = "src/test/resources/intentguard.yaml")
class RefundSmokeTest {
    @Test
    void refundThenDidItGoThrough(FaultyProvider provider, GuardedCalls calls) {
        provider.intentOf(r -> r.field("order") + "/" + r.field("amount"))
                .script(Fault.answerLate(Duration.ofSeconds(2)));       // refunded, but the answer comes too late
        RefundTools tools = new RefundTools(provider.url(), Duration.ofMillis(500));

        RetryStorm.of(() -> tools.refund("8812", "49.00", "arrived broken"))
                .frameworkAttempts(3).modelCalls(2).userRepeats(1).run();

        provider.assertExactlyOneEffect("8812/49.00");
        provider.assertEveryAttemptCarriedOneKey();
        calls.assertAnswered("refund_order", ToolStatus.PENDING_UNKNOWN, ToolStatus.PENDING_UNKNOWN);
    }

    @Test
    void aResetAfterProcessingIsNotResent(FaultyProvider provider, GuardedCalls calls) {
        provider.intentOf(r -> r.field("order") + "/" + r.field("amount")).script(Fault.resetAfterProcessing());
        RefundTools tools = new RefundTools(provider.url(), Duration.ofMillis(500));

        RetryStorm.of(() -> tools.refund("8813", "20.00", "wrong color")).run();

        provider.assertExactlyOneEffect("8813/20.00");
        calls.assertNeverAnswered("refund_order", ToolStatus.FAILED);
    }

    @Test
    void aRejectionBeforeProcessingIsSafeToRetry(FaultyProvider provider, GuardedCalls calls) {
        provider.intentOf(r -> r.field("order") + "/" + r.field("amount"))
                .script(Fault.rejectBeforeProcessing(503, Duration.ZERO));
        RefundTools tools = new RefundTools(provider.url(), Duration.ofMillis(500));

        RetryStorm.of(() -> tools.refund("8814", "5.00", "late")).run();

        provider.assertExactlyOneEffect("8814/5.00");
        provider.assertEveryAttemptCarriedOneKey();
    }

    @Test
    void eachTestStartsWithAFreshStore(FaultyProvider provider, GuardedCalls calls) throws Exception {
        // The first test's intent again: without a fresh store this call would be answered from the record it left.
        provider.intentOf(r -> r.field("order") + "/" + r.field("amount"));
        new RefundTools(provider.url(), Duration.ofMillis(500)).refund("8812", "49.00", "arrived broken");

        provider.assertExactlyOneEffect("8812/49.00");
        calls.assertAnswered("refund_order", ToolStatus.DONE);
    }
}
