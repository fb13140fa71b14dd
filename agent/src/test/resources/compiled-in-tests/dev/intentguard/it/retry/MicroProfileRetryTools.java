package dev.intentguard.it.retry;

import dev.intentguard.it.app.Provider;
import io.smallrye.config.inject.ConfigExtension;
import io.smallrye.faulttolerance.FaultToleranceExtension;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

import java.io.IOException;
import java.util.Map;

/**
 * A refund tool whose provider call is a CDI bean method annotated with MicroProfile Fault Tolerance's {@code @Retry}
 * (2 retries, 100 ms apart), run by SmallRye Fault Tolerance's CDI extension in a Weld SE container, as Quarkus and
 * other MicroProfile runtimes run it. The provider is called with HttpURLConnection and a read timeout of
 * {@code provider.timeout.ms}.
 *
 * <p>Compiled by the test that runs it (SmallRyeRetryScenarios), against the version under test.
 */
public class MicroProfileRetryTools {
    /** The provider call, retried by {@code @Retry}. */
    @ApplicationScoped
    public static class Payments {
        @Retry(maxRetries = 2, delay = 100)
        public String refund(String orderId, String path) throws IOException {
            return Provider.post(path, "{\"order\":\"" + orderId + "\"}");
        }
    }

    private final Payments payments;

    MicroProfileRetryTools(Payments payments) {
        this.payments = payments;
    }

    /** side_effect tool: the {@code @Retry} bean inside, around the provider call. */
    public String refundWithRetry(String orderId, String path) throws IOException {
        return payments.refund(orderId, path);
    }

    /** {@code tool|ORDER|PATH} (the tool), {@code plain|ORDER|PATH} (the bean outside any tool). */
    public static void main(String[] args) {
        WeldContainer cdi = new Weld().disableDiscovery().addExtension(new ConfigExtension())
                .addExtension(new FaultToleranceExtension())
                .addBeanClass(Payments.class).initialize();
        Payments payments = cdi.select(Payments.class).get();
        MicroProfileRetryTools tools = new MicroProfileRetryTools(payments);
        ScriptedApp.run(args, Map.of(
                "tool", f -> tools.refundWithRetry(f[1], f[2]),
                "plain", f -> payments.refund(f[1], f[2])));
    }
}
