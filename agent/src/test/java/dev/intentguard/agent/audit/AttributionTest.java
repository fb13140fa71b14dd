package dev.intentguard.agent.audit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class AttributionTest {
    private static CallerSnapshot caller(String toolCall, String conversation, String turn) {
        return new CallerSnapshot(CallerSnapshot.hash(toolCall), CallerSnapshot.hash(conversation), CallerSnapshot.hash(turn),
                null);
    }

    private static final String NO_FRAMEWORK = null;

    @Test
    void aNewToolCallInTheSameConversationIsTheModel() {
        Attribution a = Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "A", "t1"), NO_FRAMEWORK);
        assertEquals(Layer.MODEL, a.layer);
        assertEquals(Layer.MODEL, Attribution.decide(caller("tc1", "A", null), caller("tc2", "A", null), NO_FRAMEWORK).layer);
    }

    @Test
    void anotherConversationOrTurnIsTheUser() {
        assertEquals(Layer.USER, Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "B", "t1"), NO_FRAMEWORK).layer);
        assertEquals(Layer.USER, Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "A", "t2"), NO_FRAMEWORK).layer);
    }

    @Test
    void theSameToolCallReRunByARetryFrameworkIsTheFramework() {
        Attribution a = Attribution.decide(caller("tc1", "A", "t1"), caller("tc1", "A", "t1"), "resilience4j");
        assertEquals(Layer.FRAMEWORK, a.layer);
        assertEquals("resilience4j", a.library);
        assertEquals(Layer.FRAMEWORK, Attribution.decide(CallerSnapshot.NONE, CallerSnapshot.NONE, "spring-retry").layer);
        Attribution model = Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "A", "t1"), "resilience4j");
        assertEquals(Layer.MODEL, model.layer, "a new tool-call id is never a framework retry");
        assertEquals(Layer.USER, Attribution.decide(caller("tc1", "A", "t1"), caller("tc2", "A", "t2"), "resilience4j").layer,
                "a new turn under a retry decorator's first attempt is the user");
    }

    @Test
    void withoutEvidenceItIsUnattributed() {
        assertEquals(Layer.UNATTRIBUTED, Attribution.decide(CallerSnapshot.NONE, CallerSnapshot.NONE, NO_FRAMEWORK).layer);
        assertEquals(Layer.UNATTRIBUTED, Attribution.decide(caller("tc1", "A", "t1"), caller("tc1", "A", "t1"), NO_FRAMEWORK).layer);
        assertEquals(Layer.UNATTRIBUTED, Attribution.decide(caller("tc1", null, null), caller("tc2", null, null), NO_FRAMEWORK).layer,
                "a new tool call, but in which conversation? not a guess");
        assertNull(Attribution.decide(CallerSnapshot.NONE, CallerSnapshot.NONE, NO_FRAMEWORK).library);
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
