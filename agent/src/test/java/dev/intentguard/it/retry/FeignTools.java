package dev.intentguard.it.retry;

import feign.Feign;
import feign.Headers;
import feign.Param;
import feign.Request;
import feign.RequestLine;
import feign.Retryer;

import java.util.Map;

/**
 * A payments agent's tool that calls its provider through a plain OpenFeign client: Feign's default transport
 * (HttpURLConnection), its default {@code Retryer} (5 attempts, 100 ms then x1.5), a read timeout of
 * {@code provider.timeout.ms}.
 */
public class FeignTools {
    /** The provider's API, as a Feign interface: {@code POST /{kind}/{name}} with a JSON body. */
    public interface Payments {
        @RequestLine("POST /{kind}/{name}")
        @Headers("Content-Type: application/json")
        String refund(@Param("kind") String kind, @Param("name") String name, String body);
    }

    static final Payments PAYMENTS = Feign.builder()
            .retryer(new Retryer.Default())
            .options(new Request.Options(2000, Integer.getInteger("provider.timeout.ms", 3000)))
            .target(Payments.class, System.getProperty("provider.url"));

    /** side_effect tool: one provider call; Feign's Retryer inside it. */
    public String refund(String orderId, String path) {
        return call(orderId, path);
    }

    static String call(String orderId, String path) {
        String[] parts = path.split("/");            // "/slow/x" -> "", "slow", "x"
        return PAYMENTS.refund(parts[1], parts[2], "{\"order\":\"" + orderId + "\"}");
    }

    /** {@code tool|ORDER|PATH} (the tool), {@code plain|ORDER|PATH} (the same Feign call outside any tool). */
    public static void main(String[] args) {
        FeignTools tools = new FeignTools();
        ScriptedApp.run(args, Map.of(
                "tool", f -> tools.refund(f[1], f[2]),
                "plain", f -> call(f[1], f[2])));
    }
}
