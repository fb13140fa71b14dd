package dev.intentguard.agent.audit.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.intentguard.agent.json.AgentJson;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The report as one self-contained HTML file: inline CSS and JavaScript, charts drawn as inline SVG from the report's
 * JSON embedded in the page. No network, no CDN, no external file (its Content-Security-Policy forbids them).
 */
public final class HtmlReport {
    private static final String PLACEHOLDER = "__REPORT_JSON__";

    private HtmlReport() {
    }

    public static String render(JsonNode report) {
        String template;
        try (InputStream in = HtmlReport.class.getResourceAsStream("report.html")) {
            if (in == null) {
                throw new IllegalStateException("report.html is missing from the agent jar");
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int at = template.indexOf(PLACEHOLDER);
        return template.substring(0, at) + embeddable(report) + template.substring(at + PLACEHOLDER.length());
    }

    /** The JSON, safe inside a {@code <script>} element: no {@code </script>}, no HTML comment, no line separators. */
    static String embeddable(JsonNode report) {
        String json;
        try {
            json = AgentJson.mapper().writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        StringBuilder b = new StringBuilder(json.length() + 64);
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            switch (c) {
                case '<':
                    b.append("\\u003c");
                    break;
                case '>':
                    b.append("\\u003e");
                    break;
                case '&':
                    b.append("\\u0026");
                    break;
                case '\u2028':
                    b.append("\\u2028");
                    break;
                case '\u2029':
                    b.append("\\u2029");
                    break;
                default:
                    b.append(c);
            }
        }
        return b.toString();
    }
}
