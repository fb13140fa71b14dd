package dev.intentguard.it.retry;

import com.twilio.http.NetworkHttpClient;
import com.twilio.http.Request;
import com.twilio.http.Response;
import com.twilio.http.TwilioRestClient;
import com.twilio.rest.api.v2010.account.Message;
import com.twilio.type.PhoneNumber;

import java.lang.reflect.Field;
import java.util.Map;

/**
 * A tool that texts the customer about the refund with twilio-java ({@code Message.creator(...).create(client)}), its
 * {@code NetworkHttpClient} and default retries (3 attempts on a 5xx). Twilio's API URLs are fixed
 * ({@code https://api.twilio.com/...}); the client here sends them to the provider on loopback instead (plus a path
 * prefix that picks its behaviour), by changing the request's URL before Twilio's own loop begins.
 *
 * <p>Compiled by the test that runs it (TwilioScenarios), against the twilio-java version under test.
 */
public class TwilioTools {
    /** Twilio's own client, its requests sent to {@code provider.url + base}. */
    static final class LoopbackClient extends NetworkHttpClient {
        private final String base;

        LoopbackClient(String base) {
            this.base = base;
        }

        @Override
        public Response reliableRequest(Request request, int[] retryCodes, int retries, long delayMillis) {
            String url = request.getUrl();
            String path = url.substring(url.indexOf('/', url.indexOf("://") + 3));
            try {
                Class<?> c = request.getClass();
                Field field = null;
                while (field == null && c != null) {
                    try {
                        field = c.getDeclaredField("url");
                    } catch (NoSuchFieldException e) {
                        c = c.getSuperclass();
                    }
                }
                field.setAccessible(true);
                field.set(request, System.getProperty("provider.url") + base + path);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            return super.reliableRequest(request, retryCodes, retries, delayMillis);
        }
    }

    static String text(String orderId, String base) {
        TwilioRestClient client = new TwilioRestClient.Builder("ACtest", "not-a-real-token")
                .httpClient(new LoopbackClient(base)).build();
        Message message = Message.creator(new PhoneNumber("+15005550006"), new PhoneNumber("+15005550001"),
                "Your refund for order " + orderId + " is on its way").create(client);
        return "{\"sid\":\"" + message.getSid() + "\"}";
    }

    /** side_effect tool. */
    public String textRefund(String orderId, String base) {
        return text(orderId, base);
    }

    /** {@code tool|ORDER|BASE} (the tool), {@code plain|ORDER|BASE} (the same call outside any tool). */
    public static void main(String[] args) {
        TwilioTools tools = new TwilioTools();
        ScriptedApp.run(args, Map.of(
                "tool", f -> tools.textRefund(f[1], f[2]),
                "plain", f -> text(f[1], f[2])));
    }
}
