package dev.intentguard.junit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * One tool call driven through the four layers that repeat it, so that one test covers the storm:
 * <ol>
 *   <li>the <b>client</b> resends on its own when the {@link FaultyProvider} resets or answers 503 (HttpURLConnection,
 *       OkHttp, Apache HttpClient and most SDKs do): script the provider, nothing to do here;</li>
 *   <li>a <b>framework</b> retry around the tool (Resilience4j, Spring Retry): the call again on each error, up to
 *       {@link #frameworkAttempts} attempts;</li>
 *   <li>the <b>model</b> calls the tool again when it reads an error ("if a tool call fails, retry once"): up to
 *       {@link #modelCalls} calls;</li>
 *   <li>the <b>user</b> asks "did it go through?" and the model calls once more: {@link #userRepeats} times, after
 *       {@link #userPause}.</li>
 * </ol>
 * Every invocation and what it returned or threw is kept, in order.
 *
 * <pre>{@code
 * List<RetryStorm.Invocation> storm = RetryStorm.of(() -> tools.refundOrder("8812", new BigDecimal("49.00"), "broken"))
 *         .frameworkAttempts(3).modelCalls(2).userRepeats(1).run();
 * }</pre>
 */
public final class RetryStorm {
    /** Which layer made an invocation. */
    public enum Layer { FIRST, FRAMEWORK, MODEL, USER }

    /** One invocation of the tool: which layer made it, and its result or error. */
    public static final class Invocation {
        private final Layer layer;
        private final Object result;
        private final Throwable error;

        Invocation(Layer layer, Object result, Throwable error) {
            this.layer = layer;
            this.result = result;
            this.error = error;
        }

        public Layer layer() {
            return layer;
        }

        /** What the tool returned; {@code null} when it threw. */
        public Object result() {
            return result;
        }

        /** What the tool threw, or {@code null}. */
        public Throwable error() {
            return error;
        }

        @Override
        public String toString() {
            return layer + ": " + (error != null ? "threw " + error : "returned " + result);
        }
    }

    private final Callable<?> call;
    private int frameworkAttempts = 3;
    private int modelCalls = 2;
    private int userRepeats = 1;
    private Duration userPause = Duration.ZERO;
    private Predicate<Object> modelReadsError = result -> false;

    private RetryStorm(Callable<?> call) {
        this.call = call;
    }

    /** The tool call to repeat: the same arguments each time, as every layer repeats it. */
    public static RetryStorm of(Callable<?> call) {
        return new RetryStorm(call);
    }

    /** Attempts the framework makes per model call, the first included (default 3). */
    public RetryStorm frameworkAttempts(int attempts) {
        this.frameworkAttempts = atLeastOne(attempts);
        return this;
    }

    /** Calls the model makes per user message while it reads errors, the first included (default 2). */
    public RetryStorm modelCalls(int calls) {
        this.modelCalls = atLeastOne(calls);
        return this;
    }

    /** Times the user asks again after the first message (default 1). */
    public RetryStorm userRepeats(int repeats) {
        this.userRepeats = Math.max(0, repeats);
        return this;
    }

    /** How long the user waits before asking again (default none). */
    public RetryStorm userPause(Duration pause) {
        this.userPause = pause;
        return this;
    }

    /**
     * A returned result the model reads as an error and calls again for (by default only a thrown error is one):
     * for tools that return their errors as text, e.g. {@code r -> r.toString().startsWith("Error")}.
     */
    public RetryStorm modelReadsErrorWhen(Predicate<Object> error) {
        this.modelReadsError = error;
        return this;
    }

    /** Runs the storm: every invocation, in order. */
    public List<Invocation> run() {
        List<Invocation> out = new ArrayList<>();
        for (int user = 0; user <= userRepeats; user++) {
            if (user > 0) {
                sleep(userPause);
            }
            for (int model = 0; model < modelCalls; model++) {
                boolean error = false;
                for (int attempt = 0; attempt < frameworkAttempts; attempt++) {
                    Layer layer = attempt > 0 ? Layer.FRAMEWORK : model > 0 ? Layer.MODEL : user > 0 ? Layer.USER : Layer.FIRST;
                    Invocation i = invoke(layer);
                    out.add(i);
                    error = i.error != null;
                    if (!error) {
                        error = modelReadsError.test(i.result);
                        break;                                 // a framework retries only what threw
                    }
                }
                if (!error) {
                    break;                                     // the model read a result: it answers the user
                }
            }
        }
        return out;
    }

    private Invocation invoke(Layer layer) {
        try {
            return new Invocation(layer, call.call(), null);
        } catch (Exception e) {
            return new Invocation(layer, null, e);
        }
    }

    private static int atLeastOne(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("at least 1, the first call included: " + n);
        }
        return n;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
