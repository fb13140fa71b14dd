package dev.intentguard.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fleet demo as a test: two replicas behind a round-robin front, the customer's "Did my refund go through?" on
 * the other replica. Without the agent, and with a store per replica, the repeat refunds again; with one shared
 * Redis (127.0.0.1:6379) it answers already_done.
 */
class FleetIT {
    @TempDir
    Path dir;

    @Test
    void theRepeatOnTheOtherReplicaRefundsOnceOnlyWithASharedStore() throws Exception {
        ScenarioRun.Layout layout = ScenarioRun.Layout.fromSystemProperties();
        List<FleetDemo.Outcome> outcomes = new ArrayList<>();
        for (FleetDemo.Fleet fleet : FleetDemo.Fleet.values()) {
            outcomes.add(FleetDemo.run(layout, fleet, "redis://127.0.0.1:6379/0", dir.resolve(fleet.name())));
        }
        assertEquals(List.of(), FleetDemo.problems(outcomes));
        FleetDemo.Outcome shared = outcomes.get(2);
        assertTrue(shared.answers().get(1).contains("went through"), shared.answers() + "\n" + shared.log());
        assertTrue(shared.log().contains("already_done"), "replica B answered from the shared store\n" + shared.log());
        assertEquals(2, outcomes.get(1).refunds(), "a store per replica: the other replica refunds again");
    }
}
