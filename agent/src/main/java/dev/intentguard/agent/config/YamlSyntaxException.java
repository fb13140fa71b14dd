package dev.intentguard.agent.config;

/** The file is not valid YAML (or sets a key twice). */
final class YamlSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    final int line;

    YamlSyntaxException(int line, String message) {
        super(message);
        this.line = line;
    }
}
