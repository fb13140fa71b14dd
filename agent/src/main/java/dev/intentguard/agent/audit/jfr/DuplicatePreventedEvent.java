package dev.intentguard.agent.audit.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A duplicate the agent stopped ({@code mode: enforce}): a repeated call answered from the record, or a client's
 * resend not sent. With a stack trace: it shows who retried.
 */
@Name("intentguard.DuplicatePrevented")
@Label("Duplicate Prevented")
@Category("intentguard")
@Description("A repeat of an intent that did not run again, or a client resend that was not sent")
public final class DuplicatePreventedEvent extends jdk.jfr.Event {
    @Label("Tool")
    String tool;
    @Label("Intent Key")
    String intentKey;
    @Label("Layer")
    @Description("model, framework, client, user or unattributed")
    String layer;
    @Label("Library")
    @Description("The retry library or HTTP client that made the duplicate, when known")
    String library;
    @Label("Answer")
    @Description("already_done, pending_unknown, rejected, in_flight, or suppressed for a resend")
    String answer;
    @Label("Count")
    @Description("Repeats of this intent seen so far in this JVM, or the resends stopped in this call")
    int count;
}
