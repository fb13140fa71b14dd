package dev.intentguard.agent.scope;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Work a tool starts on other threads runs in the tool's scope, so its requests carry the tool's key. Two ways,
 * both in {@code java.util.concurrent}:
 * <ul>
 *   <li>Task objects of the JDK are tagged with the scope when they are created inside one
 *       ({@link CaptureScopeAdvice}) and enter it when they run, on whatever thread ({@link RunInScopeAdvice}):
 *       {@code ForkJoinTask} (every ForkJoinPool submission is one, Runnables and Callables included, and so are
 *       CompletableFuture's {@code supplyAsync}/{@code runAsync} tasks and the completions of its {@code *Async}
 *       stages, created when the stage is declared), {@code FutureTask} (every {@code submit} to a
 *       ThreadPoolExecutor or ScheduledThreadPoolExecutor) and the virtual-thread executor's futures (JDK 21+).
 *       Tagging the object instead of wrapping it keeps its identity: {@code afterExecute(r, t)},
 *       {@code remove(r)}, {@code shutdownNow()} still see the task the application submitted.</li>
 *   <li>A bare Runnable given to {@code ThreadPoolExecutor.execute} or to the thread-per-task executor is
 *       wrapped with {@code IntentScope.wrap} ({@link WrapTaskAdvice}).</li>
 * </ul>
 * Cost outside a scope: a ThreadLocal read where tasks are created or handed over; where they run, a lookup in
 * the carried-objects map (a size check while no tool call has tagged anything).
 */
@AutoService(AgentPlugin.class)
public final class AsyncScopePlugin extends ExactNamePlugin {
    private static final String JUC = "java.util.concurrent.";

    public AsyncScopePlugin() {
        super("async-scope", null, JUC + "ForkJoinTask", JUC + "FutureTask", JUC + "ThreadPoolExecutor",
                JUC + "CompletableFuture$AsyncSupply", JUC + "CompletableFuture$AsyncRun", JUC + "CompletableFuture$Completion",
                JUC + "ThreadPerTaskExecutor", JUC + "ThreadPerTaskExecutor$ThreadBoundFuture");
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public boolean instrumentsJdkClasses() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case JUC + "ForkJoinTask":
                return builder
                        .visit(context.advice(CaptureScopeAdvice.class).on(isConstructor()))
                        .visit(context.advice(RunInScopeAdvice.class).on(named("doExec").and(takesArguments(0))));
            case JUC + "FutureTask":
                return builder
                        .visit(context.advice(CaptureScopeAdvice.class).on(isConstructor()))
                        .visit(context.advice(RunInScopeAdvice.class)
                                .on(named("run").or(named("runAndReset")).and(takesArguments(0))));
            case JUC + "CompletableFuture$AsyncSupply":
            case JUC + "CompletableFuture$AsyncRun":
            case JUC + "CompletableFuture$Completion":
                // run() is how an executor other than a ForkJoinPool runs them (ForkJoinPool: doExec).
                return builder.visit(context.advice(RunInScopeAdvice.class).on(named("run").and(takesArguments(0))));
            case JUC + "ThreadPoolExecutor":
                return builder.visit(context.advice(WrapTaskAdvice.class)
                        .on(named("execute").and(takesArguments(1)).and(takesArgument(0, Runnable.class))));
            case JUC + "ThreadPerTaskExecutor":
                return builder.visit(context.advice(WrapTaskAdvice.class)
                        .on(named("start").and(takesArguments(1)).and(takesArgument(0, Runnable.class))));
            case JUC + "ThreadPerTaskExecutor$ThreadBoundFuture":
                return builder
                        .visit(context.advice(CaptureScopeAdvice.class).on(isConstructor()))
                        .visit(context.advice(RunInScopeAdvice.class).on(named("run").and(takesArguments(0))));
            default:
                return builder;
        }
    }
}
