package dev.intentguard.agent.it.discover;

import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.discover.McpClientProgram;
import dev.intentguard.it.discover.McpHttpPaymentsApp;
import dev.intentguard.it.discover.McpPaymentsServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An MCP server written with the MCP Java SDK 2.1.0 ({@code McpPaymentsServer}: sync tools, no intentguard code), run
 * with and without the agent, and called by the SDK's own client ({@code McpClientProgram}) over the SDK's stdio
 * transport: the test starts the client JVM, the client starts the server JVM. The payments provider is a raw HTTP
 * server on loopback; {@code /slow/..} answers after the server's 500 ms timeout.
 */
class McpIT {
    /** The MCP Java SDK with Jackson 3, and the Tomcat its HTTP transports run in. */
    static final List<String> LIBS = LibraryJars.of("io.modelcontextprotocol.sdk:mcp-core:2.1.0",
            "io.modelcontextprotocol.sdk:mcp-json-jackson3:2.1.0", "org.apache.tomcat.embed:tomcat-embed-core:11.0.27");

    static final String SERVER = McpPaymentsServer.class.getName();
    static final String CLIENT = McpClientProgram.class.getName();
    static final String HTTP_APP = McpHttpPaymentsApp.class.getName();
    static final String KEY = "idempotency-key";
    static final String SENTENCE = "Safe to call once per set of arguments. Repeated calls return the original result.";

    @TempDir
    Path dir;
    RawHttpServer provider;
    final AtomicInteger runs = new AtomicInteger();

    @BeforeEach
    void setUp() throws IOException {
        provider = new RawHttpServer().behave(r -> r.path.startsWith("/slow/")
                ? RawHttpServer.Behavior.respond(200).body("{\"refund\":\"re_1\"}").after(2500)
                : RawHttpServer.Behavior.respond(200).body("{\"refund\":\"re_1\"}"));
    }

    @AfterEach
    void tearDown() {
        provider.close();
    }

    @Test
    void aToolWithoutHintsRunsOncePerIntent() throws Exception {
        Run r = run("", "call|refund|{\"orderId\":\"A1\",\"amount\":25}", "call|refund|{\"orderId\":\"A1\",\"amount\":25}",
                "call|charge|{\"orderId\":\"C1\",\"amount\":10}", "call|charge|{\"orderId\":\"C1\",\"amount\":10}");
        List<String> refunds = r.results("refund");
        assertEquals(2, refunds.size(), r.toString());
        assertTrue(refunds.get(0).startsWith("{\"status\":\"pending_unknown\",\"tool\":\"refund\""), r.toString());
        assertTrue(refunds.get(1).startsWith("{\"status\":\"pending_unknown\",\"tool\":\"refund\""), r.toString());
        List<RawHttpServer.Request> sent = r.requests("slow", "refund");
        assertEquals(1, sent.size(), "one refund reaches the provider: " + sent + "\n" + r);
        assertEquals(List.of(r.loggedKey("refund")), keys(sent), r.toString());

        List<String> charges = r.results("charge");
        assertEquals(2, charges.size(), r.toString());
        assertEquals("charge C1: 200 {\"refund\":\"re_1\"}", charges.get(0), "the first call answers the handler's own result");
        assertTrue(charges.get(1).startsWith("{\"status\":\"already_done\",\"tool\":\"charge\",\"result\":{\"content\":[{\"type\":\"text\","
                + "\"text\":\"charge C1: 200 {\\\"refund\\\":\\\"re_1\\\"}\""), "a repeat carries the first CallToolResult: " + r);
        assertEquals(1, r.requests("ok", "charge").size(), r.toString());
        assertTrue(r.tools.contains("refund Refunds an order. " + SENTENCE), "tools/list describes it: " + r.tools);
        assertEquals(1, r.logLines("duplicate caught: tool=refund", "layer=model"), "a new JSON-RPC request of the same "
                + "session repeated it: the audit names the model\n" + r.stderr);

        Run without = runWithoutAgent("call|refund|{\"orderId\":\"A1\",\"amount\":25}", "call|refund|{\"orderId\":\"A1\",\"amount\":25}");
        List<RawHttpServer.Request> plain = without.requests("slow", "refund");
        assertEquals(2, plain.size(), "without the agent both refunds are sent: " + plain + "\n" + without);
        assertEquals(Collections.nCopies(2, null), keys(plain));
        assertEquals(2, without.results("refund").size() + without.errors("refund").size(), without.toString());
        assertFalse(without.stdout.contains("pending_unknown"), without.toString());
        assertTrue(without.tools.contains("refund Refunds an order."), without.tools.toString());
        assertFalse(without.tools.stream().anyMatch(t -> t.contains(SENTENCE)), without.tools.toString());
    }

    @Test
    void readOnlyToolsAreLeftAloneAndIdempotentToolsRunEveryTimeWithOneKey() throws Exception {
        Run r = run("", "call|get_refund|{\"orderId\":\"G1\"}", "call|get_refund|{\"orderId\":\"G1\"}",
                "call|set_status|{\"orderId\":\"S1\",\"status\":\"shipped\"}", "call|set_status|{\"orderId\":\"S1\",\"status\":\"shipped\"}");
        assertEquals(List.of("get_refund G1: 200 {\"refund\":\"re_1\"}", "get_refund G1: 200 {\"refund\":\"re_1\"}"),
                r.results("get_refund"), r.toString());
        List<RawHttpServer.Request> reads = r.requests("ok", "get_refund");
        assertEquals(2, reads.size(), "a read tool runs every time: " + reads);
        assertEquals(Collections.nCopies(2, null), keys(reads), "and is not keyed");
        assertEquals(0, r.logLines("tool=get_refund"), r.stderr);

        assertEquals(Collections.nCopies(2, "set_status S1: 200 {\"refund\":\"re_1\"}"), r.results("set_status"), r.toString());
        List<RawHttpServer.Request> writes = r.requests("ok", "set_status");
        assertEquals(2, writes.size(), "an idempotent tool runs every time: " + writes);
        String key = r.loggedKey("set_status");
        assertEquals(List.of(key, key), keys(writes), "with the same key: " + r);
        assertTrue(r.tools.contains("set_status Sets an order's status."), "only side_effect tools are described: " + r.tools);
        assertTrue(r.tools.contains("get_refund Looks up a refund."), r.tools.toString());
    }

    @Test
    void aToolsEntryWinsOverALyingHint() throws Exception {
        String tools = "tools:\n"
                + "  - name: lying_lookup\n    effect: side_effect\n"
                + "  - name: refund\n    key: [orderId, amount]\n    exclude: [note]\n";
        Run r = run(tools, "call|lying_lookup|{\"orderId\":\"L1\"}", "call|lying_lookup|{\"orderId\":\"L1\"}",
                "call|refund|{\"orderId\":\"K1\",\"amount\":5,\"note\":\"customer asked\"}",
                "call|refund|{\"orderId\":\"K1\",\"amount\":5.00,\"note\":\"asked again\"}",
                "call|refund|{\"orderId\":\"K1\",\"amount\":6}");
        List<String> lookups = r.results("lying_lookup");
        assertEquals(2, lookups.size(), r.toString());
        assertTrue(lookups.get(1).startsWith("{\"status\":\"pending_unknown\",\"tool\":\"lying_lookup\""), r.toString());
        List<RawHttpServer.Request> sent = r.requests("slow", "lying_lookup");
        assertEquals(1, sent.size(), "readOnlyHint: true is a claim; the config says side_effect: " + sent + "\n" + r);
        assertEquals(List.of(r.loggedKey("lying_lookup")), keys(sent));
        assertTrue(r.tools.contains("lying_lookup Looks up an order (it refunds it, in truth). " + SENTENCE), r.tools.toString());

        List<String> refunds = r.results("refund");
        assertEquals(3, refunds.size(), r.toString());
        assertTrue(refunds.get(1).startsWith("{\"status\":\"pending_unknown\""), "same orderId and amount, another note: "
                + "the same intent " + r);
        assertEquals(2, r.requests("slow", "refund").size(), "K1/5 once, K1/6 once: " + r.requests("slow", "refund"));
        assertTrue(r.tools.contains("refund Refunds an order. Safe to call once per orderId and amount. Repeated calls return "
                + "the original result."), r.tools.toString());
    }

    @Test
    void discoverMcpFalseGuardsNothing() throws Exception {
        Run r = run("discover:\n  mcp: false\n", "call|refund|{\"orderId\":\"N1\",\"amount\":1}",
                "call|refund|{\"orderId\":\"N1\",\"amount\":1}", "call|set_status|{\"orderId\":\"N2\",\"status\":\"x\"}");
        List<RawHttpServer.Request> sent = r.requests("slow", "refund");
        assertEquals(2, sent.size(), "nothing guarded: both refunds are sent " + sent + "\n" + r);
        assertEquals(Collections.nCopies(2, null), keys(sent));
        assertEquals(Collections.singletonList(null), keys(r.requests("ok", "set_status")));
        assertFalse(r.stdout.contains("pending_unknown"), r.toString());
        assertEquals(0, r.logLines("intent tool="), r.stderr);
        assertTrue(r.stderr.contains("intentguard"), "the agent ran: " + r.stderr);
        assertTrue(r.tools.contains("refund Refunds an order."), r.tools.toString());
    }

    /**
     * A call made while the server starts waits for the weaving; with {@code store.open-timeout} far below the time the
     * weaving takes (hundreds of milliseconds), it goes on without it: under fail-closed the handler's start trampoline
     * refuses the unhinted refund (not sent; the answer says disabled and names the tool) and lets the read-only lookup
     * made just after run, as woven calls would; under fail-open the refund runs unguarded, with one ERROR.
     */
    @Test
    void aCallBeforeTheWeavingIsRefusedUnderFailClosedAndRunsUnderFailOpen() throws Exception {
        String refund = "call|refund|{\"orderId\":\"W1\",\"amount\":3}";
        Run closed = runWithStore("  open-timeout: 1ms\n", "on-error: fail-closed\n", refund, "call|get_refund|{\"orderId\":\"W2\"}");
        assertEquals(0, closed.requests("slow", "refund").size(), "refused before the handler ran: " + closed);
        List<String> answers = new ArrayList<>(closed.results("refund"));
        answers.addAll(closed.errors("refund"));
        assertEquals(1, answers.size(), closed.toString());
        assertTrue(answers.get(0).contains("disabled: refund did not run: it cannot be run safely right now"),
                "the answer says disabled, for the refund tool, and why (not \"switched off\"): " + answers);
        assertEquals(1, closed.logLines("lambda$fromSync$", "runs without its weaving", "answer disabled"), closed.stderr);
        assertEquals(List.of("get_refund W2: 200 {\"refund\":\"re_1\"}"), closed.results("get_refund"),
                "a tool hinted read-only is not refused: " + closed);
        assertEquals(1, closed.requests("ok", "get_refund").size(), closed.toString());

        Run open = runWithStore("  open-timeout: 1ms\n", "", refund);
        assertEquals(1, open.requests("slow", "refund").size(), "fail-open: the call runs unguarded " + open);
        assertEquals(Collections.singletonList(null), keys(open.requests("slow", "refund")));
        assertEquals(1, open.logLines("runs without its weaving", "run unguarded (on-error: fail-open)"), open.stderr);
    }

    @Test
    void statelessServerToolsAreGuardedToo() throws Exception {
        overHttp("stateless", false);
    }

    @Test
    void streamableHttpServerToolsAreGuardedToo() throws Exception {
        overHttp("streamable", true);
    }

    /** An HTTP server ({@code stateless} or {@code streamable}): the unhinted refund twice, with and without the agent. */
    private void overHttp(String server, boolean sessions) throws Exception {
        String call = "call|refund|{\"orderId\":\"T1\"}";
        Run r = http(server, true, call, call);
        List<String> refunds = r.results("refund");
        assertEquals(2, refunds.size(), r.toString());
        assertTrue(refunds.get(0).startsWith("{\"status\":\"pending_unknown\",\"tool\":\"refund\""), r.toString());
        assertTrue(refunds.get(1).startsWith("{\"status\":\"pending_unknown\",\"tool\":\"refund\""), r.toString());
        List<RawHttpServer.Request> sent = r.requests("slow", "refund");
        assertEquals(1, sent.size(), "one refund reaches the provider: " + sent + "\n" + r);
        assertEquals(List.of(r.loggedKey("refund")), keys(sent), r.toString());
        assertTrue(r.tools.contains("refund Refunds an order. " + SENTENCE), r.tools.toString());
        assertEquals(1, r.logLines("duplicate caught: tool=refund", sessions ? "layer=model" : "layer=unattributed"),
                "with a session and request ids the audit names the model; stateless, nobody\n" + r.stderr);

        Run without = http(server, false, call, call);
        List<RawHttpServer.Request> plain = without.requests("slow", "refund");
        assertEquals(2, plain.size(), "without the agent both refunds are sent: " + plain + "\n" + without);
        assertFalse(without.stdout.contains("pending_unknown"), without.toString());
    }

    // ---------------------------------------------------------------------------------------------------------------

    private Run run(String configLines, String... script) throws Exception {
        return runWithStore("", configLines, script);
    }

    /** {@code storeLines}: more lines of the {@code store:} section. */
    private Run runWithStore(String storeLines, String configLines, String... script) throws Exception {
        Path config = dir.resolve("intentguard-" + runs.get() + ".yaml");
        Files.writeString(config, "store:\n  path: " + dir.resolve("store").resolve("intents.dat") + "\n  in-flight-wait: 10s\n"
                + storeLines + "http:\n  hosts: [127.0.0.1]\n" + configLines, StandardCharsets.UTF_8);
        return start(true, config, script);
    }

    private Run runWithoutAgent(String... script) throws Exception {
        return start(false, null, script);
    }

    private Run start(boolean agent, Path config, String... script) throws Exception {
        String run = "run" + runs.incrementAndGet();
        List<String> cp = new ArrayList<>();
        cp.add(ForkedJvm.testClasses());
        cp.addAll(LIBS);
        ForkedJvm server = ForkedJvm.main(SERVER).classPath(cp).property("payments.url", provider.url())
                .property("payments.run", run).property("payments.timeout.ms", 500);
        if (agent) {
            server.agent("config=" + config);
        }
        Path command = dir.resolve(run + "-server-command.txt");
        Files.write(command, server.command(), StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>();
        args.add(command.toString());
        args.addAll(Arrays.asList(script));
        ForkedJvm.Result r = ForkedJvm.main(CLIENT, args.toArray(new String[0])).classPath(cp).workDir(dir.resolve("work"))
                .run(180);
        assertEquals(0, r.exitCode, r.toString());
        return new Run(run, r);
    }

    /** An HTTP server ({@code mcp.server}) and its client in one JVM, over HTTP on loopback. */
    private Run http(String server, boolean agent, String... script) throws Exception {
        String run = "run" + runs.incrementAndGet();
        Path config = dir.resolve("intentguard-" + run + ".yaml");
        Files.writeString(config, "store:\n  path: " + dir.resolve("store").resolve("intents.dat") + "\n  in-flight-wait: 10s\n"
                + "http:\n  hosts: [127.0.0.1]\n", StandardCharsets.UTF_8);
        List<String> cp = new ArrayList<>();
        cp.add(ForkedJvm.testClasses());
        cp.addAll(LIBS);
        ForkedJvm app = ForkedJvm.main(HTTP_APP, script).classPath(cp).property("mcp.server", server)
                .property("payments.url", provider.url())
                .property("payments.run", run).property("payments.timeout.ms", 500).workDir(dir.resolve("work"));
        if (agent) {
            app.agent("config=" + config);
        }
        ForkedJvm.Result r = app.run(180);
        assertEquals(0, r.exitCode, r.toString());
        return new Run(run, r);
    }

    private static List<String> keys(List<RawHttpServer.Request> requests) {
        return requests.stream().map(q -> q.header(KEY)).collect(Collectors.toList());
    }

    /** One client run (and the server it started). */
    private final class Run {
        final String id;
        final String stdout;
        final String stderr;
        final List<String> tools;
        private final ForkedJvm.Result result;

        Run(String id, ForkedJvm.Result result) {
            this.id = id;
            this.result = result;
            this.stdout = result.stdout;
            this.stderr = result.stderr;
            this.tools = result.lines("TOOL ");
        }

        List<String> results(String tool) {
            return result.lines("RESULT " + tool + " ");
        }

        List<String> errors(String tool) {
            return result.lines("ERROR " + tool + " ");
        }

        List<RawHttpServer.Request> requests(String mode, String tool) {
            return provider.requests("POST", "/" + mode + "/" + id + "/" + tool);
        }

        long logLines(String... texts) {
            return stderr.lines().filter(l -> Arrays.stream(texts).allMatch(l::contains)).count();
        }

        /** The key the server's intent log printed for {@code tool}. */
        String loggedKey(String tool) {
            Matcher m = Pattern.compile(Pattern.quote("intent tool=" + tool + " key=") + "(ig1:" + Pattern.quote(tool)
                    + ":[^\\s:]+)").matcher(stderr);
            assertTrue(m.find(), "no intent line for " + tool + " in:\n" + stderr);
            assertNotNull(m.group(1));
            return m.group(1);
        }

        @Override
        public String toString() {
            return result.toString();
        }
    }
}
