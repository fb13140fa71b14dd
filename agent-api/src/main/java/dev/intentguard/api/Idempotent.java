package dev.intentguard.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a tool method that is safe to repeat with the same arguments (set a status, update an address).
 * It runs every time, and every request it makes carries the same intent key.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Idempotent {
    /** Stable tool name used in intent keys and logs; empty means the method name. */
    String name() default "";

    /** Arguments that identify the intent; see {@link SideEffect#key()}. */
    String[] key() default {};
}
