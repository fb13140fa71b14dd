package dev.intentguard.it.retry;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.Timeout;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.Model;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A tool that calls the Anthropic API with anthropic-java as an application does: the SDK's defaults (OkHttp
 * transport, {@code maxRetries} 2), a read timeout of {@code provider.timeout.ms}. The base URL is the
 * provider's plus a path prefix that picks the provider's behaviour.
 */
public class AnthropicTools {
    private static final Map<String, AnthropicClient> CLIENTS = new ConcurrentHashMap<>();

    /** side_effect tool. */
    public String send(String orderId, String base) {
        return call(orderId, base);
    }

    static String call(String orderId, String base) {
        Message m = client(base).messages().create(MessageCreateParams.builder()
                .model(Model.of("claude-test"))
                .maxTokens(16)
                .addUserMessage("refund order " + orderId)
                .build());
        return "{\"id\":\"" + m.id() + "\"}";
    }

    private static AnthropicClient client(String base) {
        return CLIENTS.computeIfAbsent(base, b -> AnthropicOkHttpClient.builder()
                .apiKey("sk-ant-test-not-a-key")
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
        AnthropicTools tools = new AnthropicTools();
        ScriptedApp.run(args, Map.of(
                "tool", f -> tools.send(f[1], f[2]),
                "plain", f -> call(f[1], f[2])));
    }
}
