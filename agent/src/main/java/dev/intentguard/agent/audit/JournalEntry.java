package dev.intentguard.agent.audit;

import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;

/** One line of the journal. */
interface JournalEntry {
    /** Writes the entry as one JSON object (the writer adds the newline). */
    void write(JsonGenerator g) throws IOException;
}
