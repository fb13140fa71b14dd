package dev.intentguard.agent.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.audit.report.JournalReader;
import dev.intentguard.agent.it.http.OkHttp4IT;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer.Behavior;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.verdict.FuzzApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The verdict under random plans: one side-effect tool ({@code dev.intentguard.it.verdict.FuzzTools#step}) whose code
 * path mixes clients the agent follows and one it does not, asynchronous sends awaited and forgotten, a plain thread,
 * a hand-written retry loop, exceptions after a success and errors turned into text, called once to three times per
 * intent, against a provider that answers each write at random (processed or not, on time, late, with 500, a reset, a
 * close, a definite 400, a busy 503, a 307 to a location that processes it) and counts effects per intent, keys or
 * not (it does not deduplicate: every duplicate shows).
 *
 * <p>After every call: no effect ran twice; an intent recorded {@code done} or answered {@code already_done} had its
 * effect; one recorded {@code failed} had none. One fixed seed and one new seed per run (printed, to replay it with
 * {@code -Dverdict.fuzz.seed=N}).
 */
class VerdictFuzzIT {
    private static final String TOOL = "dev.intentguard.it.verdict.FuzzTools#step";
    /** Clients whose requests the agent follows in the tool's scope (F too, but it sends once and never loops). */
    private static final String CLIENTS_FOLLOWED = "JAHO";
    private static final String CLIENTS = "JAFTHOU";

    @TempDir
    Path dir;

    /** What the provider does with a write, and whether that is an effect. */
    private enum Answer {
        OK(35, true), LATE(10, true), ERROR_AFTER(10, true), RESET_AFTER(7, true), CLOSE_AFTER(5, true),
        REFUSED(14, false), BUSY(7, false), REDIRECT(12, false);

        final int weight;
        final boolean effect;

        Answer(int weight, boolean effect) {
            this.weight = weight;
            this.effect = effect;
        }

        static Answer pick(Random random) {
            int total = 0;
            for (Answer a : values()) {
                total += a.weight;
            }
            int n = random.nextInt(total);
            for (Answer a : values()) {
                n -= a.weight;
                if (n < 0) {
                    return a;
                }
            }
            return OK;
        }

        Behavior behavior() {
            switch (this) {
                case LATE:
                    return Behavior.respond(200).after(1500);
                case ERROR_AFTER:
                    return Behavior.respond(500);
                case RESET_AFTER:
                    return Behavior.resetAfterBody();
                case CLOSE_AFTER:
                    return Behavior.closeWithoutResponse();
                case REFUSED:
                    return Behavior.respond(400);
                case BUSY:
                    return Behavior.respond(503);
                case REDIRECT:
                    return Behavior.respond(307).header("Location", "/fuzz-v2");
                default:
                    return Behavior.respond(200);
            }
        }
    }

    @Test
    void randomPlansNeverRunAnEffectTwiceNorTellTheModelSomethingFalse() throws Exception {
        List<Long> seeds = new ArrayList<>(List.of(20261201L));
        String given = System.getProperty("verdict.fuzz.seed");
        seeds.add(given != null ? Long.parseLong(given) : System.nanoTime());
        for (long seed : seeds) {
            run(seed, 40);
        }
    }

    private void run(long seed, int intents) throws Exception {
        Random random = new Random(seed);
        List<String> script = new ArrayList<>();
        for (int i = 0; i < intents; i++) {
            char client = CLIENTS.charAt(random.nextInt(CLIENTS.length()));
            int loops = CLIENTS_FOLLOWED.indexOf(client) >= 0 ? 1 + random.nextInt(2) : 1;  // a loop through a client
            char after = "NNNIS".charAt(random.nextInt(5));                                 // no plugin sees duplicates
            // Where the agent sees no request (a plain thread, a client without a plugin), a normal return is the tool's
            // own word that it worked (docs/architecture.md, "How an outcome is judged"): those tools throw their errors.
            char errors = CLIENTS_FOLLOWED.indexOf(client) >= 0 && random.nextBoolean() ? 'x' : 't';
            String plan = "" + client + loops + after + errors;
            for (int r = 1 + random.nextInt(3); r > 0; r--) {
                script.add("i" + seed % 1000 + "_" + i + "|" + plan);
            }
        }
        Collections.shuffle(script, random);

        Random answers = new Random(seed * 31 + 7);
        Map<String, AtomicInteger> effects = new ConcurrentHashMap<>();
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Path run = Files.createDirectories(dir.resolve("seed-" + seed));
        Path store = run.resolve("store").resolve("intents.dat");
        try (RawHttpServer provider = new RawHttpServer()) {
            provider.behave(req -> {
                if (req.method.equals("GET") && req.path.startsWith("/effects/")) {
                    AtomicInteger n = effects.get(req.path.substring("/effects/".length()));
                    return Behavior.respond(200).body(String.valueOf(n == null ? 0 : n.get()));
                }
                String intent = req.body.replaceAll(".*\"intent\":\"([^\"]*)\".*", "$1");
                Answer a;
                synchronized (answers) {
                    a = req.path.equals("/fuzz-v2") ? Answer.OK : Answer.pick(answers);
                }
                if (a.effect) {
                    effects.computeIfAbsent(intent, k -> new AtomicInteger()).incrementAndGet();
                }
                log.add(intent + " " + req.path + " " + a + " key=" + req.header("Idempotency-Key"));
                return a.behavior();
            });
            Files.writeString(run.resolve("intentguard.yaml"), "store:\n  path: " + store + "\n  in-flight-wait: 3s\n"
                    + "plugins:\n  httpclient4: off\n"           // U stands for a client the agent does not follow
                    + "tools:\n  - name: fuzz_step\n    method: " + TOOL + "\n    effect: side_effect\n    key: [intent]\n"
                    + "    exclude: [plan]\n", StandardCharsets.UTF_8);
            List<String> cp = new ArrayList<>(List.of(ForkedJvm.testClasses()));
            cp.addAll(VerdictIT.LIBS);
            cp.addAll(OkHttp4IT.OKHTTP4);
            ForkedJvm.Result r = ForkedJvm.main(FuzzApp.class.getName(), script.toArray(new String[0]))
                    .agent("config=" + run.resolve("intentguard.yaml")).classPath(cp)
                    .property("provider.url", provider.url()).property("provider.timeout.ms", 800)
                    .workDir(run.resolve("work")).run(300);
            String context = "seed " + seed + " (replay: -Dverdict.fuzz.seed=" + seed + ")\nscript " + script
                    + "\nprovider " + log + "\n" + r;
            assertEquals(0, r.exitCode, context);
            List<String> calls = r.lines("CALL ");
            assertEquals(script.size(), calls.size(), context);
            List<JsonNode> journal = journal(store);
            assertEquals(script.size(), journal.size(), "one journal entry per call\n" + context);
            for (int i = 0; i < calls.size(); i++) {
                String[] c = calls.get(i).split(" ");
                String intent = c[1];
                String answer = c[2];
                int count = Integer.parseInt(c[3].substring("effects=".length()));
                JsonNode entry = journal.get(i);
                String outcome = entry.path("outcome").asText("");
                String call = "call " + i + " " + script.get(i) + ": answered " + answer + ", recorded " + outcome
                        + ", effects " + count + "\n" + entry + "\n";
                if (count > 1) {
                    fail("an effect ran twice: " + call + context);
                }
                if (outcome.equals("done") && count == 0) {
                    fail("recorded done without an effect: " + call + context);
                }
                if (answer.equals("already_done") && count == 0) {
                    fail("answered already_done without an effect: " + call + context);
                }
                if (outcome.equals("failed") && count > 0) {
                    fail("recorded failed, safe to call again, after an effect: " + call + context);
                }
                if (Boolean.getBoolean("verdict.fuzz.verbose") && entry.path("ran").asBoolean()) {
                    System.out.println("  " + script.get(i) + " -> " + outcome + " " + entry.path("attempts"));
                }
                if (entry.path("ran").asBoolean() && outcome.equals("pending_unknown")) {
                    assertEquals("pending_unknown", answer, "the caller is told the outcome is unknown: " + call + context);
                }
            }
            System.out.println("verdict fuzz seed " + seed + ": " + script.size() + " calls of " + intents + " intents, "
                    + log.size() + " requests, effects " + effects.values().stream().mapToInt(AtomicInteger::get).sum()
                    + "; answers " + calls.stream().map(c -> c.split(" ")[2]).collect(Collectors.groupingBy(a -> a,
                    java.util.TreeMap::new, Collectors.counting()))
                    + "; recorded " + journal.stream().filter(e -> e.path("ran").asBoolean()).map(e -> e.path("outcome").asText())
                    .collect(Collectors.groupingBy(o -> o, java.util.TreeMap::new, Collectors.counting())));
        }
    }

    private static List<JsonNode> journal(Path store) throws IOException {
        Path folder = Path.of(store + ".journal");
        List<JsonNode> out = JournalReader.read(folder, 0).calls;
        assertTrue(!out.isEmpty(), "the journal in " + folder);
        return out;
    }
}
