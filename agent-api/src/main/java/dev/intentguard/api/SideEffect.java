package dev.intentguard.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a tool method whose call changes the world (moves money, sends mail). The agent records the
 * intent before the call, runs the body at most once per intent, and answers repeats from the record.
 *
 * <p>An entry for the same method in the agent's config file wins over this annotation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface SideEffect {
    /** Stable tool name used in intent keys and logs; empty means the method name. */
    String name() default "";

    /**
     * Arguments that identify the business intent: names, indexes ("0") or paths ("request.orderId").
     * Empty means the parameters annotated with {@link IntentKey}, or all arguments if none is.
     */
    String[] key() default {};

    /** Arguments left out of the payload fingerprint (model-written free text such as a reason). */
    String[] exclude() default {};
}
