package dev.intentguard.it.retry;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.Timeout;
import com.openai.models.ChatModel;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A tool that calls the OpenAI API with openai-java as an application does: the SDK's defaults (OkHttp
 * transport, {@code maxRetries} 2), a read timeout of {@code provider.timeout.ms}. The base URL is the
 * provider's plus a path prefix that picks the provider's behaviour.
 */
public class OpenAiTools {
    private static final Map<String, OpenAIClient> CLIENTS = new ConcurrentHashMap<>();

    /** side_effect tool. */
    public String complete(String orderId, String base) {
        return call(orderId, base);
    }

    static String call(String orderId, String base) {
        ChatCompletion c = client(base).chat().completions().create(ChatCompletionCreateParams.builder()
                .model(ChatModel.of("gpt-test"))
                .addUserMessage("refund order " + orderId)
                .build());
        return "{\"id\":\"" + c.id() + "\"}";
    }

    private static OpenAIClient client(String base) {
        return CLIENTS.computeIfAbsent(base, b -> OpenAIOkHttpClient.builder()
                .apiKey("sk-test-not-a-key")
                .baseUrl(System.getProperty("provider.url") + b)
                .timeout(Timeout.builder()
                        .connect(Duration.ofSeconds(2))
                        .read(Duration.ofMillis(Long.getLong("provider.timeout.ms", 3000)))
                        .request(Duration.ofSeconds(30))
                        .build())
                .build());
    }

    /** {@code tool|ORDER|BASE} (the tool), {@code plain|ORDER|BASE} (the same call outside any tool). */
    public static void main(String[] args) {
        OpenAiTools tools = new OpenAiTools();
        ScriptedApp.run(args, Map.of(
                "tool", f -> tools.complete(f[1], f[2]),
                "plain", f -> call(f[1], f[2])));
    }
}
