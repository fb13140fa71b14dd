package dev.intentguard.agent.json;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The agent's own Jackson, configured once. It lives in the agent's loader: the host's Jackson (any
 * version) is never touched, and host objects are read through plain reflection.
 */
public final class AgentJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new Jdk8Module())
            .addModule(new JavaTimeModule())
            .addModule(ValueClassAccessors.module())
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private AgentJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Loads and links the serializers a first call needs, so that it does not pay for them. */
    public static void warmUp() {
        try {
            MAPPER.readTree(MAPPER.writeValueAsString(java.util.Map.of("warm", java.math.BigDecimal.ONE, "list",
                    java.util.List.of(java.time.Instant.EPOCH, java.util.Optional.empty()))));
        } catch (Exception ignored) {
            // only a warm-up
        }
    }
}
