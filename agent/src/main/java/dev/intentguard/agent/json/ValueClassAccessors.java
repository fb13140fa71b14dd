package dev.intentguard.agent.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Value classes that expose their state through accessors named like their fields ({@code orderId()}, not
 * {@code getOrderId()}): AutoValue and Immutables classes, hand-written value types. Jackson sees no property in them
 * and would write {@code {}}, so every such argument would be one intent. For a class in which Jackson finds no
 * property, this writes exactly the public no-argument methods whose name is the name of one of the class's own
 * instance fields (or its superclasses'): never {@code toString()}, {@code hashCode()} or another computed method.
 */
public final class ValueClassAccessors {
    private ValueClassAccessors() {
    }

    /** The Jackson module that writes such classes by their accessors. */
    static SimpleModule module() {
        SimpleModule module = new SimpleModule("intentguard-value-classes");
        module.setSerializerModifier(new BeanSerializerModifier() {
            @Override
            public JsonSerializer<?> modifySerializer(SerializationConfig config, BeanDescription description,
                                                      JsonSerializer<?> serializer) {
                if (!description.findProperties().isEmpty()) {
                    return serializer;
                }
                List<Method> accessors = accessors(description.getBeanClass());
                return accessors.isEmpty() ? serializer : new AccessorSerializer(accessors);
            }
        });
        return module;
    }

    /**
     * The accessors of {@code type}, sorted by name: public, not static, no arguments, not void, named like an
     * instance field of the class or a superclass. Empty when there is none.
     */
    public static List<Method> accessors(Class<?> type) {
        java.util.Set<String> fields = new java.util.HashSet<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                    fields.add(f.getName());
                }
            }
        }
        Map<String, Method> byName = new TreeMap<>();
        for (Method m : type.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0 && m.getReturnType() != void.class
                    && !m.isBridge() && !m.isSynthetic() && fields.contains(m.getName())
                    && m.getDeclaringClass() != Object.class) {
                byName.put(m.getName(), m);
            }
        }
        List<Method> out = new ArrayList<>(byName.values());
        for (Method m : out) {
            try {
                m.setAccessible(true);            // AutoValue's generated class is package-private
            } catch (RuntimeException e) {
                // a public method of a public class is callable without it
            }
        }
        return out;
    }

    /** Writes an object with one field per accessor, in name order. */
    private static final class AccessorSerializer extends JsonSerializer<Object> {
        private final List<Method> accessors;

        AccessorSerializer(List<Method> accessors) {
            this.accessors = accessors;
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject(value);
            for (Method m : accessors) {
                Object field;
                try {
                    field = m.invoke(value);
                } catch (IllegalAccessException e) {
                    throw new IOException("cannot read " + m + ": " + e.getMessage(), e);
                } catch (InvocationTargetException e) {
                    throw new IOException("reading " + m + " failed: " + e.getCause(), e.getCause());
                }
                provider.defaultSerializeField(m.getName(), field, gen);
            }
            gen.writeEndObject();
        }
    }
}
