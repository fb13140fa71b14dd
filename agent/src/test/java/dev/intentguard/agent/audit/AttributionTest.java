package dev.intentguard.agent.audit;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class AttributionTest {
    private static CallerSnapshot caller(String toolCall, String conversation, String turn) {
        return new CallerSnapshot(CallerSnapshot.hash(toolCall), CallerSnapshot.hash(conversation), CallerSnapshot.hash(turn),
                null);
    }

    private static final Supplier<String> NO_FRAMES = () -> null;

    @Test
    void aNewToolCallInTheSameConversationIsTheModel() {
        Attribution a = Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "A", "t1"), NO_FRAMES);
        assertEquals(Layer.MODEL, a.layer);
        assertEquals(Layer.MODEL, Attribution.decide(caller("tc1", "A", null), caller("tc2", "A", null), NO_FRAMES).layer);
    }

    @Test
    void anotherConversationOrTurnIsTheUser() {
        assertEquals(Layer.USER, Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "B", "t1"), NO_FRAMES).layer);
        assertEquals(Layer.USER, Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "A", "t2"), NO_FRAMES).layer);
    }

    @Test
    void theSameToolCallUnderARetryLibraryIsTheFrameworkAndTheStackIsOnlyWalkedThen() {
        AtomicInteger walks = new AtomicInteger();
        Supplier<String> frames = () -> {
            walks.incrementAndGet();
            return "resilience4j";
        };
        Attribution a = Attribution.decide(caller("tc1", "A", "t1"), caller("tc1", "A", "t1"), frames);
        assertEquals(Layer.FRAMEWORK, a.layer);
        assertEquals("resilience4j", a.library);
        assertEquals(Layer.FRAMEWORK, Attribution.decide(CallerSnapshot.NONE, CallerSnapshot.NONE, frames).layer);
        assertEquals(2, walks.get());
        Attribution model = Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "A", "t1"), frames);
        assertEquals(Layer.MODEL, model.layer, "a new tool-call id is never a framework retry");
        assertEquals(2, walks.get(), "decided without walking the stack");
    }

    @Test
    void withoutEvidenceItIsUnattributed() {
        assertEquals(Layer.UNATTRIBUTED, Attribution.decide(CallerSnapshot.NONE, CallerSnapshot.NONE, NO_FRAMES).layer);
        assertEquals(Layer.UNATTRIBUTED, Attribution.decide(caller("tc1", "A", "t1"), caller("tc1", "A", "t1"), NO_FRAMES).layer);
        assertEquals(Layer.UNATTRIBUTED, Attribution.decide(caller("tc1", null, null), caller("tc2", null, null), NO_FRAMES).layer,
                "a new tool call, but in which conversation? not a guess");
        assertNull(Attribution.decide(CallerSnapshot.NONE, CallerSnapshot.NONE, NO_FRAMES).library);
    }

    @Test
    void retryLibrariesAreKnownByPackage() {
        assertEquals("resilience4j", RetryFrames.library("io.github.resilience4j.retry.Retry"));
        assertEquals("spring-retry", RetryFrames.library("org.springframework.retry.support.RetryTemplate"));
        assertEquals("spring-core-retry", RetryFrames.library("org.springframework.core.retry.RetryTemplate"));
        assertNull(RetryFrames.library("io.github.resilience4j.circuitbreaker.CircuitBreaker"));
        assertNull(RetryFrames.library("org.springframework.web.client.RestTemplate"));
        assertNull(RetryFrames.libraryOnStack(), "no retry library on this test's stack");
    }

    @Test
    void idsAreHashedNotKept() {
        String h = CallerSnapshot.hash("call_abc123");
        assertEquals(16, h.length());
        assertEquals(h, CallerSnapshot.hash("call_abc123"));
        assertNotEquals(h, CallerSnapshot.hash("call_abc124"));
        assertNull(CallerSnapshot.hash(null));
    }
}
