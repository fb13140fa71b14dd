package dev.intentguard.agent.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;

/**
 * Reads YAML into {@link YamlNode}s with Jackson's streaming parser. Binding by hand (rather than with
 * databind) is what lets each error point at the line and say how to fix it.
 */
final class YamlReader {
    private static final YAMLFactory FACTORY = new YAMLFactory();

    private YamlReader() {
    }

    /** Parses {@code text}; a syntax error becomes a {@link ConfigProblem} at its line. */
    static YamlNode read(String text) throws YamlSyntaxException {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return new YamlNode.Mapping(1);
            }
            return node(parser);
        } catch (JsonProcessingException e) {
            throw new YamlSyntaxException(lineOf(e), e.getOriginalMessage());
        } catch (IOException e) {
            throw new YamlSyntaxException(0, e.getMessage());
        }
    }

    /**
     * The line the parser names as the problem's ("expected ..., but found ... in line N"), as the user's editor numbers
     * it: Jackson's location is where the parser was, often the line before (a tab, an unclosed bracket at the end).
     */
    static int lineOf(JsonProcessingException e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof MarkedYAMLException) {
                MarkedYAMLException marked = (MarkedYAMLException) t;
                Mark mark = marked.getProblemMark() != null ? marked.getProblemMark() : marked.getContextMark();
                if (mark != null) {
                    return mark.getLine() + 1;                 // SnakeYAML counts from 0
                }
            }
        }
        JsonLocation at = e.getLocation();
        return at == null ? 0 : at.getLineNr();
    }

    private static YamlNode node(JsonParser p) throws IOException, YamlSyntaxException {
        int line = p.currentTokenLocation().getLineNr();
        JsonToken token = p.currentToken();
        switch (token) {
            case START_OBJECT: {
                YamlNode.Mapping map = new YamlNode.Mapping(line);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    int keyLine = p.currentTokenLocation().getLineNr();
                    p.nextToken();
                    YamlNode value = node(p);
                    if (map.entries.containsKey(key)) {
                        throw new YamlSyntaxException(keyLine, "\"" + key + "\" is set twice in the same section");
                    }
                    map.entries.put(key, new YamlNode.Entry(key, keyLine, value));
                }
                return map;
            }
            case START_ARRAY: {
                YamlNode.Sequence seq = new YamlNode.Sequence(line);
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    seq.items.add(node(p));
                }
                return seq;
            }
            case VALUE_NULL:
                return new YamlNode.Scalar(line, null);
            default:
                return new YamlNode.Scalar(line, p.getText());
        }
    }
}
