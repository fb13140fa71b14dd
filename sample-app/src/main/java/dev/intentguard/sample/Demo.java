package dev.intentguard.sample;

import com.acme.support.Telemetry;
import com.acme.support.ToolRetryPolicy;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The demo: runs the incident twice, without and with the agent (two forked JVMs, each with a fresh
 * provider and a fresh intent store), and prints both side by side. Exits 1 if the outcome is not the one
 * the demo exists to show: duplicates without the agent, exactly one refund per order with it.
 *
 * <p>Run: {@code mvn -B -q -Pdemo -pl sample-app -am verify}. Options (system properties):
 * {@code demo.honour-idempotency-key=true} makes the provider honour {@code Idempotency-Key} like Stripe;
 * {@code demo.retry=payments-call} moves the Resilience4j retry inside the refund tool (around the payments
 * call); {@code demo.dir} is where each run's files go (default {@code target/demo}). The run with the agent
 * leaves an audit journal beside its intent store; the demo renders it with the agent's {@code report} command
 * ({@code audit-report.html} and {@code audit-report.txt} in {@code demo.dir}).
 */
public final class Demo {
    private static final int WIDTH = 104;
    private static final int LABEL = 62;
    private static final int COLUMN = 21;
    private static final Pattern ORDER_ID = Pattern.compile("\"orderId\"\\s*:\\s*\"(\\d+)\"");

    private Demo() {
    }

    public static void main(String[] args) throws Exception {
        ScenarioRun.Layout layout = ScenarioRun.Layout.fromSystemProperties();
        Variant variant = Variant.fromSystemProperties();
        Path dir = Path.of(System.getProperty("demo.dir", "target/demo"));
        PrintStream out = System.out;
        out.println();
        out.println("Running the refund incident without and with the agent (two JVMs side by side, about 20 s)...");
        ScenarioRun.Pair runs = ScenarioRun.runBoth(layout, variant, dir, 120);
        ScenarioRun.Result without = runs.without();
        ScenarioRun.Result with = runs.with();
        List<String> problems = new ArrayList<>(problems(without, with));
        AuditReport audit = null;
        if (with.exitCode() == 0) {
            try {
                audit = AuditReport.write(layout, dir.resolve("with-agent"), dir);
            } catch (RuntimeException | java.io.IOException e) {
                problems.add(e.getMessage());
            }
        }
        if (without.report() != null && with.report() != null) {
            print(out, variant, without, with, audit, dir);
        }
        if (!problems.isEmpty()) {
            out.println();
            out.println("UNEXPECTED OUTCOME:");
            problems.forEach(p -> out.println("  - " + p));
            System.exit(1);
        }
    }

    /** What is wrong with a pair of runs, as sentences (empty when the demo shows what it should). */
    public static List<String> problems(ScenarioRun.Result without, ScenarioRun.Result with) {
        List<String> problems = new ArrayList<>();
        for (ScenarioRun.Result r : List.of(without, with)) {
            if (r.exitCode() != 0 || r.report() == null) {
                problems.add("the run " + (r.withAgent() ? "with" : "without") + " the agent failed (exit " + r.exitCode()
                        + "); see its stdout.txt and stderr.txt\n" + r.stderr());
            }
        }
        if (!problems.isEmpty()) {
            return problems;
        }
        if (without.refundsFor("8812") <= 1) {
            problems.add("without the agent, order 8812 was refunded " + without.refundsFor("8812") + " time(s), expected more than once");
        }
        for (String order : List.of("8812", "8813")) {
            if (with.refundsFor(order) != 1) {
                problems.add("with the agent, order " + order + " was refunded " + with.refundsFor(order) + " time(s), expected once");
            }
        }
        return problems;
    }

    static void print(PrintStream out, Variant variant, ScenarioRun.Result without, ScenarioRun.Result with, AuditReport audit,
                      Path dir) {
        FakePaymentsProvider.Settings provider = variant.provider();
        Layers a = Layers.of(without);
        Layers b = Layers.of(with);
        String rule = "=".repeat(WIDTH);
        out.println();
        out.println(rule);
        out.println(" intentguard sample-app: the refund incident of the seed article, without and with the agent");
        out.println(rule);
        wrap(out, " ", "Ana asks the support agent (LangChain4j AiServices, scripted model) to refund order 8812, $49.00, "
                + "Ben order 8813, $20.00; then each asks \"Did my refund go through?\". The system prompt says \"If a tool "
                + "call fails, retry once.\" Resilience4j makes up to " + ToolRetryPolicy.MAX_ATTEMPTS + " attempts "
                + (variant.retry() == ToolRetryPolicy.Placement.TOOL_CALL ? "of each tool call"
                : "of the payments call INSIDE refund_order") + "; OkHttp gives up after 1 s. The provider answers order "
                + String.join(", ", provider.slowOrders()) + " after " + seconds(provider.delay().toMillis()) + " and "
                + (provider.honourIdempotencyKey()
                ? "honours Idempotency-Key like Stripe (the service sends refund_<tool call id>, as in the seed)."
                : "honours no Idempotency-Key."));
        out.println();
        row(out, "", "without agent", "with agent");
        out.println(" Refunds the provider made");
        Map<String, String> amounts = new TreeMap<>();
        for (ScenarioRun.Result r : List.of(without, with)) {
            r.refunds().forEach(refund -> amounts.putIfAbsent(refund.order(), refund.amount()));
        }
        amounts.forEach((order, amount) -> row(out, "   order " + order + ", $" + amount
                        + (provider.slowOrders().contains(order) ? "   (provider slow)" : ""),
                without.refundsFor(order), with.refundsFor(order)));
        row(out, " Refund requests the provider received", a.providerRequests(), b.providerRequests());
        row(out, " Lookups it answered (GET /v1/refunds: the agent's check)", without.lookups().size(), with.lookups().size());
        out.println();
        out.println(" The seed's four retry layers, on refund_order");
        row(out, "   1 model: calls again after an error (\"retry once\")", a.modelRetries(), b.modelRetries());
        row(out, "   2 framework: Resilience4j retries" + (variant.retry() == ToolRetryPolicy.Placement.TOOL_CALL
                ? " of the tool call" : " inside the tool"), a.frameworkRetries(), b.frameworkRetries());
        row(out, "   3 HTTP client: requests OkHttp resent on its own", a.httpRetries(), b.httpRetries());
        row(out, "   4 user: \"Did my refund go through?\" -> called again", a.userRetries(), b.userRetries());
        row(out, "   (the customers' refund requests -> first calls)", a.firstCalls(), b.firstCalls());
        row(out, " refund_order method invocations (calls + framework retries)", a.toolInvocations(), b.toolInvocations());
        row(out, "   the refund method body ran", a.bodyRuns(), b.bodyRuns());
        row(out, "   intentguard answered from its intent store instead", a.answeredWithoutRunning(), b.answeredWithoutRunning());
        Map<String, String> customers = new TreeMap<>();
        for (Telemetry.Conversation c : without.report().conversations()) {
            customers.put(c.id(), orderOf(c));
        }
        customers.forEach((id, order) -> row(out, " " + capitalized(id) + " (order " + order + ") is told at the end",
                Layers.verdict(Layers.lastAnswer(conversation(without, id))), Layers.verdict(Layers.lastAnswer(conversation(with, id)))));
        row(out, " Tickets at the end", tickets(without), tickets(with));
        row(out, " Run time (JVM start to exit)", seconds(without.millis()), seconds(with.millis()));
        out.println();
        transcript(out, "WITHOUT the agent", without);
        transcript(out, "WITH the agent", with);
        List<String> log = with.intentLog().stream().map(l -> l.replaceFirst("^\\[main\\] ", "")).toList();
        if (!log.isEmpty()) {
            out.println(" What intentguard logged (with the agent)");
            log.forEach(l -> wrap(out, "   ", l));
            out.println();
        }
        if (audit != null) {
            out.println(" The agent's audit report on refund_order (java -jar intentguard-agent.jar report, with the agent)");
            audit.toolBlock(Layers.TOOL).forEach(l -> out.println("   " + l));
            out.println(" The same report as a page to open in a browser: " + audit.html().toAbsolutePath());
            out.println();
        }
        out.println(" Each run's files (stdout, stderr, support-report.json, the intent store): " + dir.toAbsolutePath());
        out.println(rule);
    }

    private static void transcript(PrintStream out, String title, ScenarioRun.Result run) {
        out.println(" What the model was told, " + title + " (refund_order calls and results, answers)");
        for (Telemetry.Conversation c : run.report().conversations()) {
            String customer = capitalized(c.id());
            for (Telemetry.Message m : c.messages()) {
                switch (m.type()) {
                    case "user" -> wrap(out, "   " + pad(customer, 6) + "> ", m.text());
                    case "ai" -> {
                        if (m.toolCalls() == null || m.toolCalls().isEmpty()) {
                            wrap(out, "   model > ", m.text());
                        } else {
                            for (Telemetry.ToolCall call : m.toolCalls()) {
                                if (Layers.TOOL.equals(call.name())) {
                                    wrap(out, "   model : ", call.name() + call.arguments());
                                }
                            }
                        }
                    }
                    case "tool" -> {
                        if (Layers.TOOL.equals(m.toolName())) {
                            wrap(out, "   tool  : ", m.text());
                        }
                    }
                    default -> {
                    }
                }
            }
            out.println();
        }
    }

    private static Telemetry.Conversation conversation(ScenarioRun.Result run, String id) {
        return run.report().conversations().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static String orderOf(Telemetry.Conversation c) {
        for (Telemetry.Message m : c.messages()) {
            if (m.toolCalls() != null) {
                for (Telemetry.ToolCall call : m.toolCalls()) {
                    Matcher o = ORDER_ID.matcher(call.arguments());
                    if (o.find()) {
                        return o.group(1);
                    }
                }
            }
        }
        return "?";
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    private static String tickets(ScenarioRun.Result run) {
        List<String> values = new ArrayList<>(run.report().tickets().values());
        return String.join(", ", values.stream().map(shorten()).toList());
    }

    private static Function<String, String> shorten() {
        return s -> s.replace("waiting_on_payments", "waiting").replace("refund_failed", "failed");
    }

    private static void row(PrintStream out, String label, Object a, Object b) {
        out.println(pad(label, LABEL) + left(String.valueOf(a), COLUMN) + left(String.valueOf(b), COLUMN));
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }

    private static String left(String s, int width) {
        return s.length() >= width ? " " + s : " ".repeat(width - s.length()) + s;
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    /** Prints {@code text} after {@code prefix}, wrapped at the page width with a hanging indent. */
    private static void wrap(PrintStream out, String prefix, String text) {
        String indent = " ".repeat(prefix.length());
        int room = Math.max(30, WIDTH - prefix.length());
        String rest = text == null ? "" : text.replace('\n', ' ');
        String lead = prefix;
        while (rest.length() > room) {
            int cut = Math.max(rest.lastIndexOf(' ', room), rest.lastIndexOf(',', room - 1) + 1);
            if (cut <= room / 2) {
                cut = room;
            }
            out.println(lead + rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            lead = indent;
        }
        out.println(lead + rest);
    }
}
