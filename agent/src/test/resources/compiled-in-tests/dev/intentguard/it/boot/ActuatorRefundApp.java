package dev.intentguard.it.boot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A Spring Boot service with Actuator and the Prometheus registry (compiled by the test against the Boot jars): its
 * refund endpoint calls the side_effect tool {@link RefundTool#refund}, which POSTs to the provider with the JDK's
 * HttpClient. Prints {@code PORT n} once the server listens; {@code /actuator/prometheus} is exposed.
 */
@SpringBootApplication
public class ActuatorRefundApp {
    public static void main(String[] args) {
        System.setProperty("server.port", "0");
        System.setProperty("server.address", "127.0.0.1");
        System.setProperty("management.endpoints.web.exposure.include", "prometheus,health");
        System.setProperty("spring.main.banner-mode", "off");
        SpringApplication.run(ActuatorRefundApp.class, args);
    }

    @Component
    static class PortPrinter implements ApplicationListener<WebServerInitializedEvent> {
        @Override
        public void onApplicationEvent(WebServerInitializedEvent event) {
            System.out.println("PORT " + event.getWebServer().getPort());
        }
    }

    @Component
    public static class RefundTool {
        private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

        /** side_effect tool (key: orderId). */
        public String refund(String orderId) throws IOException, InterruptedException {
            HttpRequest post = HttpRequest.newBuilder(URI.create(System.getProperty("provider.url") + "/refunds"))
                    .timeout(Duration.ofSeconds(3))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"order\":\"" + orderId + "\"}")).build();
            HttpResponse<String> r = client.send(post, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() >= 400) {
                throw new IOException("provider answered " + r.statusCode());
            }
            return r.body();
        }
    }

    @RestController
    static class Refunds {
        private final RefundTool tool;

        Refunds(RefundTool tool) {
            this.tool = tool;
        }

        @PostMapping("/refunds/{order}")
        String refund(@PathVariable("order") String order) {
            try {
                return "RESULT " + tool.refund(order);
            } catch (Exception e) {
                return "THROWN " + e.getClass().getName() + ": " + e.getMessage();
            }
        }
    }
}
