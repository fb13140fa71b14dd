package dev.intentguard.agent.config;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Reads YAML into {@link YamlNode}s from SnakeYAML's parser events. Binding by hand (rather than with a data binder)
 * is what lets each error point at the line and say how to fix it. The events are read directly, not through
 * Jackson's YAML parser on top of them: premain reads the config, and Jackson's ~80 classes cost every start-up
 * ~30 ms of the application's main thread before anything else needs them.
 */
final class YamlReader {
    private YamlReader() {
    }

    /** Parses {@code text} (its first document); a syntax error becomes a {@link YamlSyntaxException} at its line. */
    static YamlNode read(String text) throws YamlSyntaxException {
        try {
            Parser parser = new ParserImpl(new StreamReader(text), new LoaderOptions());
            parser.getEvent();                                          // the stream's start
            if (!parser.checkEvent(Event.ID.DocumentStart)) {
                return new YamlNode.Mapping(1);                         // nothing but comments
            }
            parser.getEvent();
            return node(parser, parser.getEvent());
        } catch (MarkedYAMLException e) {
            throw new YamlSyntaxException(lineOf(e), e.getMessage());
        } catch (YAMLException e) {
            throw new YamlSyntaxException(0, e.getMessage());
        }
    }

    /** The line the parser names as the problem's ("expected ..., but found ... in line N"), as an editor numbers it. */
    static int lineOf(MarkedYAMLException e) {
        Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        return mark == null ? 0 : mark.getLine() + 1;                  // SnakeYAML counts from 0
    }

    private static YamlNode node(Parser p, Event event) throws YamlSyntaxException {
        int line = event.getStartMark().getLine() + 1;
        switch (event.getEventId()) {
            case MappingStart: {
                YamlNode.Mapping map = new YamlNode.Mapping(line);
                for (Event k = p.getEvent(); !k.is(Event.ID.MappingEnd); k = p.getEvent()) {
                    int keyLine = k.getStartMark().getLine() + 1;
                    if (!k.is(Event.ID.Scalar)) {
                        throw new YamlSyntaxException(keyLine, "a key must be a word, such as tools or store");
                    }
                    String key = ((ScalarEvent) k).getValue();
                    YamlNode value = node(p, p.getEvent());
                    if (map.entries.containsKey(key)) {
                        throw new YamlSyntaxException(keyLine, "\"" + key + "\" is set twice in the same section");
                    }
                    map.entries.put(key, new YamlNode.Entry(key, keyLine, value));
                }
                return map;
            }
            case SequenceStart: {
                YamlNode.Sequence seq = new YamlNode.Sequence(line);
                for (Event item = p.getEvent(); !item.is(Event.ID.SequenceEnd); item = p.getEvent()) {
                    seq.items.add(node(p, item));
                }
                return seq;
            }
            case Scalar:
                return new YamlNode.Scalar(line, text((ScalarEvent) event));
            case Alias:
                throw new YamlSyntaxException(line, "aliases (*name) are not read here; write the value out");
            default:
                throw new YamlSyntaxException(line, "unexpected " + event.getEventId());
        }
    }

    /**
     * A scalar's text as the binder expects it: {@code null} for an empty or null plain value (empty, {@code ~},
     * {@code null}), else the value as written (quoted values always as written).
     */
    private static String text(ScalarEvent scalar) {
        String value = scalar.getValue();
        if (!scalar.isPlain()) {
            return value;
        }
        switch (value) {
            case "":
            case "~":
            case "null":
            case "Null":
            case "NULL":
                return null;
            default:
                return value;
        }
    }
}
