package dev.intentguard.agent.it;

import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.LibraryJars;
import dev.intentguard.it.app.HostLibsApp;
import dev.intentguard.it.app.HostStoreLibsApp;
import dev.intentguard.it.app.NoNamesSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The host stays the host: its own libraries, its own logging, its files and network untouched, bad configs handled. */
class IsolationIT {
    @TempDir
    Path dir;
    AgentFixture world;

    @BeforeEach
    void setUp() throws Exception {
        world = new AgentFixture(dir).config(AgentFixture.standardTools());
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    @Test
    void aHostWithItsOwnJacksonByteBuddyAndSlf4jRunsUnchanged() throws Exception {
        Path classes = dir.resolve("classes.log");
        ForkedJvm.Result r = ForkedJvm.main(HostLibsApp.class.getName())
                .option("-Xlog:class+load=info:file=" + classes)
                .agent("config=" + world.config)
                .classPath(ForkedJvm.testClasses()).classPath(LibraryJars.of("com.fasterxml.jackson.core:jackson-databind:2.17.2", "net.bytebuddy:byte-buddy:1.14.18", "org.slf4j:slf4j-simple:1.7.36").toArray(new String[0]))
                .property("provider.url", world.provider.url())
                .workDir(dir.resolve("work")).run(60);

        assertEquals(0, r.exitCode, r.toString());
        assertEquals(List.of("2.17.2"), r.lines("JACKSON "), "the host's own Jackson");
        assertEquals(List.of("{\"order\":\"8812\"}"), r.lines("JSON "));
        assertTrue(r.lines("BYTEBUDDY ").get(0).contains("byte-buddy-1.14.18.jar"), r.toString());
        assertEquals(List.of("host.Generated"), r.lines("GENERATED "));
        assertTrue(r.lines("SLF4J ").get(0).contains("slf4j-api-1.7.36.jar"), r.toString());
        // Only the premain zone (dev.intentguard.agent.boot) and the bridge are visible; the core and every library
        // the agent carries are not, even one the host does not have itself (jsr310).
        assertEquals(List.of("dev.intentguard.agent.AgentStartup", "net.openhft.chronicle.map.ChronicleMap",
                "com.fasterxml.jackson.datatype.jsr310.JavaTimeModule", "dev.intentguard.agent.tool.SideEffectCall"),
                r.lines("HIDDEN "), "no agent class leaks to the host");
        assertTrue(r.lines("RESULT ").get(1).startsWith("{\"status\":\"already_done\""), r.toString());
        assertEquals(1 + 1, world.provider.posts("/refunds"), "one refund_order, one refund_node");
        List<String> nodes = r.lines("NODE ");
        assertEquals("com.fasterxml.jackson.databind.node.ObjectNode re_2", nodes.get(0), r.toString());
        assertTrue(nodes.get(1).startsWith("com.fasterxml.jackson.databind.node.ObjectNode already_done re_2 "), nodes.get(1));
        assertTrue(nodes.get(1).endsWith("jackson-databind-2.17.2.jar"), "a node of the host's own Jackson: " + nodes.get(1));
        // The intent line goes through the host's own SLF4J backend (slf4j-simple's format), not the agent's stderr.
        assertTrue(r.stderr.contains("INFO intentguard.intent - intent tool=refund_order key=ig1:refund_order:"), r.stderr);
        assertFalse(r.stderr.contains("[intentguard] INFO intentguard.intent"), r.stderr);
        assertTrue(r.stderr.contains("INFO host.app - host app logging through its own SLF4J"), r.stderr);
        // Premain, and the start-up thread up to the end of its wait for the start to settle, spin no lambda: a cold JVM
        // takes 0.3-0.5 ms for each (docs/performance.md). The log lists classes in the order they loaded; the main
        // class comes right after premain, and StartSettling$Reason loads as the wait ends (a main thread held up for
        // its 500 ms would otherwise let the start-up thread's later lambdas in).
        List<String> beforeMain = new ArrayList<>();
        for (String line : Files.readAllLines(classes)) {
            if (line.contains(" " + HostLibsApp.class.getName() + " source:")
                    || line.contains(" dev.intentguard.agent.StartSettling$Reason source:")) {
                break;
            }
            beforeMain.add(line);
        }
        assertTrue(beforeMain.size() > 200 && beforeMain.stream().anyMatch(l -> l.contains("dev.intentguard.agent.AgentStartup ")),
                "the log holds premain's classes: " + beforeMain.size() + " lines");
        assertEquals(List.of(), beforeMain.stream().filter(l -> l.contains("dev.intentguard.") && l.contains("$$Lambda"))
                .collect(Collectors.toList()), "lambdas of the agent's spun before main");
        // Nor does premain start SLF4J's LoggerFactory (the agent's classes use AgentLoggers): its first use looks for
        // providers and scans the loader for old bindings. The host's own loads after main.
        assertEquals(List.of(), beforeMain.stream().filter(l -> l.contains(" org.slf4j.LoggerFactory "))
                .collect(Collectors.toList()), "SLF4J's LoggerFactory loaded before main");
    }

    @Test
    void aHostWithItsOwnJedisAndPostgresDriverRunsUnchangedWhileTheAgentUsesASharedStore() throws Exception {
        for (dev.intentguard.agent.testkit.SharedBackend backend : List.of(dev.intentguard.agent.testkit.SharedBackend.redis(),
                dev.intentguard.agent.testkit.SharedBackend.postgres())) {
            try (backend) {
                world.rawConfig("store:\n  url: \"" + backend.url() + "\"\n  namespace: " + backend.namespace + "\n"
                        + AgentFixture.standardTools());
                ForkedJvm.Result r = ForkedJvm.main(HostStoreLibsApp.class.getName())
                        .agent("config=" + world.config)
                        .classPath(ForkedJvm.testClasses()).classPath(LibraryJars.of("redis.clients:jedis:7.2.1", "org.postgresql:postgresql:42.7.3").toArray(new String[0]))
                        .property("provider.url", world.provider.url())
                        .workDir(dir.resolve("work-" + backend)).run(60);
                assertEquals(0, r.exitCode, r.toString());
                assertTrue(r.lines("JEDIS ").get(0).contains("jedis-7.2.1.jar") && r.lines("JEDIS ").get(0).endsWith(" mine"),
                        "the host's own Jedis (the agent's is 8.0.2)\n" + r);
                assertEquals(List.of("42.7.3 1"), r.lines("PGJDBC "), "the host's own PostgreSQL driver (the agent's is 42.7.14)");
                assertEquals(1, r.lines("DRIVER ").size(), "only the host's driver is registered: " + r.lines("DRIVER "));
                assertTrue(r.lines("DRIVER ").get(0).contains("postgresql-42.7.3.jar"), r.toString());
                assertTrue(r.lines("RESULT ").get(1).startsWith("{\"status\":\"already_done\""), backend + "\n" + r);
                assertEquals(List.of("dev.intentguard.agent.store.redis.RedisIntentStore",
                        "dev.intentguard.agent.store.postgres.PostgresIntentStore"), r.lines("HIDDEN "));
            }
        }
        assertEquals(2, world.provider.posts("/refunds"), "one refund per store");
    }

    @Test
    void aBrokenConfigUnderFailOpenLeavesTheAppRunningWithoutTheAgent() throws Exception {
        world.rawConfig("tools:\n  - name: refund_order\n    method: dev.intentguard.it.app.SupportTools#refundOrder\n"
                + "    effect: side-effect\n");
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|a", "refund|8812|49.00|EUR|b").run(60);

        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains(world.config + ":4: effect \"side-effect\" is not read, idempotent or side_effect"), r.stderr);
        assertTrue(r.stderr.contains("fix: write effect: side_effect"), r.stderr);
        assertTrue(r.stderr.contains("intentguard is off for this run (on-error: fail-open)"), r.stderr);
        assertEquals(2, r.lines("RESULT refund {\"id\"").size(), "the app ran, unguarded");
        assertEquals(2, world.provider.posts("/refunds"));
    }

    @Test
    void aBrokenConfigUnderFailClosedStopsTheJvmBeforeMain() throws Exception {
        world.rawConfig("on-error: fail-closed\ntools:\n  - name: refund_order\n"
                + "    method: dev.intentguard.it.app.SupportTools#refundOrder\n    effect: sideeffect\n");
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|a").run(60);

        assertEquals(78, r.exitCode, r.toString());
        assertEquals("", r.stdout, "main never ran");
        assertTrue(r.stderr.contains(world.config + ":5: effect \"sideeffect\" is not read, idempotent or side_effect"), r.stderr);
        assertTrue(r.stderr.contains("The JVM stops before main (on-error: fail-closed, exit status 78)"), r.stderr);
        assertEquals(0, world.provider.requests().size());
    }

    @Test
    void aKeyNamingNoArgumentIsCaughtBeforeMainUnderFailClosed() throws Exception {
        world.config(AgentFixture.standardTools().replace("key: [orderId, amount]", "key: [orderID, amount]")
                .replace("tools:\n", "tools:\n").replaceFirst("^", ""));
        String text = Files.readString(world.config);
        Files.writeString(world.config, "on-error: fail-closed\n" + text);
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|a").run(60);

        assertEquals(78, r.exitCode, r.toString());
        int keyLine = lineOf(world.config, "key: [orderID, amount]");
        assertTrue(r.stderr.contains(world.config + ":" + keyLine + ": key \"orderID\" names no argument of "
                + "dev.intentguard.it.app.SupportTools#refundOrder(String, BigDecimal, String, String); its arguments are "
                + "orderId, amount, currency, reason"), r.stderr);
        assertTrue(r.stderr.contains("fix: write one of orderId, amount, currency, reason (or an index from 0 to 3)"), r.stderr);
    }

    @Test
    void aKeyNamingNoArgumentUnderFailOpenLeavesThatToolUnguardedAndSaysSo() throws Exception {
        world.config(AgentFixture.standardTools().replace("key: [orderId, amount]", "key: [orderID, amount]"));
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|a", "refund|8812|49.00|EUR|b", "cancel|C1", "cancel|C1").run(60);

        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.stderr.contains("key \"orderID\" names no argument"), r.stderr);
        assertTrue(r.stderr.contains("refund_order runs unguarded (on-error: fail-open)"), r.stderr);
        assertEquals(2, world.provider.posts("/refunds"), "the broken tool runs unguarded");
        assertEquals(1, world.provider.posts("/cancellations"), "the other tools stay guarded");
    }

    @Test
    void withoutArgumentNamesInTheClassFileTheErrorSaysSoAndIndexesWork() throws Exception {
        Path classes = dir.resolve("bare-classes");
        Path src = dir.resolve("src/nonames/BareTools.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, NoNamesSource.SOURCE);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-g:none", "-d", classes.toString(), "-cp", ForkedJvm.testClasses(),
                src.toString()));

        world.config("tools:\n  - name: refund\n    method: " + NoNamesSource.CLASS + "#refund\n    effect: side_effect\n"
                + "    key: [orderId]\n");
        ForkedJvm.Result byName = ForkedJvm.main(NoNamesSource.CLASS).agent("config=" + world.config)
                .classPath(classes.toString(), ForkedJvm.testClasses()).property("provider.url", world.provider.url())
                .workDir(dir.resolve("work")).run(60);
        assertTrue(byName.stderr.contains("key \"orderId\" names an argument, but the argument names of "
                + "nonames.BareTools#refund(String, BigDecimal) are not in its class file"), byName.stderr);
        assertTrue(byName.stderr.contains("compile with -parameters (Maven: <parameters>true</parameters>) or with debug "
                + "information (-g), or write indexes: key: [0, 1]"), byName.stderr);
        assertEquals(2, world.provider.posts("/refunds"));

        world.config("tools:\n  - name: refund\n    method: " + NoNamesSource.CLASS + "#refund\n    effect: side_effect\n"
                + "    key: [0]\n");
        ForkedJvm.Result byIndex = ForkedJvm.main(NoNamesSource.CLASS).agent("config=" + world.config)
                .classPath(classes.toString(), ForkedJvm.testClasses()).property("provider.url", world.provider.url())
                .workDir(dir.resolve("work")).run(60);
        assertTrue(byIndex.lines("RESULT ").get(1).startsWith("{\"status\":\"already_done\""), byIndex.toString());
        assertEquals(3, world.provider.posts("/refunds"));
    }

    @Test
    void nothingIsWrittenOutsideTheStorePathAndNothingButTheHostTalksToTheNetwork() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("system.properties"), "leaked.by.chronicle=yes\n");
        Path trace = dir.resolve("strace.txt");
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|a", "refund|8812|49.00|EUR|b", "prop|leaked.by.chronicle")
                .under("strace", "-f", "-qq", "-e", "trace=connect,sendto,sendmsg", "-o", trace.toString())
                .env("HOME", home.toString()).property("user.home", home).property("java.io.tmpdir", tmp)
                .workDir(work).run(120);

        assertEquals(0, r.exitCode, r.toString());
        assertEquals(List.of("null"), r.lines("RESULT prop "), "Chronicle must not load ./system.properties into the host");
        assertEquals(List.of(), list(home), "nothing in the user's home");
        assertEquals(List.of(), list(tmp), "nothing in the temp directory");
        assertEquals(List.of("system.properties"), list(work), "nothing in the working directory");
        assertEquals(List.of("intents.dat", "intents.dat.journal", "intents.dat.lock"), list(world.store.getParent()),
                "the store, its sidecar lock and the audit journal's folder are the only files written");
        List<String> journal = list(world.store.resolveSibling("intents.dat.journal"));
        assertEquals(1, journal.size(), journal.toString());
        assertTrue(journal.get(0).matches("audit-\\d+\\.jsonl"), "one journal file, this process's: " + journal);

        List<String> inet = new ArrayList<>();
        Matcher m = Pattern.compile("(connect|sendto|sendmsg)\\(\\d+, \\{sa_family=AF_INET6?,[^}]*\\}").matcher(Files.readString(trace));
        while (m.find()) {
            inet.add(m.group());
        }
        assertFalse(inet.isEmpty(), "strace saw the host's own request: the trace works");
        String provider = "htons(" + world.provider.port() + ")";
        for (String call : inet) {
            assertTrue(call.contains(provider) && call.contains("127.0.0.1"), "unexpected network access: " + call);
        }
    }

    private static List<String> list(Path d) throws Exception {
        try (Stream<Path> files = Files.list(d)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    private static int lineOf(Path file, String text) throws Exception {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text + " not in " + file);
    }

    static String pathSeparator() {
        return File.pathSeparator;
    }
}
