package com.acme.support;

import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;

/** The AI service: one chat memory per customer conversation. */
public interface SupportAgent {
    /**
     * The system prompt of the seed article's Part 1, including the line that refunded 212 customers twice.
     * It stays: intentguard has to make the service safe without anyone editing prompts or code.
     */
    String SYSTEM_PROMPT = "You are Acme's customer support agent. You can look up orders, refund them and update "
            + "support tickets. Be brief and friendly. If a tool call fails, retry once.";

    @SystemMessage(SYSTEM_PROMPT)
    String chat(@MemoryId String conversationId, @UserMessage String message);
}
