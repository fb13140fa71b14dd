package dev.intentguard.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's audit report of a run with the agent, rendered by the agent jar itself ({@code report} command) as
 * text and as the self-contained HTML page.
 */
public record AuditReport(Path text, Path html, List<String> textLines) {
    /** Renders the journal that the run in {@code runDir} left beside its store into {@code target}. */
    public static AuditReport write(ScenarioRun.Layout layout, Path runDir, Path target) throws IOException {
        Path text = target.resolve("audit-report.txt");
        Path html = target.resolve("audit-report.html");
        try {
            ScenarioRun.auditReport(layout, runDir, "text", text);
            ScenarioRun.auditReport(layout, runDir, "html", html);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the audit report", e);
        }
        return new AuditReport(text, html, Files.readAllLines(text, StandardCharsets.UTF_8));
    }

    /** The text report's block for one tool: its header line and the indented lines under it. */
    public List<String> toolBlock(String tool) {
        List<String> block = new ArrayList<>();
        for (String line : textLines) {
            if (block.isEmpty()) {
                if (line.startsWith(tool + " (")) {
                    block.add(line);
                }
            } else if (line.startsWith(" ")) {
                block.add(line);
            } else {
                break;
            }
        }
        return block;
    }
}
