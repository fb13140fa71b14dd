package dev.intentguard.agent.audit;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.intentguard.agent.wire.WireAttempt;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * One tool invocation as the journal keeps it: which intent, whether it was a repeat and which layer made it, what
 * the caller got, and every wire attempt. Immutable; built when the call ends, written by the journal's thread.
 */
public final class CallEntry implements JournalEntry {
    final long at;
    final long durationMicros;
    final long pid;
    final String mode;
    final String tool;
    final String effect;
    final String key;
    /** {@code null} for the first invocation of an intent. */
    final Layer layer;
    final String library;
    final int repeat;
    final String framework;
    final boolean ran;
    final String answer;
    final String outcome;
    final String wouldAnswer;
    final boolean prevented;
    final String error;
    final List<WireAttempt> attempts;

    CallEntry(long at, long durationMicros, long pid, String mode, String tool, String effect, String key, Layer layer,
              String library, int repeat, String framework, boolean ran, String answer, String outcome, String wouldAnswer,
              boolean prevented, String error, List<WireAttempt> attempts) {
        this.at = at;
        this.durationMicros = durationMicros;
        this.pid = pid;
        this.mode = mode;
        this.tool = tool;
        this.effect = effect;
        this.key = key;
        this.layer = layer;
        this.library = library;
        this.repeat = repeat;
        this.framework = framework;
        this.ran = ran;
        this.answer = answer;
        this.outcome = outcome;
        this.wouldAnswer = wouldAnswer;
        this.prevented = prevented;
        this.error = error;
        this.attempts = attempts;
    }

    public String tool() {
        return tool;
    }

    public String key() {
        return key;
    }

    public String effect() {
        return effect;
    }

    public String mode() {
        return mode;
    }

    /** The layer that repeated the intent, or {@code null} for its first invocation. */
    public Layer layer() {
        return layer;
    }

    public String library() {
        return library;
    }

    public int repeat() {
        return repeat;
    }

    public boolean ran() {
        return ran;
    }

    public String answer() {
        return answer;
    }

    public String outcome() {
        return outcome;
    }

    public String wouldAnswer() {
        return wouldAnswer;
    }

    public boolean prevented() {
        return prevented;
    }

    public List<WireAttempt> attempts() {
        return attempts;
    }

    /** Attempts that reached (or may have reached) the server. */
    public int sentAttempts() {
        int n = 0;
        for (WireAttempt a : attempts) {
            if (a.sent()) {
                n++;
            }
        }
        return n;
    }

    public int resends() {
        int n = 0;
        for (WireAttempt a : attempts) {
            if (a.resend() && a.sent()) {
                n++;
            }
        }
        return n;
    }

    public int suppressed() {
        int n = 0;
        for (WireAttempt a : attempts) {
            if (a.outcome() == dev.intentguard.agent.wire.WireOutcome.SUPPRESSED) {
                n++;
            }
        }
        return n;
    }

    /** The layer an attempt is charged to: a resend to the client, any other to the call's own layer. */
    Layer layerOf(WireAttempt a) {
        return a.resend() || a.outcome() == dev.intentguard.agent.wire.WireOutcome.SUPPRESSED ? Layer.CLIENT : layer;
    }

    @Override
    public void write(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeNumberField("v", 1);
        g.writeStringField("type", "call");
        g.writeNumberField("at", at);
        g.writeNumberField("duration_us", durationMicros);
        g.writeNumberField("pid", pid);
        g.writeStringField("mode", mode);
        g.writeStringField("tool", tool);
        g.writeStringField("effect", effect);
        g.writeStringField("key", key);
        if (layer != null) {
            g.writeStringField("layer", layer.wireName());
            g.writeNumberField("repeat", repeat);
        }
        if (library != null) {
            g.writeStringField("library", library);
        }
        if (framework != null) {
            g.writeStringField("framework", framework);
        }
        g.writeBooleanField("ran", ran);
        g.writeStringField("answer", answer);
        if (outcome != null) {
            g.writeStringField("outcome", outcome);
        }
        if (wouldAnswer != null) {
            g.writeStringField("would_answer", wouldAnswer);
        }
        g.writeBooleanField("prevented", prevented);
        if (error != null) {
            g.writeStringField("error", error);
        }
        g.writeArrayFieldStart("attempts");
        for (WireAttempt a : attempts) {
            g.writeStartObject();
            g.writeNumberField("at", a.atMillis());
            g.writeStringField("client", a.client());
            g.writeStringField("request", a.request());
            g.writeStringField("outcome", a.outcome().name().toLowerCase(Locale.ROOT));
            if (a.status() > 0) {
                g.writeNumberField("status", a.status());
            }
            if (a.detail() != null) {
                g.writeStringField("detail", a.detail());
            }
            g.writeBooleanField("resend", a.resend());
            if (a.followed()) {
                g.writeBooleanField("followed", true);
            }
            Layer l = layerOf(a);
            if (l != null) {
                g.writeStringField("layer", l.wireName());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
