package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.http.SpringRestApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spring Framework 7's {@code RestClient} and {@code RestTemplate} over each request factory they can pick: the key
 * arrives once, on one request, whichever HTTP client carries it (the plugin of that client puts it there), and it
 * replaces a key the application set itself. Without the agent the application's own key goes out.
 */
class SpringRestClientIT {
    static final String APP = SpringRestApp.class.getName();
    static final List<String> FACTORIES = List.of("simple", "jdk", "httpcomponents", "jetty", "reactor");
    static final String TOOLS = String.join("\n",
            "tools:",
            "  - name: rest_client",
            "    method: dev.intentguard.it.http.SpringRestTools#restClient",
            "    effect: side_effect",
            "  - name: rest_template",
            "    method: dev.intentguard.it.http.SpringRestTools#restTemplate",
            "    effect: side_effect",
            "");
    /** Spring's web client with every HTTP client its request factories use (the newest versions supported). */
    static final List<String> LIBS = LibraryJars.of("org.springframework:spring-web:7.0.9",
            "org.springframework:spring-context:7.0.9", "org.apache.httpcomponents.client5:httpclient5:5.6.5",
            "org.eclipse.jetty:jetty-client:12.1.14", "io.projectreactor.netty:reactor-netty-http:1.3.7");

    @TempDir
    Path dir;
    ClientWorld world;

    @BeforeEach
    void setUp() throws Exception {
        world = new ClientWorld(dir).config("  hosts: [127.0.0.1]\n  client-retries: suppress", TOOLS);
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    private static String[] script(String run) {
        List<String> commands = new ArrayList<>();
        for (String f : FACTORIES) {
            commands.add("client|" + f + "|O-" + f + "|/charges/" + run + "/client-" + f);
            commands.add("template|" + f + "|O-" + f + "|/charges/" + run + "/template-" + f);
        }
        return commands.toArray(new String[0]);
    }

    @Test
    void everyRequestFactoryCarriesTheKeyOnceAndReplacesTheApplicationsOwn() throws Exception {
        ForkedJvm.Result without = world.hostWithoutAgent(APP, LIBS, script("plain")).run(90);
        assertEquals(0, without.exitCode, without.toString());
        for (String f : FACTORIES) {
            List<RawHttpServer.Request> client = world.requests("POST", "/charges/plain/client-" + f);
            assertEquals(1, client.size(), f + ": " + client + "\n" + without);
            assertEquals("set-by-the-application", client.get(0).header(ClientWorld.KEY), f + "\n" + without);
            List<RawHttpServer.Request> template = world.requests("POST", "/charges/plain/template-" + f);
            assertEquals(1, template.size(), f + ": " + template + "\n" + without);
            assertEquals(null, template.get(0).header(ClientWorld.KEY), f + "\n" + without);
        }

        ForkedJvm.Result r = world.host(APP, LIBS, script("agent")).run(90);
        assertEquals(0, r.exitCode, r.toString());
        assertEquals(2 * FACTORIES.size(), r.lines("RESULT ").size(), r.toString());
        for (String f : FACTORIES) {
            for (String tool : List.of("client", "template")) {
                List<RawHttpServer.Request> posts = world.requests("POST", "/charges/agent/" + tool + "-" + f);
                assertEquals(1, posts.size(), f + " " + tool + ": " + posts + "\n" + r);
                String key = posts.get(0).header(ClientWorld.KEY);
                assertTrue(key != null && key.startsWith("ig1:rest_" + tool + ":") && !key.contains(","),
                        f + " " + tool + ": one key, the intent's: " + posts.get(0) + "\n" + r);
            }
        }
    }
}
