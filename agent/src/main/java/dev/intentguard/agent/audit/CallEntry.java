package dev.intentguard.agent.audit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
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

    // The field names, quoted and encoded once: at full speed the journal writes a line per call, and escaping each
    // name again was a sixth of its thread's time (issue 20: that thread shares the two cores with the calls).
    private static final SerializedString V = name("v");
    private static final SerializedString TYPE = name("type");
    private static final SerializedString CALL = name("call");
    private static final SerializedString AT = name("at");
    private static final SerializedString DURATION_US = name("duration_us");
    private static final SerializedString PID = name("pid");
    private static final SerializedString MODE = name("mode");
    private static final SerializedString TOOL = name("tool");
    private static final SerializedString EFFECT = name("effect");
    private static final SerializedString KEY = name("key");
    private static final SerializedString LAYER = name("layer");
    private static final SerializedString REPEAT = name("repeat");
    private static final SerializedString LIBRARY = name("library");
    private static final SerializedString FRAMEWORK = name("framework");
    private static final SerializedString RAN = name("ran");
    private static final SerializedString ANSWER = name("answer");
    private static final SerializedString OUTCOME = name("outcome");
    private static final SerializedString WOULD_ANSWER = name("would_answer");
    private static final SerializedString PREVENTED = name("prevented");
    private static final SerializedString ERROR = name("error");
    private static final SerializedString ATTEMPTS = name("attempts");
    private static final SerializedString CLIENT = name("client");
    private static final SerializedString REQUEST = name("request");
    private static final SerializedString STATUS = name("status");
    private static final SerializedString DETAIL = name("detail");
    private static final SerializedString RESEND = name("resend");
    private static final SerializedString FOLLOWED = name("followed");

    private static SerializedString name(String name) {
        SerializedString s = new SerializedString(name);
        s.asQuotedUTF8();                                  // encoded now, not by the journal's first line
        return s;
    }

    @Override
    public void write(JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeFieldName(V);
        g.writeNumber(1);
        g.writeFieldName(TYPE);
        g.writeString(CALL);
        g.writeFieldName(AT);
        g.writeNumber(at);
        g.writeFieldName(DURATION_US);
        g.writeNumber(durationMicros);
        g.writeFieldName(PID);
        g.writeNumber(pid);
        g.writeFieldName(MODE);
        g.writeString(mode);
        g.writeFieldName(TOOL);
        g.writeString(tool);
        g.writeFieldName(EFFECT);
        g.writeString(effect);
        g.writeFieldName(KEY);
        g.writeString(key);
        if (layer != null) {
            g.writeFieldName(LAYER);
            g.writeString(layer.wireName());
            g.writeFieldName(REPEAT);
            g.writeNumber(repeat);
        }
        if (library != null) {
            g.writeFieldName(LIBRARY);
            g.writeString(library);
        }
        if (framework != null) {
            g.writeFieldName(FRAMEWORK);
            g.writeString(framework);
        }
        g.writeFieldName(RAN);
        g.writeBoolean(ran);
        g.writeFieldName(ANSWER);
        g.writeString(answer);
        if (outcome != null) {
            g.writeFieldName(OUTCOME);
            g.writeString(outcome);
        }
        if (wouldAnswer != null) {
            g.writeFieldName(WOULD_ANSWER);
            g.writeString(wouldAnswer);
        }
        g.writeFieldName(PREVENTED);
        g.writeBoolean(prevented);
        if (error != null) {
            g.writeFieldName(ERROR);
            g.writeString(error);
        }
        g.writeFieldName(ATTEMPTS);
        g.writeStartArray();
        for (WireAttempt a : attempts) {
            g.writeStartObject();
            g.writeFieldName(AT);
            g.writeNumber(a.atMillis());
            g.writeFieldName(CLIENT);
            g.writeString(a.client());
            g.writeFieldName(REQUEST);
            g.writeString(a.request());
            g.writeFieldName(OUTCOME);
            g.writeString(a.outcome().name().toLowerCase(Locale.ROOT));
            if (a.status() > 0) {
                g.writeFieldName(STATUS);
                g.writeNumber(a.status());
            }
            if (a.detail() != null) {
                g.writeFieldName(DETAIL);
                g.writeString(a.detail());
            }
            g.writeFieldName(RESEND);
            g.writeBoolean(a.resend());
            if (a.followed()) {
                g.writeFieldName(FOLLOWED);
                g.writeBoolean(true);
            }
            Layer l = layerOf(a);
            if (l != null) {
                g.writeFieldName(LAYER);
                g.writeString(l.wireName());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
