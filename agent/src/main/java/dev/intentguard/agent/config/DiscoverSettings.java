package dev.intentguard.agent.config;

/**
 * The {@code discover:} section: tools the agent finds by the agent framework's own markers (LangChain4j and Spring AI
 * {@code @Tool} methods, MCP server tools and their hints) instead of a {@code tools:} entry. A {@code tools:} entry with
 * the same name always wins over what discovery decided.
 */
public final class DiscoverSettings {
    static final Setting<Boolean> LANGCHAIN4J = Setting.bool("discover.langchain4j", true,
            "write langchain4j: true (guard LangChain4j @Tool methods) or langchain4j: false")
            .doc("Methods annotated `dev.langchain4j.agent.tool.Tool` (LangChain4j 1.x) are tools.");
    static final Setting<Boolean> SPRING_AI = Setting.bool("discover.spring-ai", true,
            "write spring-ai: true (guard Spring AI @Tool methods) or spring-ai: false")
            .doc("Methods annotated `org.springframework.ai.tool.annotation.Tool` (Spring AI 2.x) are tools.");
    static final Setting<Boolean> MCP = Setting.bool("discover.mcp", true,
            "write mcp: true (guard MCP server tools by their hints) or mcp: false")
            .doc("MCP Java SDK server tools are guarded, classified by their hints; see [MCP server tools](#mcp-server-tools).");
    static final Setting<Effect> DEFAULT_EFFECT = Setting.choice("discover.default-effect", Effect.class, Effect.SIDE_EFFECT,
            "write default-effect: side_effect (or read, or idempotent)")
            .doc("The effect of a discovered tool that no `tools:` entry (and no hint) classifies.");
    static final Setting<Boolean> DESCRIBE = Setting.bool("discover.describe", true,
            "write describe: true (tell the model a side-effect tool is safe to call once) or describe: false")
            .doc("The description the model receives of a `side_effect` tool (LangChain4j `ToolSpecification`, Spring AI `ToolDefinition`, the MCP `Tool` in `tools/list`) gains `sentence`.");
    public static final String DEFAULT_SENTENCE = "Safe to call once per {key}. Repeated calls return the original result.";
    static final Setting<String> SENTENCE = Setting.text("discover.sentence", DEFAULT_SENTENCE,
            "write the sentence, e.g. sentence: \"" + DEFAULT_SENTENCE + "\", or describe: false")
            .doc("What `describe` adds; `{key}` becomes the tool's key arguments (`orderId`, `orderId and amount`).");
    static final Section SECTION = new Section("discover", "discover.",
            "indent langchain4j:, spring-ai:, mcp:, default-effect: under discover:",
            LANGCHAIN4J, SPRING_AI, MCP, DEFAULT_EFFECT, DESCRIBE, SENTENCE);

    public static final DiscoverSettings DEFAULTS = from(SECTION.empty());

    private final boolean langchain4j;
    private final boolean springAi;
    private final boolean mcp;
    private final Effect defaultEffect;
    private final boolean describe;
    private final String sentence;

    public DiscoverSettings(boolean langchain4j, boolean springAi, boolean mcp, Effect defaultEffect, boolean describe,
                            String sentence) {
        this.langchain4j = langchain4j;
        this.springAi = springAi;
        this.mcp = mcp;
        this.defaultEffect = defaultEffect;
        this.describe = describe;
        this.sentence = sentence;
    }

    static DiscoverSettings from(Section.Values v) {
        return new DiscoverSettings(v.get(LANGCHAIN4J), v.get(SPRING_AI), v.get(MCP), v.get(DEFAULT_EFFECT), v.get(DESCRIBE),
                v.get(SENTENCE));
    }

    /** Whether LangChain4j {@code @Tool} methods are guarded without a {@code tools:} entry. */
    public boolean langchain4j() {
        return langchain4j;
    }

    /** Whether Spring AI {@code @Tool} methods are guarded without a {@code tools:} entry. */
    public boolean springAi() {
        return springAi;
    }

    /** Whether MCP server tools are guarded, classified by their annotations (hints). */
    public boolean mcp() {
        return mcp;
    }

    /** The effect of a discovered tool that no {@code tools:} entry and no hint classifies. */
    public Effect defaultEffect() {
        return defaultEffect;
    }

    /** Whether the description the model sees of a side-effect tool gains {@link #sentence()}. */
    public boolean describe() {
        return describe;
    }

    /** The sentence added to a side-effect tool's description; {@code {key}} stands for its key arguments. */
    public String sentence() {
        return sentence;
    }

    /** The sentence for a tool whose key arguments are {@code keyNames} ("orderId and amount"). */
    public String sentenceFor(java.util.List<String> keyNames) {
        String key;
        if (keyNames.isEmpty()) {
            key = "set of arguments";
        } else if (keyNames.size() == 1) {
            key = keyNames.get(0);
        } else {
            key = String.join(", ", keyNames.subList(0, keyNames.size() - 1)) + " and " + keyNames.get(keyNames.size() - 1);
        }
        return sentence.replace("{key}", key);
    }
}
