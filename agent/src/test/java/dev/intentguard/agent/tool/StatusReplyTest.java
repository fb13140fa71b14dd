package dev.intentguard.agent.tool;

import dev.intentguard.agent.tool.bind.ReturnShape;
import dev.intentguard.api.ToolDisabledException;
import dev.intentguard.api.ToolStatus;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reply answered where no call frame exists (a tool refused in its start trampoline): as data to the return types a
 * model reads, as the agent-api exception to the others, like a woven call's reply.
 */
class StatusReplyTest {
    private static final StatusReply DISABLED = StatusReply.of(ToolStatus.DISABLED);

    @Test
    void aTextToolGetsTheStatusAsJson() {
        assertEquals("{\"status\":\"disabled\",\"tool\":\"refund\",\"message\":\"" + ToolStatus.DISABLED.instruction("refund")
                + "\"}", DISABLED.answer(ReturnShape.TEXT, "refund", StatusReplyTest.class));
    }

    @Test
    void aMapOrObjectToolGetsTheStatusAsAMap() {
        for (ReturnShape shape : new ReturnShape[] {ReturnShape.MAP, ReturnShape.OBJECT}) {
            Map<?, ?> reply = (Map<?, ?>) DISABLED.answer(shape, "refund", StatusReplyTest.class);
            assertEquals("disabled", reply.get("status"));
            assertEquals("refund", reply.get("tool"));
            assertEquals(ToolStatus.DISABLED.instruction("refund"), reply.get("message"));
        }
    }

    @Test
    void anyOtherReturnTypeGetsTheException() {
        for (ReturnShape shape : new ReturnShape[] {ReturnShape.VOID, ReturnShape.PRIMITIVE, ReturnShape.TYPED}) {
            ToolDisabledException e = assertThrows(ToolDisabledException.class,
                    () -> DISABLED.answer(shape, "refund", StatusReplyTest.class));
            assertEquals("refund", e.tool());
        }
    }

    @Test
    void aJsonNodeToolGetsANodeOfTheJacksonItsClassSeesAndNeverTheOtherGenerations() {
        Object node = DISABLED.answer(ReturnShape.JACKSON2_NODE, "refund", StatusReplyTest.class);
        assertTrue(node instanceof JsonNode, String.valueOf(node));
        assertEquals("disabled", ((JsonNode) node).get("status").asText());
        // Jackson 3 is not on this class path: the Jackson 2 reader made above must not answer for it
        assertThrows(ToolDisabledException.class, () -> DISABLED.answer(ReturnShape.JACKSON3_NODE, "refund", StatusReplyTest.class));
    }

    @Test
    void aCallThatCannotBeGuardedIsNotSaidToBeSwitchedOff() {
        StatusReply refused = StatusReply.cannotGuard("refund");
        String said = "refund did not run: it cannot be run safely right now. Do not retry now; tell the user it is "
                + "unavailable for now.";
        assertEquals("{\"status\":\"disabled\",\"tool\":\"refund\",\"message\":\"" + said + "\"}",
                refused.answer(ReturnShape.TEXT, "refund", StatusReplyTest.class));
        ToolDisabledException e = assertThrows(ToolDisabledException.class,
                () -> refused.answer(ReturnShape.TYPED, "refund", StatusReplyTest.class));
        assertEquals("disabled: " + said, e.getMessage(), "the exception says the same, not the kill switch's words");
        assertEquals(ToolStatus.DISABLED, e.status());
        assertEquals("disabled: refund did not run: the intent store is full. Do not retry; tell the user it is unavailable "
                + "for now.", StatusReply.storeFull("refund").exception("refund", null).getMessage());
    }
}
