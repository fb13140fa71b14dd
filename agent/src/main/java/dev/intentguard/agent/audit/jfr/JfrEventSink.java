package dev.intentguard.agent.audit.jfr;

import dev.intentguard.agent.audit.CallEntry;
import dev.intentguard.agent.audit.EventSink;
import dev.intentguard.agent.audit.Layer;
import dev.intentguard.agent.wire.WireAttempt;

import jdk.jfr.FlightRecorder;

import java.util.Locale;

/**
 * The audit's events in JDK Flight Recorder. Loaded only when the runtime has {@code jdk.jfr}. Until Flight Recorder
 * is started in this JVM (by {@code -XX:StartFlightRecording}, {@code jcmd JFR.start} or the API) each method costs one
 * static read and the event classes are not even loaded: loading them cost the first guarded call of a JVM about
 * 130 ms of CPU, spent before the weaving could begin. Once it is started, each costs an {@code isEnabled()} check
 * when no recording wants the event (the JIT removes the unused event object).
 */
public final class JfrEventSink implements EventSink {
    public JfrEventSink() {
    }

    @Override
    public void warmUp() {
        if (!FlightRecorder.isInitialized()) {
            return;                 // a recording started later loads them with its first event
        }
        new ToolCallEvent().isEnabled();
        new WireAttemptEvent().isEnabled();
        new DuplicatePreventedEvent().isEnabled();
    }

    @Override
    public Object toolCallBegin() {
        if (!FlightRecorder.isInitialized()) {
            return null;
        }
        ToolCallEvent e = new ToolCallEvent();
        if (!e.isEnabled()) {
            return null;
        }
        e.begin();
        return e;
    }

    @Override
    public void toolCallEnd(Object handle, CallEntry call) {
        if (!(handle instanceof ToolCallEvent)) {
            return;
        }
        ToolCallEvent e = (ToolCallEvent) handle;
        e.end();
        if (!e.shouldCommit()) {
            return;
        }
        e.tool = call.tool();
        e.intentKey = call.key();
        e.effect = call.effect();
        e.mode = call.mode();
        e.layer = call.layer() == null ? null : call.layer().wireName();
        e.library = call.library();
        e.repeat = call.layer() == null ? 0 : call.repeat();
        e.ran = call.ran();
        e.answer = call.answer();
        e.outcome = call.outcome();
        e.wouldAnswer = call.wouldAnswer();
        e.prevented = call.prevented();
        e.wireAttempts = call.sentAttempts();
        e.resends = call.resends();
        e.suppressed = call.suppressed();
        e.commit();
    }

    @Override
    public void wireAttempt(String tool, String key, WireAttempt attempt, Layer layer) {
        if (!FlightRecorder.isInitialized()) {
            return;
        }
        WireAttemptEvent e = new WireAttemptEvent();
        if (!e.shouldCommit()) {
            return;
        }
        e.tool = tool;
        e.intentKey = key;
        e.client = attempt.client();
        e.request = attempt.request();
        e.outcome = attempt.outcome().name().toLowerCase(Locale.ROOT);
        e.status = attempt.status();
        e.detail = attempt.detail();
        e.resend = attempt.resend();
        e.layer = layer == null ? null : layer.wireName();
        e.commit();
    }

    @Override
    public void duplicatePrevented(String tool, String key, Layer layer, String library, String answer, int count) {
        if (!FlightRecorder.isInitialized()) {
            return;
        }
        DuplicatePreventedEvent e = new DuplicatePreventedEvent();
        if (!e.shouldCommit()) {
            return;
        }
        e.tool = tool;
        e.intentKey = key;
        e.layer = layer == null ? null : layer.wireName();
        e.library = library;
        e.answer = answer;
        e.count = count;
        e.commit();
    }
}
