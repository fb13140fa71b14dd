package dev.intentguard.agent.tool.bind;

import dev.intentguard.agent.store.IntentRecord;
import org.slf4j.Logger;

import java.lang.reflect.InvocationTargetException;

/**
 * Runs a tool's outcome check ({@code check:}, the {@code find_refund} of the retry-safe wrapper): asked once when a
 * call ends ambiguously, and again by the reconciler. What it returns says whether the effect happened:
 * <ul>
 *   <li>not found: {@code null}, {@code false}, an empty {@code Optional} (or {@code OptionalInt}, ...), an empty
 *       collection, map or array, a blank string, the number zero;</li>
 *   <li>found: {@code true} (no result to keep), or anything else, which becomes the intent's result (an
 *       {@code Optional}'s value, a collection as it is).</li>
 * </ul>
 * An exception means "could not tell", which leaves the intent unknown.
 */
public final class OutcomeCheck {
    private OutcomeCheck() {
    }

    /** What a check said. */
    public static final class Answer {
        public final boolean found;
        final Object result;

        private Answer(boolean found, Object result) {
            this.found = found;
            this.result = result;
        }
    }

    static final Answer NOT_FOUND = new Answer(false, null);

    /** Runs {@code recipe} on {@code instance} (ignored for a static check) with {@code args}. */
    public static Answer run(CheckRecipe recipe, Class<?> owner, Object instance, Object[] args, String intentKey, Logger log) {
        try {
            Object result = recipe.method(owner).invoke(recipe.isStatic() ? null : instance, args);
            if (!found(result)) {
                return NOT_FOUND;
            }
            if (result instanceof java.util.Optional) {
                result = ((java.util.Optional<?>) result).get();
            }
            return new Answer(true, Boolean.TRUE.equals(result) ? null : result);
        } catch (InvocationTargetException e) {
            log.warn("check {} for {} failed ({}); the intent stays unknown", recipe.methodName(), intentKey,
                    String.valueOf(e.getCause()));
            return NOT_FOUND;
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.warn("check {} for {} could not run ({}); the intent stays unknown", recipe.methodName(), intentKey,
                    String.valueOf(e));
            return NOT_FOUND;
        }
    }

    /** Whether a check's result says the effect happened (see the class comment). */
    static boolean found(Object result) {
        if (result == null) {
            return false;
        }
        if (result instanceof Boolean) {
            return (Boolean) result;
        }
        if (result instanceof java.util.Optional) {
            return ((java.util.Optional<?>) result).isPresent();
        }
        if (result instanceof java.util.OptionalInt) {
            return ((java.util.OptionalInt) result).isPresent();
        }
        if (result instanceof java.util.OptionalLong) {
            return ((java.util.OptionalLong) result).isPresent();
        }
        if (result instanceof java.util.OptionalDouble) {
            return ((java.util.OptionalDouble) result).isPresent();
        }
        if (result instanceof java.util.Collection) {
            return !((java.util.Collection<?>) result).isEmpty();
        }
        if (result instanceof java.util.Map) {
            return !((java.util.Map<?, ?>) result).isEmpty();
        }
        if (result.getClass().isArray()) {
            return java.lang.reflect.Array.getLength(result) > 0;
        }
        if (result instanceof CharSequence) {
            return !result.toString().isBlank();
        }
        if (result instanceof Number) {
            return ((Number) result).doubleValue() != 0;
        }
        return true;
    }

    /** The record of an intent the check found done. */
    public static IntentRecord confirmed(IntentRecord unknown, Answer answer, int maxResultBytes, long now) {
        ResultJson.Stored stored = ResultJson.of(answer.result, maxResultBytes);
        return unknown.done(stored.json, stored.truncated, now);
    }
}
