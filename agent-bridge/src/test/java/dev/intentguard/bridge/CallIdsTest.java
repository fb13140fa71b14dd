package dev.intentguard.bridge;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CallIdsTest {

    @Test
    void anIdReadOnOneThreadReachesTheCallByItsObjectNotByEquality() throws Exception {
        Map<String, Object> first = new java.util.HashMap<>(Map.of("orderId", "A1"));
        Map<String, Object> second = new java.util.HashMap<>(Map.of("orderId", "A1"));   // equal, another call
        String outer = CallIds.begin(7);
        CallIds.attach(first);
        CallIds.end(outer);
        String previous = CallIds.begin("req-8");
        CallIds.attach(second);
        CallIds.end(previous);
        String[] seen = new String[2];
        Thread tool = new Thread(() -> {
            seen[0] = CallIds.take(second);
            seen[1] = CallIds.take(first);
        });
        tool.start();
        tool.join();
        assertEquals("req-8", seen[0]);
        assertEquals("7", seen[1]);
        assertNull(CallIds.take(first), "taken once");
    }

    @Test
    void withoutARequestBeingReadNothingIsAttachedAndTheWaitingAreBounded() {
        Object carrier = new Object();
        CallIds.attach(carrier);
        assertNull(CallIds.take(carrier));
        String previous = CallIds.begin(1);
        List<Object> carriers = new ArrayList<>();
        for (int i = 0; i < CallIds.MAX + 10; i++) {
            Object c = new Object();
            carriers.add(c);
            CallIds.attach(c);
        }
        CallIds.end(previous);
        assertNull(CallIds.take(carriers.get(0)), "the oldest gave way");
        assertEquals("1", CallIds.take(carriers.get(carriers.size() - 1)));
        for (Object c : carriers) {
            CallIds.take(c);
        }
    }
}
