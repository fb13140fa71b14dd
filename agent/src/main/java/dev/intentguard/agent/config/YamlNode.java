package dev.intentguard.agent.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A YAML value with the line it was written on, so that every config error can name its line. */
abstract class YamlNode {
    final int line;

    YamlNode(int line) {
        this.line = line;
    }

    abstract String kind();

    static final class Scalar extends YamlNode {
        /** The text as written; {@code null} for a YAML null. */
        final String text;

        Scalar(int line, String text) {
            super(line);
            this.text = text;
        }

        @Override
        String kind() {
            return "a single value";
        }
    }

    static final class Sequence extends YamlNode {
        final List<YamlNode> items = new ArrayList<>();

        Sequence(int line) {
            super(line);
        }

        @Override
        String kind() {
            return "a list";
        }
    }

    static final class Mapping extends YamlNode {
        final Map<String, Entry> entries = new LinkedHashMap<>();

        Mapping(int line) {
            super(line);
        }

        @Override
        String kind() {
            return "a section of settings";
        }

        Map<String, Entry> entries() {
            return Collections.unmodifiableMap(entries);
        }
    }

    /** One {@code key: value} of a mapping, with the key's own line. */
    static final class Entry {
        final String key;
        final int keyLine;
        final YamlNode value;

        Entry(String key, int keyLine, YamlNode value) {
            this.key = key;
            this.keyLine = keyLine;
            this.value = value;
        }
    }
}
