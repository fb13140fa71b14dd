package dev.intentguard.agent.retry.awssdk;

import dev.intentguard.agent.http.HttpGuard;
import dev.intentguard.agent.retry.SdkAttempts;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.ToolFrame;
import software.amazon.awssdk.core.util.IdempotentUtils;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.utils.Either;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The AWS SDK's adapter (see {@link AwsSdkPlugin}): one API call of a tool, followed from its
 * {@code RetryableStageHelper}, which the SDK makes on the caller's thread and then uses on whichever thread completes
 * an attempt (the async stage's). The tool's frame is taken when the helper is made; {@link SdkAttempts} keeps the
 * call's attempts, and the HTTP guard and the retry decisions judge, as for any other client.
 */
final class AwsCalls {
    static final String LIBRARY = "aws-sdk-java-v2";

    /**
     * How many tokens each tool call has derived in its current round: the n-th token of a round is the same in every
     * round (the agent's own retry of the body) and on every repeat of the intent, so a service that saw any of them
     * recognises the others.
     */
    private static final Map<ToolFrame, int[]> TOKENS = Collections.synchronizedMap(new WeakHashMap<>());

    private AwsCalls() {
    }

    /** The helper of one API call is made, on the caller's thread: it stands for the call in {@link SdkAttempts}. */
    static void created(Object helper, SdkHttpFullRequest request) {
        ToolFrame scope = IntentScope.current();
        if (scope != null && request != null) {
            SdkAttempts.begin(helper, scope, LIBRARY, request.method().name(), request.getUri().toString());
        }
    }

    static void attemptStarts(Object helper) {
        SdkAttempts.attemptStarts(helper);
    }

    /** The attempt's request with the key header, or {@code null} to send it as it is. */
    static SdkHttpFullRequest toSend(Object helper, SdkHttpFullRequest request) {
        HttpGuard guard = HttpGuard.get();
        if (request == null || guard == null) {
            return null;
        }
        String existing = request.firstMatchingHeader(guard.keyHeader()).orElse(null);
        String value = SdkAttempts.key(helper, existing);
        return value == null || value.equals(existing) ? null
                : request.toBuilder().putHeader(guard.keyHeader(), value).build();
    }

    static void answered(Object helper, SdkHttpResponse response) {
        if (response != null) {
            SdkAttempts.answered(helper, response.statusCode(), response.firstMatchingHeader("Retry-After").orElse(null));
        }
    }

    static void failed(Object helper, Throwable failure) {
        if (failure instanceof CompletionException && failure.getCause() != null) {
            return;                                      // the helper unwraps it and is called again with the cause
        }
        SdkAttempts.failed(helper, failure);
    }

    /** Whether the SDK's next attempt must not go (a keyed write that may have been acted on, under suppress). */
    static boolean stopRetry(Object helper) {
        return SdkAttempts.stopRetry(helper, "SDK");
    }

    /** "Give up" in the shape {@code tryRefreshToken} answers in this SDK version, or {@code null} for one not known. */
    static Object giveUp(String returnType) {
        switch (returnType) {
            case "java.util.Optional":
                return Optional.empty();
            case "software.amazon.awssdk.utils.Either":
                return Either.right(Duration.ZERO);
            case "java.util.concurrent.CompletableFuture":
                return CompletableFuture.completedFuture(Either.right(Duration.ZERO));
            default:
                return null;
        }
    }

    /**
     * A token derived from the intent key for the {@code n}-th token the tool call needs (a UUID, the form the SDK's own
     * generator gives and every API that models a token accepts), or {@code null} to keep the SDK's.
     */
    static String token(Object supplier) {
        if (supplier != IdempotentUtils.getGenerator()) {
            return null;                                 // a default value of another kind
        }
        ToolFrame scope = IntentScope.current();
        HttpGuard guard = HttpGuard.get();
        if (scope == null || !scope.sideEffect() || scope.intentKey() == null || guard == null || !guard.enforces()) {
            return null;
        }
        int round = scope.wire() instanceof WireLog ? ((WireLog) scope.wire()).round() : 0;
        int n;
        synchronized (TOKENS) {
            int[] counted = TOKENS.computeIfAbsent(scope, s -> new int[] {round, 0});
            if (counted[0] != round) {
                counted[0] = round;                      // the agent runs the body again: the same tokens again
                counted[1] = 0;
            }
            n = counted[1]++;
        }
        return UUID.nameUUIDFromBytes((scope.intentKey() + "/idempotency-token/" + n).getBytes(StandardCharsets.UTF_8))
                .toString();
    }
}
