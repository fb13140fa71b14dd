package dev.intentguard.agent.it;

import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The store under damage: a process killed holding a lock, truncated and foreign files, runtimes without modules. */
class StoreRecoveryIT {
    /** The key of refund_order(8812, 49): a golden value of IntentKeyTest. */
    private static final String KEY_8812 = "ig1:refund_order:kWwlhSj6_SPyAWuSrtGiPvZkzQ9Z8Iet_AnI973wYgw";
    private static final String PENDING = "{\"status\":\"pending_unknown\",\"tool\":\"refund_order\",\"message\":\"May have "
            + "gone through; the outcome is being confirmed. Do not retry refund_order; tell the user it is being confirmed.\"}";

    @TempDir
    Path dir;
    AgentFixture world;

    @BeforeEach
    void setUp() throws Exception {
        world = new AgentFixture(dir).config("on-error: fail-closed\n" + AgentFixture.standardTools());
    }

    @AfterEach
    void tearDown() {
        world.close();
    }

    @Test
    void aProcessKilledHoldingALockStallsNobodyAndIsRepairedAtTheNextLoneOpening() throws Exception {
        // A survivor has the store open (it made one call), then waits.
        Path go = dir.resolve("go");
        ForkedJvm.Running survivor = world.host("refund|7001|1.00|EUR|warm-up", "await-file|" + go,
                "refund|8812|49.00|EUR|a", "refund|8812|49.0|EUR|b").start();
        for (int i = 0; i < 3000 && !survivor.stdout().contains("RESULT refund"); i++) {
            Thread.sleep(20);
        }
        assertTrue(survivor.stdout().contains("RESULT refund {\"id\""), survivor.stderr());

        // Another process joins, takes the write lock of 8812's segment, and is killed holding it.
        ForkedJvm.Running holder = ForkedJvm.main("dev.intentguard.agent.store.StoreLockHolder", world.store.toString(), KEY_8812)
                .classPath(System.getProperty("java.class.path"))
                .option("--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
                        "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
                        "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED")
                .workDir(dir.resolve("holder")).start();
        for (int i = 0; i < 3000 && !holder.stdout().contains("LOCKED"); i++) {
            Thread.sleep(20);
        }
        assertTrue(holder.stdout().contains("LOCKED"), holder.stderr());
        holder.process.destroyForcibly();                                // SIGKILL with the segment lock held
        assertTrue(holder.process.waitFor(30, TimeUnit.SECONDS));

        // The survivor answers each call of that intent within store.lock-timeout (1 s), and never sends it.
        // (The run's own 60 s limit is far below the 2 x 60 s Chronicle would otherwise stall.)
        Files.createFile(go);
        ForkedJvm.Result r = survivor.await(60);
        assertEquals(PENDING, r.lines("RESULT refund ").get(1), r.toString());
        assertEquals(PENDING, r.lines("RESULT refund ").get(2), r.toString());
        assertTrue(r.stderr.contains("was not free within 1000 ms (store.lock-timeout)"), r.stderr);
        assertEquals(1, world.provider.posts("/refunds"), "only the warm-up: a stuck lock never turns into a request");

        // Everyone has stopped; the holder is still listed as a user that never closed the store: the next process,
        // alone on it, repairs it, and the intent is usable again.
        ForkedJvm.Result next = world.host("refund|8812|49.00|EUR|c", "refund|8812|49.00|EUR|d").run(60);
        assertTrue(next.stderr.contains("repaired at opening: a process that used it ended without closing it"), next.stderr);
        assertEquals("{\"id\":\"re_2\",\"path\":\"/refunds\"}", next.lines("RESULT refund ").get(0), next.toString());
        assertTrue(next.lines("RESULT refund ").get(1).startsWith("{\"status\":\"already_done\""), next.toString());
        assertEquals(2, world.provider.posts("/refunds"));
    }

    @Test
    void aTruncatedStoreIsRefusedWithAClearErrorAndNothingRunsUnderFailClosed() throws Exception {
        ForkedJvm.Result first = world.host("refund|8812|49.00|EUR|a").run(60);
        assertEquals(1, world.provider.posts("/refunds"), first.toString());
        byte[] whole = Files.readAllBytes(world.store);
        Files.write(world.store, java.util.Arrays.copyOf(whole, 4096));

        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|again").run(60);
        assertEquals(List.of(PENDING), r.lines("RESULT refund "), r.toString());
        assertTrue(r.stderr.contains("the intent store " + world.store + " cannot be opened (The file " + world.store
                + " the map is serialized from has unexpected length 4096"), r.stderr);
        assertTrue(r.stderr.contains("move the file aside"), r.stderr);
        assertEquals(1, world.provider.posts("/refunds"), "the truncated store never led to a second refund");
    }

    @Test
    void aFileThatIsNotAStoreIsRefusedAtOnce() throws Exception {
        Files.createDirectories(world.store.getParent());
        Files.write(world.store, new byte[64 * 1024]);
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|a").run(60);
        assertEquals(List.of(PENDING), r.lines("RESULT refund "), r.toString());
        assertTrue(r.stderr.contains("the file " + world.store + " is not an intentguard store (no Chronicle Map header)"), r.stderr);
        assertEquals(0, world.provider.requests().size());
    }

    @Test
    void aStorePathUnderAFileIsOneErrorThatNamesTheFileAndTheFix() throws Exception {
        world.config("on-error: fail-open\n" + AgentFixture.standardTools());
        Files.createDirectories(world.store.getParent().getParent());
        Files.writeString(world.store.getParent(), "not a folder");
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|a").run(60);
        List<String> errors = r.stderr.lines().filter(l -> l.startsWith("[intentguard] ERROR")).collect(java.util.stream.Collectors.toList());
        assertEquals(1, errors.size(), "one cause, one ERROR line (the store's; the journal beside it says WARN):\n" + r.stderr);
        assertTrue(errors.get(0).contains(world.store.getParent() + " is a file where store.path needs a folder: point "
                + "store.path at a file inside a folder"), errors.get(0));
        assertTrue(r.stderr.contains("WARN intentguard.audit - the journal in"), r.stderr);
        assertTrue(!r.stderr.contains("Exception in thread"), "a host that exits before the agent's init thread is done "
                + "gets no stack trace from it:\n" + r.stderr);
    }

    @Test
    void onAJlinkRuntimeWithoutTheCompilerTheStoreWorks() throws Exception {
        Path image = jlink("no-compiler", "java.base,java.instrument,java.naming,jdk.unsupported,java.management");
        ForkedJvm.Result r = world.host("refund|8812|49.00|EUR|a", "refund|8812|49.00|EUR|b").javaHome(image.toString()).run(60);
        assertEquals(0, r.exitCode, r.toString());
        assertTrue(r.lines("RESULT refund ").get(1).startsWith("{\"status\":\"already_done\""), r.toString());
        assertEquals(1, world.provider.posts("/refunds"));
        assertTrue(!r.stderr.contains("ERROR"), r.stderr);

        ForkedJvm.Result again = world.host("refund|8812|49.00|EUR|c").javaHome(image.toString()).run(60);
        assertTrue(again.lines("RESULT refund ").get(0).startsWith("{\"status\":\"already_done\""), "persisted: " + again);
    }

    @Test
    void onAJlinkRuntimeWithoutJavaNamingTheStoreFallsBackPerOnError() throws Exception {
        Path image = jlink("no-naming", "java.base,java.instrument,jdk.unsupported,java.management");

        ForkedJvm.Result closed = world.host("refund|8812|49.00|EUR|a").javaHome(image.toString()).run(60);
        assertEquals(List.of(PENDING), closed.lines("RESULT refund "), closed.toString());
        assertTrue(closed.stderr.contains("this Java runtime lacks the module java.naming that the persisted intent store "
                + "needs (a jlink image?). Add it to the image: jlink --add-modules java.naming"), closed.stderr);
        assertEquals(0, world.provider.requests().size());

        world.config("on-error: fail-open\n" + AgentFixture.standardTools());
        ForkedJvm.Result open = world.host("refund|8812|49.00|EUR|a", "refund|8812|49.00|EUR|b").javaHome(image.toString()).run(60);
        assertTrue(open.stderr.contains("Intents are kept IN MEMORY for this run only (on-error: fail-open)"), open.stderr);
        assertTrue(open.lines("RESULT refund ").get(1).startsWith("{\"status\":\"already_done\""), open.toString());
        assertEquals(1, world.provider.posts("/refunds"), "guarded in memory within the run");
    }

    private Path jlink(String name, String modules) throws IOException, InterruptedException {
        String javaHome = System.getProperty("intentguard.it.java.home", System.getProperty("java.home"));
        Path image = dir.resolve("jre-" + name);
        List<String> cmd = new ArrayList<>(List.of(Path.of(javaHome, "bin", "jlink").toString(), "--add-modules", modules,
                "--output", image.toString(), "--no-header-files", "--no-man-pages"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "jlink failed: " + out);
        return image;
    }
}
