package com.example;

import dev.intentguard.junit.Fault;
import dev.intentguard.junit.FaultyProvider;
import dev.intentguard.junit.IntentguardTest;
import dev.intentguard.junit.RetryStorm;
import org.junit.jupiter.api.Test;

import java.time.Duration;

/** The kit pointed at a tool the agent does not guard: this test must fail, naming the duplicate refund. */
@IntentguardTest(config = "src/test/resources/intentguard.yaml")
class UnguardedRefundTest {
    @Test
    void refundThenDidItGoThrough(FaultyProvider provider) {
        provider.intentOf(r -> r.field("order") + "/" + r.field("amount"))
                .script(Fault.answerLate(Duration.ofSeconds(2)));
        UnguardedRefundTools tools = new UnguardedRefundTools(provider.url(), Duration.ofMillis(500));

        RetryStorm.of(() -> tools.refund("8812", "49.00", "arrived broken"))
                .frameworkAttempts(3).modelCalls(2).userRepeats(1).run();

        provider.assertExactlyOneEffect("8812/49.00");
    }
}
