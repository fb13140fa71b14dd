package dev.intentguard.agent.audit.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AuditReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SCHEMA = Path.of("..", "docs", "report.schema.json");

    @TempDir
    Path dir;

    private static String attempt(long at, String outcome, boolean resend) {
        return "{\"at\":" + at + ",\"client\":\"okhttp\",\"request\":\"POST h:1 /r\",\"outcome\":\"" + outcome
                + "\",\"resend\":" + resend + "}";
    }

    private static String call(long at, String mode, String key, String layer, boolean ran, String answer, boolean prevented,
                               String... attempts) {
        return "{\"v\":1,\"type\":\"call\",\"at\":" + at + ",\"pid\":7,\"mode\":\"" + mode + "\",\"tool\":\"refund\","
                + "\"effect\":\"side_effect\",\"key\":\"" + key + "\"" + (layer == null ? "" : ",\"layer\":\"" + layer
                + "\",\"repeat\":1") + ",\"ran\":" + ran + ",\"answer\":\"" + answer + "\",\"prevented\":" + prevented
                + (layer != null && "audit".equals(mode) ? ",\"would_answer\":\"already_done\"" : "")
                + ",\"attempts\":[" + String.join(",", attempts) + "]}";
    }

    private ObjectNode report(List<String> lines, long since) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("intents.dat.journal"));
        Files.write(folder.resolve("audit-7.jsonl"), lines);
        JournalReader.Journal j = JournalReader.read(folder, since);
        return AuditReport.build(j, new AuditReport.StoreView("read", Map.of("k1", "pending_unknown", "k2", "done"),
                Map.of("k1", "refund", "k2", "refund")), "/s/intents.dat", folder.toString(), since == 0 ? null : since,
                10_000);
    }

    @Test
    void countsRepeatsByLayerFanOutAndWhatWasPrevented() throws Exception {
        List<String> lines = new ArrayList<>(List.of(
                call(1000, "audit", "k1", null, true, "error", false,
                        attempt(1001, "no_response", false), attempt(1002, "no_response", true)),
                call(1100, "audit", "k1", "framework", true, "error", false,
                        attempt(1101, "no_response", false), attempt(1102, "response", true)),
                "{not json",
                call(1200, "enforce", "k2", null, true, "result", false, attempt(1201, "response", false)),
                call(1300, "enforce", "k2", "model", false, "already_done", true),
                call(1400, "enforce", "k2", "user", false, "already_done", true),
                call(1500, "enforce", "k2", null, true, "result", false, attempt(1501, "suppressed", true)),
                "{\"v\":1,\"type\":\"dropped\",\"at\":1600,\"pid\":7,\"count\":3}"));
        ObjectNode r = report(lines, 0);
        assertEquals(1, r.path("unreadable_lines").asInt());
        assertEquals(3, r.path("journal_dropped").asInt());
        JsonNode t = r.path("tools").get(0);
        assertEquals(6, t.path("invocations").asInt());
        assertEquals(2, t.path("distinct_intents").asInt());
        assertEquals(5, t.path("wire_attempts").asInt(), "suppressed attempts never reached the server");
        assertEquals(1, t.path("repeats").path("framework").asInt());
        assertEquals(1, t.path("repeats").path("model").asInt());
        assertEquals(1, t.path("repeats").path("user").asInt());
        assertEquals(3, t.path("repeats").path("client").asInt(), "two resends sent, one stopped");
        assertEquals(1, t.path("prevented").path("client").asInt());
        assertEquals(1, t.path("prevented").path("model").asInt());
        assertEquals(3, t.path("prevented_total").asInt());
        assertEquals(1, t.path("would_prevent").path("framework").asInt());
        assertEquals(4, t.path("fan_out").path("max").asInt());
        assertEquals(4, t.path("fan_out").path("p99").asInt());
        assertEquals(2.5, t.path("fan_out").path("mean").asDouble());
        assertEquals(2, t.path("fan_out_by_layer").path("original").asInt() - 0, t.toString());
        assertEquals(1, t.path("fan_out_by_layer").path("framework").asInt());
        assertEquals(2, t.path("fan_out_by_layer").path("client").asInt());
        assertEquals(1, t.path("unknown").asInt());
        assertEquals("k1", r.path("worst_intents").get(0).path("key").asText());
        assertEquals(List.of("audit", "enforce"), List.of(r.path("modes").get(0).asText(), r.path("modes").get(1).asText()));
        assertTrue(SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Files.readString(SCHEMA), InputFormat.JSON).validate(JSON.writeValueAsString(r), InputFormat.JSON)
                .isEmpty());

        ObjectNode window = report(lines, 1250);
        assertEquals(3, window.path("tools").get(0).path("invocations").asInt(), "--since keeps the later calls");
    }

    @Test
    void theSchemaRejectsAReportThatBreaksIt() throws Exception {
        ObjectNode r = report(List.of(call(1000, "audit", "k1", null, true, "result", false)), 0);
        ((ObjectNode) r.path("tools").get(0).path("repeats")).put("retry_storm", 3);
        r.put("version", 2);
        String errors = String.valueOf(SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Files.readString(SCHEMA), InputFormat.JSON).validate(JSON.writeValueAsString(r), InputFormat.JSON));
        assertTrue(errors.contains("version"), errors);
        assertTrue(errors.contains("retry_storm"), errors);
    }

    @Test
    void percentileIsNearestRank() {
        List<Integer> values = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            values.add(i);
        }
        assertEquals(99, AuditReport.percentile(values, 99));
        assertEquals(1, AuditReport.percentile(List.of(1), 99));
        assertEquals(0, AuditReport.percentile(List.of(), 99));
    }

    @Test
    void theHtmlEmbedsTheDataSafely() throws Exception {
        ObjectNode r = report(List.of(call(1000, "audit", "k</script><script>alert(1)</script>", null, true, "result", false)), 0);
        String html = HtmlReport.render(r);
        assertFalse(html.contains("k</script>"), "a key cannot end the data's script element");
        assertTrue(html.contains("\\u003c/script\\u003e"));
        assertFalse(html.contains("__REPORT_JSON__"));
        assertTrue(TextReport.render(r).contains("refund (side_effect)"));
    }
}
