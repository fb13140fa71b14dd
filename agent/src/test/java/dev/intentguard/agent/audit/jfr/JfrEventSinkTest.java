package dev.intentguard.agent.audit.jfr;

import dev.intentguard.agent.audit.Layer;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The sink leaves the event classes alone until Flight Recorder is started in the JVM; a recording started after the
 * agent's warm-up (jcmd JFR.start, in production) still gets every event from then on. Real JFR, in this JVM.
 */
class JfrEventSinkTest {
    @TempDir
    Path dir;

    @Test
    void aRecordingStartedAfterTheWarmUpGetsTheEvents() throws Exception {
        JfrEventSink sink = new JfrEventSink();
        sink.warmUp();
        if (!FlightRecorder.isInitialized()) {           // (another test of this JVM may have started it already)
            assertNull(sink.toolCallBegin(), "no recorder started: no event");
        }
        Path file = dir.resolve("later.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("intentguard.DuplicatePrevented");
            recording.enable("intentguard.ToolCall");
            recording.start();
            sink.duplicatePrevented("refund_order", "ig1:refund_order:k", Layer.FRAMEWORK, "resilience4j",
                    "pending_unknown", 2);
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> prevented = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("intentguard.DuplicatePrevented"))
                .collect(Collectors.toList());
        assertEquals(1, prevented.size(), prevented.toString());
        assertEquals("refund_order", prevented.get(0).getString("tool"));
        assertEquals(2, prevented.get(0).getInt("count"));
    }
}
