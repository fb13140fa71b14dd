package dev.intentguard.junit;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RetryStormTest {
    @Test
    void aToolThatAlwaysFailsIsCalledTwelveTimesByTheSeedsLayers() {
        AtomicInteger calls = new AtomicInteger();
        List<RetryStorm.Invocation> storm = RetryStorm.of(() -> {
            calls.incrementAndGet();
            throw new IOException("timeout");
        }).frameworkAttempts(3).modelCalls(2).userRepeats(1).run();

        assertEquals(12, calls.get(), "3 framework attempts x 2 model calls x 2 user messages");
        assertEquals(List.of("FIRST", "FRAMEWORK", "FRAMEWORK", "MODEL", "FRAMEWORK", "FRAMEWORK",
                        "USER", "FRAMEWORK", "FRAMEWORK", "MODEL", "FRAMEWORK", "FRAMEWORK"),
                storm.stream().map(i -> i.layer().name()).collect(Collectors.toList()));
    }

    @Test
    void aResultEndsTheFrameworkAndTheModelLoopsAndOnlyTheUserAsksAgain() {
        AtomicInteger calls = new AtomicInteger();
        List<RetryStorm.Invocation> storm = RetryStorm.of(() -> "{\"status\":\"pending_unknown\"}" + calls.incrementAndGet())
                .frameworkAttempts(3).modelCalls(2).userRepeats(2).run();

        assertEquals(List.of("FIRST", "USER", "USER"), storm.stream().map(i -> i.layer().name()).collect(Collectors.toList()));
    }

    @Test
    void aResultTheModelReadsAsAnErrorMakesItCallAgainButNotTheFramework() {
        List<RetryStorm.Invocation> storm = RetryStorm.of(() -> "Error: timeout")
                .modelReadsErrorWhen(r -> r.toString().startsWith("Error")).frameworkAttempts(3).modelCalls(2).userRepeats(0)
                .run();

        assertEquals(List.of("FIRST", "MODEL"), storm.stream().map(i -> i.layer().name()).collect(Collectors.toList()));
    }
}
