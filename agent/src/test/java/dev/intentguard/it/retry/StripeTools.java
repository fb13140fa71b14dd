package dev.intentguard.it.retry;

import com.stripe.Stripe;
import com.stripe.model.Refund;
import com.stripe.param.RefundCreateParams;

import java.util.Map;

/**
 * A refund tool with stripe-java's global API, as applications use it: {@code maxNetworkRetries} 2, a read
 * timeout of {@code provider.timeout.ms}, a test key (the provider on loopback does not check it), the API
 * base overridden to the provider plus a path prefix that picks its behaviour.
 */
public class StripeTools {
    static {
        Stripe.apiKey = "sk_test_not_a_real_key";
        Stripe.setMaxNetworkRetries(2);
        Stripe.setConnectTimeout(2000);
        Stripe.setReadTimeout(Integer.getInteger("provider.timeout.ms", 3000));
    }

    /** side_effect tool. */
    public String refund(String orderId, String base) throws Exception {
        return call(orderId, base);
    }

    static String call(String orderId, String base) throws Exception {
        Stripe.overrideApiBase(System.getProperty("provider.url") + base);
        Refund refund = Refund.create(RefundCreateParams.builder().setCharge("ch_" + orderId).build());
        return "{\"id\":\"" + refund.getId() + "\"}";
    }

    /** {@code tool|ORDER|BASE} (the tool), {@code plain|ORDER|BASE} (the same call outside any tool). */
    public static void main(String[] args) {
        StripeTools tools = new StripeTools();
        ScriptedApp.run(args, Map.of(
                "tool", f -> tools.refund(f[1], f[2]),
                "plain", f -> call(f[1], f[2])));
    }
}
