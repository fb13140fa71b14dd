package dev.intentguard.agent.it.retry;

import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.it.retry.OpenAiTools;
import java.util.List;

/** {@link StainlessScenarios} on openai-java 3.7.1 ({@code chat().completions().create}). */
class OpenAiJavaIT extends StainlessScenarios {
    @Override
    String app() {
        return OpenAiTools.class.getName();
    }

    @Override
    List<String> lib() {
        return LibraryJars.of("com.openai:openai-java:3.7.1");
    }

    @Override
    String tool() {
        return "openai_complete";
    }

    @Override
    String toolMethod() {
        return "dev.intentguard.it.retry.OpenAiTools#complete";
    }

    @Override
    String library() {
        return "openai-java";
    }

    @Override
    String endpoint() {
        return "/chat/completions";
    }

    @Override
    String okBody() {
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"gpt-test\",\"choices\":[{\"index\":0,"
                + "\"finish_reason\":\"stop\",\"logprobs\":null,\"message\":{\"role\":\"assistant\",\"content\":\"ok\",\"refusal\":null}}]}";
    }
}
