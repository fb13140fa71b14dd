package dev.intentguard.sample;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The fleet variant of the demo: the support service as two replicas behind a round-robin front, and the customer's
 * "Did my refund go through?" landing on the other replica than the refund request. Three fleets, one after the
 * other, each against its own fake provider: without the agent; with the agent and a store file per replica (what
 * one host's store gives a fleet); with the agent and one shared Redis ({@code store.url}). Exits 1 unless the
 * shared store made exactly one refund and the others two.
 *
 * <p>Run: {@code mvn -B -q -Pdemo-fleet -pl sample-app -am verify} (needs Redis on 127.0.0.1:6379; {@code
 * -Ddemo.redis=redis://host:port/db} for another).
 */
public final class FleetDemo {
    static final String ORDER = "8813";
    static final String[][] TURNS = {
        {"Hello, Ben here. Refund order 8813, $20.00 please: the mug came in the wrong color."},
        {"Did my refund go through?"},
    };

    /** A fleet setup: whether the replicas run the agent, and on which store. */
    public enum Fleet {
        NO_AGENT("without agent"), STORE_PER_REPLICA("agent, a store per replica"), SHARED_REDIS("agent, shared Redis");

        final String label;

        Fleet(String label) {
            this.label = label;
        }
    }

    /** What one fleet did: the provider's refunds for the order, and what Ben was told by each replica. */
    public record Outcome(Fleet fleet, long refunds, List<String> answers, String log) {
    }

    private FleetDemo() {
    }

    public static void main(String[] args) throws Exception {
        ScenarioRun.Layout layout = ScenarioRun.Layout.fromSystemProperties();
        Path dir = Path.of(System.getProperty("demo.dir", "target/demo-fleet"));
        String redis = System.getProperty("demo.redis", "redis://127.0.0.1:6379/0");
        PrintStream out = System.out;
        out.println();
        out.println("Running the support service as two replicas behind a round-robin front, three times (about 20 s)...");
        List<Outcome> outcomes = new ArrayList<>();
        for (Fleet fleet : Fleet.values()) {
            outcomes.add(run(layout, fleet, redis, dir.resolve(fleet.name().toLowerCase(java.util.Locale.ROOT))));
        }
        print(out, outcomes, redis);
        List<String> problems = problems(outcomes);
        if (!problems.isEmpty()) {
            out.println();
            out.println("UNEXPECTED OUTCOME:");
            problems.forEach(p -> out.println("  - " + p));
            System.exit(1);
        }
    }

    public static List<String> problems(List<Outcome> outcomes) {
        List<String> problems = new ArrayList<>();
        for (Outcome o : outcomes) {
            long expected = o.fleet() == Fleet.SHARED_REDIS ? 1 : 2;
            if (o.refunds() != expected) {
                problems.add(o.fleet().label + ": " + o.refunds() + " refund(s) of order " + ORDER + ", expected " + expected
                        + "\n" + o.log());
            }
        }
        return problems;
    }

    static void print(PrintStream out, List<Outcome> outcomes, String redis) {
        String rule = "=".repeat(104);
        out.println();
        out.println(rule);
        out.println(" intentguard sample-app, the fleet: \"Did my refund go through?\" lands on the other replica");
        out.println(rule);
        out.println(" Ben asks replica A to refund order " + ORDER + ", $20.00; the refund goes through. Then he asks \"Did my refund");
        out.println(" go through?\", and the round-robin front sends it to replica B, whose model checks by calling refund_order");
        out.println(" again (the seed's incident). Replica B has the conversation (a fleet shares its chat memory).");
        out.println();
        StringBuilder head = new StringBuilder(String.format(" %-40s", ""));
        for (Outcome o : outcomes) {
            head.append(String.format("%28s", o.fleet().label));
        }
        out.println(head);
        StringBuilder refunds = new StringBuilder(String.format(" %-40s", "Refunds the provider made, order " + ORDER));
        for (Outcome o : outcomes) {
            refunds.append(String.format("%28d", o.refunds()));
        }
        out.println(refunds);
        StringBuilder told = new StringBuilder(String.format(" %-40s", "Replica B tells Ben"));
        for (Outcome o : outcomes) {
            String answer = o.answers().size() > 1 ? o.answers().get(1) : "";
            java.util.regex.Matcher id = java.util.regex.Pattern.compile("re_\\d+").matcher(answer);
            told.append(String.format("%28s", answer.contains("went through") ? "went through" + (id.find() ? " (" + id.group()
                    + ")" : "") : answer.isEmpty() ? "-" : "something else"));
        }
        out.println(told);
        out.println();
        out.println(" The shared store is one line: store.url: " + redis + " (sample-app/intentguard.yaml with store.path");
        out.println(" replaced by it, in each replica's directory under sample-app/target/demo-fleet/).");
        out.println(" Each replica's own file store knows only its own calls: replica B takes Ben's repeat for a new intent.");
        out.println(rule);
    }

    /** One fleet: a fresh provider, two replicas, the two turns through the round-robin front, the replicas stopped. */
    public static Outcome run(ScenarioRun.Layout layout, Fleet fleet, String redisUrl, Path dir) throws Exception {
        ScenarioRun.deleteRecursively(dir);
        Files.createDirectories(dir);
        Path config = null;
        if (fleet != Fleet.NO_AGENT) {
            String text = Files.readString(layout.config(), StandardCharsets.UTF_8);
            if (fleet == Fleet.SHARED_REDIS) {
                text = text.replaceFirst("(?m)^  path: .*$", "  url: " + redisUrl + "\n  namespace: fleet_demo_"
                        + UUID.randomUUID().toString().substring(0, 8).replace("-", ""));
            }
            config = dir.resolve("intentguard.yaml");
            Files.writeString(config, text, StandardCharsets.UTF_8);
        }
        HttpClient front = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (FakePaymentsProvider payments = new FakePaymentsProvider(FakePaymentsProvider.Settings.incident())) {
            List<Replica> replicas = List.of(Replica.start(layout, "A", config, payments.url(), dir.resolve("replica-a")),
                    Replica.start(layout, "B", config, payments.url(), dir.resolve("replica-b")));
            List<String> answers = new ArrayList<>();
            List<String> said = new ArrayList<>();
            try {
                for (int turn = 0; turn < TURNS.length; turn++) {
                    Replica to = replicas.get(turn % replicas.size());            // round robin
                    String body = "ben\n" + String.join("\n", said) + "\n---\n" + TURNS[turn][0];
                    HttpResponse<String> r = front.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + to.port + "/chat"))
                            .timeout(Duration.ofSeconds(60)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    answers.add(r.body());
                    said.add(TURNS[turn][0]);
                }
            } finally {
                for (Replica r : replicas) {
                    r.stop(front);
                }
            }
            StringBuilder log = new StringBuilder();
            for (Replica r : replicas) {
                log.append("--- replica ").append(r.name).append(" stdout\n").append(r.stdout())
                        .append("--- stderr\n").append(r.stderr());
            }
            return new Outcome(fleet, payments.refundsMade().stream().filter(x -> x.order().equals(ORDER)).count(), answers,
                    log.toString());
        }
    }

    /** A replica JVM, with or without the agent. */
    private static final class Replica {
        final String name;
        final Process process;
        final Path dir;
        final int port;

        private Replica(String name, Process process, Path dir, int port) {
            this.name = name;
            this.process = process;
            this.dir = dir;
            this.port = port;
        }

        static Replica start(ScenarioRun.Layout layout, String name, Path config, String paymentsUrl, Path dir) throws Exception {
            Files.createDirectories(dir);
            List<String> command = new ArrayList<>();
            command.add(layout.javaHome().resolve("bin").resolve("java").toString());
            if (config != null) {
                command.add("-javaagent:" + layout.agentJar() + "=config=" + config.toAbsolutePath());
            }
            command.add("-Dpayments.url=" + paymentsUrl);
            command.add("-Dreplica.name=" + name);
            command.add("-Dorg.slf4j.simpleLogger.showDateTime=false");
            command.add("-cp");
            command.add(layout.classPath());
            command.add("com.acme.support.SupportReplica");
            Process p = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                String out = read(dir.resolve("stdout.txt"));
                int at = out.indexOf(" ready on port ");
                if (at >= 0) {
                    int end = out.indexOf('\n', at);
                    return new Replica(name, p, dir, Integer.parseInt(out.substring(at + 15, end < 0 ? out.length() : end).trim()));
                }
                if (!p.isAlive()) {
                    break;
                }
                Thread.sleep(50);
            }
            p.destroyForcibly();
            throw new IllegalStateException("replica " + name + " did not start: " + String.join(" ", command) + "\n"
                    + read(dir.resolve("stdout.txt")) + read(dir.resolve("stderr.txt")));
        }

        void stop(HttpClient front) throws InterruptedException {
            try {
                front.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/stop")).timeout(Duration.ofSeconds(5))
                        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException gone) {
                // it stopped answering: it is stopping
            }
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }

        String stdout() throws IOException {
            return read(dir.resolve("stdout.txt"));
        }

        String stderr() throws IOException {
            return read(dir.resolve("stderr.txt"));
        }

        private static String read(Path f) throws IOException {
            return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
        }
    }
}
