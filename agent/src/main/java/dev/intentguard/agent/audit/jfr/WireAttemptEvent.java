package dev.intentguard.agent.audit.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One attempt of a write request made inside a guarded tool, as the HTTP client advice saw it. */
@Name("intentguard.WireAttempt")
@Label("Wire Attempt")
@Category("intentguard")
@Description("One attempt of a write request inside a guarded tool: what the wire showed, and whether it was a resend")
@StackTrace(false)
public final class WireAttemptEvent extends jdk.jfr.Event {
    @Label("Tool")
    String tool;
    @Label("Intent Key")
    String intentKey;
    @Label("Client")
    @Description("The HTTP client or SDK that made the attempt")
    String client;
    @Label("Request")
    @Description("METHOD host:port path")
    String request;
    @Label("Outcome")
    @Description("response, no_response, not_sent, suppressed")
    String outcome;
    @Label("HTTP Status")
    int status;
    @Label("Detail")
    String detail;
    @Label("Resend")
    @Description("An earlier attempt of the same request in the same call reached the server")
    boolean resend;
    @Label("Layer")
    @Description("client for a resend; else the layer of the call (empty for a first call)")
    String layer;
}
