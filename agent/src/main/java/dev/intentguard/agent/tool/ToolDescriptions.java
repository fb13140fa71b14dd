package dev.intentguard.agent.tool;

import dev.intentguard.agent.background.AgentThreads;
import dev.intentguard.agent.config.DiscoverSettings;
import dev.intentguard.agent.config.Effect;
import dev.intentguard.agent.key.ArgumentRef;
import dev.intentguard.agent.key.KeyRecipe;
import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.agent.tool.bind.ToolDefinition;
import dev.intentguard.agent.tool.bind.ToolCatalog;
import dev.intentguard.agent.tool.bind.ToolResolver;
import dev.intentguard.agent.weave.DeferredWeaving;
import net.bytebuddy.jar.asm.Type;
import dev.intentguard.bridge.DescribeHooks;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The sentence a guarded {@code side_effect} tool's description gains where an agent framework builds what the model
 * sees ({@code discover.describe}, {@code discover.sentence}): "Safe to call once per orderId. Repeated calls return
 * the original result." The method is matched to the binding its class got when it was woven (while the application
 * starts, before that weaving, to what the weaving will find); a method intentguard does not guard, a read or
 * idempotent tool, or a tool switched off keeps its description.
 */
final class ToolDescriptions implements DescribeHooks {
    /** Where the framework plugins edit descriptions: Spring AI's {@code ToolUtils}, LangChain4j's {@code ToolSpecifications}. */
    private static final String SPRING_AI_DESCRIBER = "org/springframework/ai/tool/support/ToolUtils.class";
    private static final String LANGCHAIN4J_DESCRIBER = "dev/langchain4j/agent/tool/ToolSpecifications.class";

    private final ToolRuntime runtime;
    /** A {@link ToolResolver} is made for each read, never in premain (see ToolPlugin#catalog). */
    private final ToolCatalog catalog;
    /** Whether the application is starting: tool classes are not woven yet, so they have no binding to match. */
    private final DeferredWeaving starting;
    /**
     * While the application starts: a class's tool methods as its weaving will find them, read from its class file as
     * the weaver reads it (a type pool, not the whole weaving machinery), for the descriptions built during the start.
     * By class loader, then class name; read ahead on a thread of its own when the class gets its start trampoline.
     */
    private final Map<ClassLoader, Map<String, CompletableFuture<List<ToolResolver.Resolved>>>> resolvedWhileStarting =
            Collections.synchronizedMap(new WeakHashMap<>());
    private volatile ExecutorService readAhead;

    ToolDescriptions(ToolRuntime runtime, ToolCatalog catalog, DeferredWeaving starting) {
        this.runtime = runtime;
        this.catalog = catalog;
        this.starting = starting;
        starting.whenWoven(new ForgetStart());
    }

    /** A class, not a method reference: premain makes the descriptions, and a cold JVM spins each lambda it meets. */
    private final class ForgetStart implements Runnable {
        @Override
        public void run() {
            forgetStart();
        }
    }

    /**
     * A class of tools is being loaded during the start: when an agent framework's descriptions are edited, its tool
     * methods are read now on a thread of their own, so that the application's thread, which builds the descriptions
     * a moment later, finds them read (about 110 ms of its CPU in Spring Boot + Spring AI: Byte Buddy's type pool,
     * loaded for this alone during the start).
     */
    void readAhead(ClassLoader loader, String internalName) {
        DiscoverSettings settings = runtime.config().discover();
        if (!settings.describe() || loader == null || !starting.pending()
                || !((settings.springAi() && loader.getResource(SPRING_AI_DESCRIBER) != null)
                        || (settings.langchain4j() && loader.getResource(LANGCHAIN4J_DESCRIBER) != null))) {
            return;     // no framework whose descriptions are edited: nothing would ask
        }
        reading(loader, internalName.replace('/', '.'), readAheadThread());
    }

    private ExecutorService readAheadThread() {
        ExecutorService e = readAhead;
        if (e == null) {
            synchronized (this) {
                e = readAhead;
                if (e == null) {
                    ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                            AgentThreads.inheritingContext("intentguard-describe"));
                    pool.allowCoreThreadTimeOut(true);
                    readAhead = e = pool;
                }
            }
        }
        return e;
    }

    /**
     * The start has settled and its classes are woven: what was read for them goes. The reads hold their class loader
     * (through its class files), so the weak keys alone would never let it go; a read still under way when this runs is
     * dropped by the next description built.
     */
    void forgetStart() {
        resolvedWhileStarting.clear();
    }

    /** The read of a class's tool methods: the one begun already, or one begun now on {@code on}. */
    private CompletableFuture<List<ToolResolver.Resolved>> reading(ClassLoader loader, String name, Executor on) {
        CompletableFuture<List<ToolResolver.Resolved>> created = new CompletableFuture<>();
        CompletableFuture<List<ToolResolver.Resolved>> known = resolvedWhileStarting
                .computeIfAbsent(loader, l -> new ConcurrentHashMap<>()).putIfAbsent(name, created);
        if (known != null) {
            return known;
        }
        on.execute(() -> resolve(loader, name, created));
        return created;
    }

    private void resolve(ClassLoader loader, String name, CompletableFuture<List<ToolResolver.Resolved>> into) {
        try {
            into.complete(new ToolResolver(catalog).resolveClassFile(loader, name));
        } catch (Throwable t) {
            into.completeExceptionally(t);
        }
    }

    /** The tool methods of {@code type} while the application starts: read ahead, or read now on this thread. */
    private List<ToolResolver.Resolved> resolvedWhileStarting(Class<?> type) {
        try {
            return reading(type.getClassLoader(), type.getName(), Runnable::run).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();      // as if read on this thread: the describe hook logs it
            }
            if (e.getCause() instanceof Error) {
                throw (Error) e.getCause();
            }
            throw e;
        }
    }

    @Override
    public String describe(Method method, String description) {
        DiscoverSettings settings = runtime.config().discover();
        if (!settings.describe()) {
            return description;
        }
        ToolBinding binding = runtime.bindings().find(method.getDeclaringClass().getName(), method.getName(),
                method.getParameterTypes());
        ToolDefinition tool = binding == null ? null : binding.tool();
        KeyRecipe recipe = binding == null ? null : binding.recipe();
        if (binding == null && starting.pending()) {
            String descriptor = Type.getMethodDescriptor(method);
            for (ToolResolver.Resolved r : resolvedWhileStarting(method.getDeclaringClass())) {
                if (r.problem == null && r.method.getName().equals(method.getName())
                        && r.method.getDescriptor().equals(descriptor)) {
                    tool = r.tool;
                    recipe = r.recipe;
                }
            }
        }
        if (!resolvedWhileStarting.isEmpty() && !starting.pending()) {
            resolvedWhileStarting.clear();     // the weaving has bound them now
        }
        if (tool == null || tool.effect() != Effect.SIDE_EFFECT || !tool.enabled() || recipe == null) {
            return description;
        }
        List<String> keyNames = new ArrayList<>();
        java.lang.reflect.Parameter[] params = method.getParameters();
        for (ArgumentRef ref : recipe.keyArguments()) {
            String label = ref.label();
            if (ref.wholeArgument() && label.chars().allMatch(Character::isDigit) && ref.index() < params.length
                    && params[ref.index()].isNamePresent()) {
                label = params[ref.index()].getName();
            }
            keyNames.add(label);
        }
        String sentence = settings.sentenceFor(keyNames);
        if (description == null || description.isBlank()) {
            return sentence;
        }
        if (description.contains(sentence)) {
            return description;
        }
        return description.endsWith(" ") || description.endsWith("\n") ? description + sentence : description + " " + sentence;
    }

    @Override
    public void bridgeError(String where, Throwable error) {
        runtime.log().error("internal error in tool description advice ({}); the description stays as it was: {}", where,
                String.valueOf(error), error);
    }
}
