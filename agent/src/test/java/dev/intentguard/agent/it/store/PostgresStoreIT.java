package dev.intentguard.agent.it.store;

import dev.intentguard.agent.testkit.SharedBackend;

/** {@link SharedStoreScenarios} on PostgreSQL (127.0.0.1:5432, database test, a schema of the test's own). */
class PostgresStoreIT extends SharedStoreScenarios {
    @Override
    SharedBackend backend() {
        return SharedBackend.postgres();
    }
}
