package dev.intentguard.agent.tool;

import dev.intentguard.agent.store.IntentRecord;
import org.slf4j.Logger;

import java.lang.reflect.InvocationTargetException;

/**
 * Runs a tool's outcome check: the seed's {@code find_refund}. Asked once when a call ends ambiguously, and again
 * by the reconciler. "Found" means the check returned non-null and not {@code false}; an exception means "could not
 * tell", which leaves the intent unknown.
 */
final class OutcomeCheck {
    private OutcomeCheck() {
    }

    /** What a check said. */
    static final class Answer {
        final boolean found;
        final Object result;

        private Answer(boolean found, Object result) {
            this.found = found;
            this.result = result;
        }
    }

    static final Answer NOT_FOUND = new Answer(false, null);

    /** Runs {@code recipe} on {@code instance} (ignored for a static check) with {@code args}. */
    static Answer run(CheckRecipe recipe, Class<?> owner, Object instance, Object[] args, String intentKey, Logger log) {
        try {
            Object result = recipe.method(owner).invoke(recipe.isStatic() ? null : instance, args);
            if (result == null || Boolean.FALSE.equals(result)) {
                return NOT_FOUND;
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

    /** The record of an intent the check found done. */
    static IntentRecord confirmed(IntentRecord unknown, Answer answer, int maxResultBytes, long now) {
        ResultJson.Stored stored = ResultJson.of(answer.result, maxResultBytes);
        return unknown.done(stored.json, stored.truncated, now);
    }
}
