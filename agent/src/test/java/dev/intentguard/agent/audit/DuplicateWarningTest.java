package dev.intentguard.agent.audit;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DuplicateWarningTest {
    @Test
    void everyRepeatUpToTenIsALineThenOnlyTheMilestones() {
        List<Integer> lines = new ArrayList<>();
        for (int count = 1; count <= 100_000; count++) {
            if (AuditRecorder.worthALine(count)) {
                lines.add(count);
            }
        }
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000,
                100_000), lines);
    }
}
