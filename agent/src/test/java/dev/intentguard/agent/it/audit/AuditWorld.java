package dev.intentguard.agent.it.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.intentguard.agent.audit.report.JournalReader;
import dev.intentguard.agent.it.http.OkHttp4IT;
import dev.intentguard.agent.it.retry.Resilience4jIT;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.agent.testkit.RawHttpServer.Behavior;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the audit tests share: a config and store in a temp directory, the CLI, the report's schema. */
final class AuditWorld {
    static final Path SCHEMA = Path.of("..", "docs", "report.schema.json").toAbsolutePath().normalize();
    static final ObjectMapper JSON = new ObjectMapper();

    final Path dir;
    final Path config;
    final Path store;

    AuditWorld(Path dir) {
        this.dir = dir;
        this.config = dir.resolve("intentguard.yaml");
        this.store = dir.resolve("store").resolve("intents.dat");
    }

    /** The seed's provider: GET /status answers 200 (the connection stays open, pooled); every POST is read whole, then reset. */
    static RawHttpServer resettingProvider() throws IOException {
        return new RawHttpServer().behave(r -> r.method.equals("POST") ? Behavior.resetAfterBody() : Behavior.respond(200));
    }

    /** The class path of the seed's retry stack (the test classes, OkHttp 4, Resilience4j), then {@code more}. */
    static List<String> retryStack(List<String> more) {
        List<String> cp = new ArrayList<>(List.of(ForkedJvm.testClasses()));
        cp.addAll(OkHttp4IT.OKHTTP4);
        cp.addAll(Resilience4jIT.LIBS);
        cp.addAll(more);
        return cp;
    }

    AuditWorld config(String mode, String rest) throws IOException {
        Files.writeString(config, "mode: " + mode + "\nstore:\n  path: " + store + "\n  in-flight-wait: 10s\n" + rest,
                StandardCharsets.UTF_8);
        return this;
    }

    /** The journal folder beside the store. */
    Path journal() {
        return store.resolveSibling("intents.dat.journal");
    }

    /** {@code java -jar intentguard-agent.jar ARGS}. */
    ForkedJvm.Result cli(String... args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of(ForkedJvm.agentJar().toString()));
        all.addAll(List.of(args));
        ForkedJvm.Result r = ForkedJvm.main("-jar", all.toArray(new String[0])).workDir(dir.resolve("cli")).run(90);
        assertEquals(0, r.exitCode, r.toString());
        return r;
    }

    /** The JSON report, validated against docs/report.schema.json. */
    JsonNode jsonReport() throws Exception {
        Path out = dir.resolve("report.json");
        cli("report", "--store", store.toString(), "--format", "json", "--out", out.toString());
        String json = Files.readString(out);
        List<Error> errors = schema().validate(json, InputFormat.JSON);
        assertEquals(List.of(), errors.stream().map(String::valueOf).collect(Collectors.toList()),
                "the report validates against " + SCHEMA + ":\n" + json);
        return JSON.readTree(json);
    }

    static Schema schema() throws IOException {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Files.readString(SCHEMA), InputFormat.JSON);
    }

    /** The calls in the journal, in time order across processes, as the report reads them ({@link JournalReader}). */
    List<JsonNode> journalCalls() throws IOException {
        return JournalReader.read(journal(), 0).calls;
    }

    /** The {@code jfr} tool of the JDK the forked JVMs run on. */
    static String jfr(Path recording, String event) throws IOException, InterruptedException {
        String home = System.getProperty("intentguard.it.java.home", System.getProperty("java.home"));
        Process p = new ProcessBuilder(Path.of(home, "bin", "jfr").toString(), "print", "--stack-depth", "64", "--events", event,
                recording.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
