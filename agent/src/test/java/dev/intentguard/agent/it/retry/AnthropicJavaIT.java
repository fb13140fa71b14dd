package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.it.retry.AnthropicTools;
import java.util.List;

/** {@link StainlessScenarios} on anthropic-java 3.14.0 ({@code messages().create}). */
class AnthropicJavaIT extends StainlessScenarios {
    @Override
    String app() {
        return AnthropicTools.class.getName();
    }

    @Override
    List<String> lib() {
        return LibraryJars.of("com.anthropic:anthropic-java:3.14.0");
    }

    @Override
    String tool() {
        return "anthropic_send";
    }

    @Override
    String toolMethod() {
        return "dev.intentguard.it.retry.AnthropicTools#send";
    }

    @Override
    String library() {
        return "anthropic-java";
    }

    @Override
    String endpoint() {
        return "/v1/messages";
    }

    @Override
    String okBody() {
        return "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-test\",\"content\":[{\"type\":\"text\","
                + "\"text\":\"ok\"}],\"stop_reason\":\"end_turn\",\"stop_sequence\":null,\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}";
    }
}
