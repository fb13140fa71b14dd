package dev.intentguard.agent.config;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every message and fix the config loader prints, and every value it binds, pinned case by case in
 * {@code src/test/resources/config/messages.txt}: what a user reads must not change by accident when the loader does.
 * {@code -Dintentguard.record=true} writes the loader's current answers into the file instead, for a change made on
 * purpose (review the diff).
 */
class ConfigMessagesTest {
    private static final Path CASES = Path.of("src", "test", "resources", "config", "messages.txt");
    private static final Path FILE = Path.of("/etc/app/intentguard.yaml");

    /** One case: its title, the YAML, and the expected answer. */
    private static final class Case {
        final String title;
        final String yaml;
        final String expected;

        Case(String title, String yaml, String expected) {
            this.title = title;
            this.yaml = yaml;
            this.expected = expected;
        }
    }

    @Test
    void theLoaderAnswersEachCaseAsRecorded() throws IOException {
        List<String> header = new ArrayList<>();
        List<Case> cases = read(header);
        if (Boolean.getBoolean("intentguard.record")) {
            StringBuilder out = new StringBuilder();
            header.forEach(l -> out.append(l).append('\n'));
            for (Case c : cases) {
                out.append("=== ").append(c.title).append('\n').append(c.yaml).append("---\n").append(answer(c.yaml)).append('\n');
            }
            Files.writeString(CASES, out.toString(), StandardCharsets.UTF_8);
            return;
        }
        StringBuilder expected = new StringBuilder();
        StringBuilder actual = new StringBuilder();
        for (Case c : cases) {
            expected.append("=== ").append(c.title).append('\n').append(c.expected).append('\n');
            actual.append("=== ").append(c.title).append('\n').append(answer(c.yaml)).append('\n');
        }
        assertEquals(expected.toString(), actual.toString());
    }

    private static List<Case> read(List<String> header) throws IOException {
        List<Case> cases = new ArrayList<>();
        String title = null;
        StringBuilder yaml = null;
        StringBuilder expected = null;
        for (String line : Files.readAllLines(CASES, StandardCharsets.UTF_8)) {
            if (line.startsWith("=== ")) {
                if (title != null) {
                    cases.add(new Case(title, yaml.toString(), expected.toString().strip()));
                }
                title = line.substring(4);
                yaml = new StringBuilder();
                expected = null;
            } else if (title == null) {
                header.add(line);
            } else if (expected == null && line.equals("---")) {
                expected = new StringBuilder();
            } else if (expected == null) {
                yaml.append(line).append('\n');
            } else {
                expected.append(line).append('\n');
            }
        }
        if (title != null) {
            cases.add(new Case(title, yaml.toString(), expected == null ? "" : expected.toString().strip()));
        }
        return cases;
    }

    /** What {@code parse} gives: the rendered problems, or the bound values (a NUL written \0, to keep the file text). */
    private static String answer(String yaml) {
        String answer;
        try {
            answer = describe(ConfigLoader.parse(yaml, FILE));
        } catch (ConfigProblem p) {
            answer = p.render();
        }
        return answer.replace("\0", "\\0");
    }

    private static String describe(AgentConfig c) {
        StringBuilder out = new StringBuilder("ok\n");
        out.append("mode=").append(c.mode().configName()).append(" on-error=").append(c.onError().configName()).append('\n');
        StoreSettings s = c.store();
        out.append("store: path=").append(s.path() == null ? null
                        : Path.of("").toAbsolutePath().relativize(s.path()))
                .append(" url=").append(s.url()).append(" namespace=").append(s.namespace())
                .append(" max-intents=").append(s.maxIntents()).append(" retention=").append(s.retention())
                .append(" in-flight-wait=").append(s.inFlightWait()).append(" max-result-bytes=").append(s.maxResultBytes())
                .append(" open-timeout=").append(s.openTimeout()).append(" lock-timeout=").append(s.lockTimeout())
                .append(" operation-timeout=").append(s.operationTimeout()).append(" lease=").append(s.lease()).append('\n');
        ReconcileSettings r = c.reconcile();
        out.append("reconcile: interval=").append(r.interval()).append(" min-age=").append(r.minAge())
                .append(" escalate-after=").append(r.escalateAfter()).append(" check-interval=").append(r.checkInterval())
                .append('\n');
        HttpSettings h = c.http();
        out.append("http: header=").append(h.header()).append(" format=").append(h.format().configName())
                .append(" hosts=").append(h.hosts()).append(" client-retries=").append(h.clientRetries().configName())
                .append(" methods=").append(new TreeSet<>(h.methods())).append('\n');
        AuditSettings a = c.audit();
        out.append("audit: journal=").append(a.journal()).append(" journal-file-bytes=").append(a.journalFileBytes())
                .append(" journal-files=").append(a.journalFiles()).append(" journal-queue=").append(a.journalQueue())
                .append(" jmx=").append(a.jmx()).append(" otel=").append(a.otel()).append(" micrometer=")
                .append(a.micrometer()).append('\n');
        DiscoverSettings d = c.discover();
        out.append("discover: langchain4j=").append(d.langchain4j()).append(" spring-ai=").append(d.springAi())
                .append(" mcp=").append(d.mcp()).append(" default-effect=").append(d.defaultEffect().configName())
                .append(" describe=").append(d.describe()).append(" sentence=").append(d.sentence()).append('\n');
        out.append("plugins: off=").append(new TreeSet<>(c.plugins().off()));
        for (String off : new TreeSet<>(c.plugins().off())) {
            out.append(' ').append(off).append('@').append(c.plugins().lineOf(off));
        }
        out.append('\n');
        for (ToolSpec t : c.tools()) {
            out.append("tool ").append(t.name()).append(": method=").append(t.method())
                    .append(t.method() == null ? "" : " params=" + t.method().parameterTypes())
                    .append(" effect=").append(t.effect() == null ? null : t.effect().configName())
                    .append(" key=").append(t.key()).append(" exclude=").append(t.exclude())
                    .append(" enabled=").append(t.enabled()).append(" check=").append(t.check())
                    .append(" not-processed=").append(new TreeSet<>(t.notProcessed()))
                    .append(" unknown=").append(t.unknown().configName()).append(" escalate=").append(t.escalate())
                    .append(" lines=").append(t.line()).append('/').append(t.keyLine()).append('/').append(t.excludeLine());
            RetryBudget b = t.retry();
            if (b != null) {
                out.append(" retry=").append(b.attempts()).append('/').append(b.backoff()).append('/')
                        .append(b.maxBackoff()).append('/').append(b.deadline());
            }
            out.append('\n');
        }
        return out.toString().strip();
    }
}
