package dev.intentguard.agent.it.audit;

import dev.intentguard.agent.testkit.CompiledInTest;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.agent.testkit.RawHttpServer.Behavior;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Spring Boot 4 service with Actuator and the Prometheus registry (issue 17): a person asks for the same refund twice
 * through its endpoint; {@code /actuator/prometheus}, scraped over loopback, shows the repeat the agent answered and
 * the call by status, because Boot binds its registry to Micrometer's global registry. Without the agent the provider
 * is paid twice and the scrape has no intentguard meter. The app is compiled in the test against the Boot jars.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)        // a service that never listens fails, not hangs
class SpringBootActuatorIT {
    static final String APP = "dev.intentguard.it.boot.ActuatorRefundApp";
    static final List<String> BOOT = LibraryJars.of("org.springframework.boot:spring-boot-starter-web:4.0.7",
            "org.springframework.boot:spring-boot-starter-actuator:4.0.7",
            "io.micrometer:micrometer-registry-prometheus:1.16.5");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path dir;
    AuditWorld world;
    RawHttpServer provider;
    List<String> classPath;

    @BeforeEach
    void setUp() throws Exception {
        world = new AuditWorld(dir);
        provider = new RawHttpServer().always(Behavior.respond(200).body("{\"id\":\"re_1\"}"));
        world.config("enforce", String.join("\n",
                "http:",
                "  hosts: [127.0.0.1]",
                "tools:",
                "  - name: refund_order",
                "    method: " + APP + "$RefundTool#refund",
                "    effect: side_effect",
                "    key: [orderId]",
                ""));
        classPath = new ArrayList<>(BOOT);
        classPath.add(0, CompiledInTest.compile(APP, dir, BOOT).toString());
    }

    @AfterEach
    void tearDown() {
        provider.close();
    }

    @Test
    void actuatorsPrometheusEndpointShowsTheRepeatTheAgentAnswered() throws Exception {
        String plain = session(false, "P-1");
        assertEquals(2, provider.requests("POST", "/refunds").size(), "without the agent the provider is paid twice");
        assertFalse(plain.contains("intentguard_"), plain);
        assertTrue(plain.contains("jvm_"), "Actuator's own meters are there: " + plain);

        provider.clear();
        String scrape = session(true, "A-1");
        assertEquals(1, provider.requests("POST", "/refunds").size(), "the repeat is answered from the store");
        assertTrue(scrape.contains("intentguard_tool_calls_total{effect=\"side_effect\",status=\"result\",tool=\"refund_order\"} 1.0"),
                scrape);
        assertTrue(scrape.contains("intentguard_tool_calls_total{effect=\"side_effect\",status=\"already_done\",tool=\"refund_order\"} 1.0"),
                scrape);
        assertTrue(scrape.matches("(?s).*intentguard_duplicates_prevented_total\\{layer=\"[a-z]+\",mode=\"enforce\",tool=\"refund_order\"} 1\\.0.*"),
                scrape);
        assertTrue(scrape.contains("intentguard_fanout_count{tool=\"refund_order\"} 1"), scrape);
    }

    /** Starts the service, asks for the refund of {@code order} twice, scrapes Actuator's Prometheus endpoint, stops it. */
    private String session(boolean agent, String order) throws Exception {
        ForkedJvm jvm = ForkedJvm.main(APP).classPath(classPath).property("provider.url", provider.url())
                .workDir(dir.resolve("work"));
        ForkedJvm.Running running = (agent ? jvm.agent("config=" + world.config) : jvm).start();
        try {
            String port = null;
            while (port == null) {
                assertTrue(running.process.isAlive(), "the service ended before it listened:\n" + running.stdout() + running.stderr());
                port = running.stdout().lines().filter(l -> l.startsWith("PORT ")).map(l -> l.substring(5)).findFirst().orElse(null);
                Thread.sleep(100);
            }
            URI base = URI.create("http://127.0.0.1:" + port);
            for (int i = 0; i < 2; i++) {
                HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(base.resolve("/refunds/" + order))
                        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
                // The repeat answered by the agent carries the first result (for a String tool, in its JSON envelope).
                assertTrue(r.body().startsWith("RESULT ") && r.body().contains("\"id\":\"re_1\""), r.body() + "\n"
                        + running.stderr());
            }
            HttpResponse<String> scrape = HTTP.send(HttpRequest.newBuilder(base.resolve("/actuator/prometheus")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, scrape.statusCode(), scrape.body() + "\n" + running.stderr());
            return scrape.body();
        } finally {
            running.process.destroy();
            running.process.waitFor();
        }
    }
}
