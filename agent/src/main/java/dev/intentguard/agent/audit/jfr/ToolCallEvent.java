package dev.intentguard.agent.audit.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One guarded tool call, from the advice's entry to its exit. */
@Name("intentguard.ToolCall")
@Label("Tool Call")
@Category("intentguard")
@Description("A call of a guarded tool: its intent, whether it repeated the intent and which layer made the repeat, "
        + "what the caller got")
@StackTrace(false)
public final class ToolCallEvent extends jdk.jfr.Event {
    @Label("Tool")
    String tool;
    @Label("Intent Key")
    String intentKey;
    @Label("Effect")
    String effect;
    @Label("Mode")
    String mode;
    @Label("Layer")
    @Description("The layer that repeated the intent (model, framework, user, unattributed); empty for a first call")
    String layer;
    @Label("Library")
    @Description("The retry library of a framework repeat")
    String library;
    @Label("Repeat")
    @Description("How many repeats of this intent this JVM has seen, this one included; 0 for a first call")
    int repeat;
    @Label("Ran")
    @Description("Whether the tool's body ran")
    boolean ran;
    @Label("Answer")
    @Description("What the caller got: result, error, or a status the agent answered")
    String answer;
    @Label("Outcome")
    String outcome;
    @Label("Would Answer")
    @Description("mode: audit, a repeat: what enforce mode would have answered instead of running it")
    String wouldAnswer;
    @Label("Prevented")
    boolean prevented;
    @Label("Wire Attempts")
    @Description("Write requests sent (or maybe sent) by this call")
    int wireAttempts;
    @Label("Resends")
    @Description("Requests the client or SDK sent again within this call")
    int resends;
    @Label("Suppressed")
    @Description("Resends the agent stopped")
    int suppressed;
}
