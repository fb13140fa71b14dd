package dev.intentguard.agent.cli;

import dev.intentguard.agent.store.IntentStatus;
import dev.intentguard.agent.store.IntentStore;
import dev.intentguard.agent.store.IntentRecord;
import dev.intentguard.agent.store.StoreUnavailableException;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code resolve --store PATH|URL --key K --as done|failed}: a person's answer to an unknown intent, after checking with
 * the provider. {@code done}: repeats answer already_done; {@code failed}: the next call may run it again (with the
 * same key).
 */
final class ResolveCommand {
    static final String USAGE = "usage: resolve --store PATH|URL --key KEY --as done|failed";

    private ResolveCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        StoreArguments a = new StoreArguments(args, List.of("--store", "--key", "--as", "--namespace"), List.of());
        String as = a.get("--as");
        if (a.problem() != null || a.get("--store") == null || a.get("--key") == null
                || !("done".equals(as) || "failed".equals(as))) {
            err.println((a.problem() == null ? "" : a.problem() + "\n") + USAGE);
            return 2;
        }
        String key = a.get("--key");
        try (IntentStore store = CliStores.open(a.get("--store"), a.get("--namespace"))) {
            IntentRecord record = store.get(key);
            if (record == null) {
                err.println("no intent " + key + " in " + a.get("--store"));
                return 1;
            }
            if (!record.unknown() && !(record.status() == IntentStatus.IN_FLIGHT && !record.ownerAlive())) {
                err.println("intent " + key + " is " + record.status().displayName() + ", not unknown: nothing to resolve");
                return 1;
            }
            long now = System.currentTimeMillis();
            IntentRecord next = "done".equals(as) ? record.done(null, false, now) : record.failed("resolved by an operator", now);
            if (!store.replace(key, record, next)) {
                err.println("intent " + key + " changed meanwhile; look at it again with the intents command");
                return 1;
            }
            out.println("intent " + key + " (" + record.tool() + ") resolved as " + as
                    + ("done".equals(as) ? ": repeats answer already_done" : ": the next call may run it again, with the same key"));
            return 0;
        } catch (StoreUnavailableException | java.io.IOException | RuntimeException e) {
            err.println(e.getMessage());
            return 1;
        }
    }
}
