package dev.intentguard.junit;

import dev.intentguard.api.ToolStatus;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a call's recorded answer means to the model: the agent's statuses, and the tool's own answer let through. */
class GuardedCallTest {
    private static GuardedCall call(String answer, String outcome) {
        Map<String, Object> c = new HashMap<>();
        c.put("tool", "refund_order");
        c.put("key", "ig1:refund_order:k");
        c.put("answer", answer);
        c.put("outcome", outcome);
        return new GuardedCall(c);
    }

    @Test
    void theAgentsStatusesReadAsThemselves() {
        assertEquals(ToolStatus.PENDING_UNKNOWN, call("pending_unknown", "pending_unknown").status());
        assertEquals(ToolStatus.ALREADY_DONE, call("already_done", null).status());
    }

    @Test
    void theToolsOwnExceptionIsAFailureAndItsResultDoneUnlessJudgedFailed() {
        assertEquals(ToolStatus.FAILED, call("error", "failed").status());
        assertEquals(ToolStatus.FAILED, call("error", null).status());
        assertEquals(ToolStatus.DONE, call("result", "done").status());
        assertEquals(ToolStatus.FAILED, call("result", "failed").status(), "a result the agent judged failed (a 4xx)");
    }
}
