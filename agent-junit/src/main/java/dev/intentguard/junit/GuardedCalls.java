package dev.intentguard.junit;

import dev.intentguard.api.ToolStatus;
import org.opentest4j.AssertionFailedError;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The guarded tool calls of the current test, as the agent saw them end, with what each told its caller. Read fresh
 * on every method: calls that end later are seen by the next read.
 */
public final class GuardedCalls {
    private final KitAgent agent;

    GuardedCalls(KitAgent agent) {
        this.agent = agent;
    }

    /** Every guarded call of this test that ended, oldest first. */
    public List<GuardedCall> all() {
        List<GuardedCall> out = new ArrayList<>();
        for (Map<String, Object> c : agent.calls()) {
            out.add(new GuardedCall(c));
        }
        return out;
    }

    /** The calls of {@code tool}, oldest first. */
    public List<GuardedCall> of(String tool) {
        return all().stream().filter(c -> c.tool().equals(tool)).collect(Collectors.toList());
    }

    /** The statuses {@code tool}'s calls answered, in order. */
    public List<ToolStatus> answers(String tool) {
        return of(tool).stream().map(GuardedCall::status).collect(Collectors.toList());
    }

    /**
     * Fails unless {@code tool}'s calls answered exactly these statuses, in this order: for an ambiguous outcome,
     * {@code PENDING_UNKNOWN} (the truth), not {@code FAILED}.
     */
    public void assertAnswered(String tool, ToolStatus... expected) {
        List<ToolStatus> actual = answers(tool);
        if (!actual.equals(Arrays.asList(expected))) {
            throw new AssertionFailedError(tool + " told its caller " + names(actual) + ", expected " + names(Arrays.asList(expected))
                    + describe(of(tool)), names(Arrays.asList(expected)), names(actual));
        }
    }

    /**
     * Fails if any call of {@code tool} answered {@code status} (e.g. {@code FAILED} after an ambiguous outcome), or if
     * none was guarded (nothing seen proves nothing).
     */
    public void assertNeverAnswered(String tool, ToolStatus status) {
        assertGuarded(tool);
        List<GuardedCall> calls = of(tool);
        if (calls.stream().anyMatch(c -> c.status() == status)) {
            throw new AssertionFailedError(tool + " told its caller " + status.wireName() + describe(calls));
        }
    }

    /** Fails unless {@code tool} was guarded and its body ran at most once per intent, whatever called it again. */
    public void assertRanAtMostOncePerIntent(String tool) {
        assertGuarded(tool);
        List<GuardedCall> calls = of(tool);
        Map<String, Long> runs = calls.stream().filter(GuardedCall::ran)
                .collect(Collectors.groupingBy(GuardedCall::intentKey, Collectors.counting()));
        runs.forEach((key, n) -> {
            if (n > 1) {
                throw new AssertionFailedError(tool + " ran " + n + " times for intent " + key + describe(calls));
            }
        });
    }

    /** Fails unless at least one call of {@code tool} was guarded (the agent saw the tool at all). */
    public void assertGuarded(String tool) {
        if (of(tool).isEmpty()) {
            throw new AssertionFailedError("no guarded call of " + tool + " ended in this test: the agent does not "
                    + "guard it (is it in the config, with its class and method?); calls seen: " + all());
        }
    }

    private static String names(List<ToolStatus> statuses) {
        return statuses.stream().map(s -> s == null ? "(not a status)" : s.wireName()).collect(Collectors.toList()).toString();
    }

    private static String describe(List<GuardedCall> calls) {
        StringBuilder out = new StringBuilder();
        for (GuardedCall c : calls) {
            out.append("\n    ").append(c);
        }
        return out.toString();
    }
}
