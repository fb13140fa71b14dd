package dev.intentguard.agent.retry.awssdk;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

import java.util.function.Supplier;

/**
 * On {@code DefaultValueTrait.resolveValue(value)}: a member's value, or its default when the caller set none. The
 * trait of an idempotency token holds {@code IdempotentUtils}' generator; inside a {@code side_effect} tool its
 * default is derived from the intent key ({@link AwsCalls#token}).
 */
final class TokenAdvice {
    private TokenAdvice() {
    }

    @Advice.OnMethodExit(inline = false)
    @Advice.AssignReturned.ToReturned(typing = Assigner.Typing.DYNAMIC)
    @Advice.AssignReturned.AsScalar                                   // null (also a failed advice's): keep the value
    static Object exit(@Advice.Argument(0) Object given, @Advice.FieldValue("defaultValueSupplier") Supplier<?> supplier) {
        return given == null ? AwsCalls.token(supplier) : null;
    }
}
