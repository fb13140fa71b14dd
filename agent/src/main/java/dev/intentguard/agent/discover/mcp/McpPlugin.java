package dev.intentguard.agent.discover.mcp;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.log.AgentLoggers;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.ToolSpec;
import dev.intentguard.agent.discover.StartDescriptionHook;
import dev.intentguard.agent.weave.StartCalls;
import dev.intentguard.agent.weave.StartTrampoline;
import dev.intentguard.bridge.CallIds;
import dev.intentguard.agent.weave.ExactNamePlugin;
import dev.intentguard.agent.weave.PluginContext;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.matcher.ElementMatcher;
import org.slf4j.Logger;

import static net.bytebuddy.matcher.ElementMatchers.isPrivate;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Tools of an MCP server written with the MCP Java SDK (read in 2.1.0): a tool is a {@code Tool} (name, description,
 * {@code ToolAnnotations} hints) and a handler lambda, not a method the tool plugin could find. Every sync tool, however
 * it is registered ({@code McpServer.sync(..).tools(..)}, {@code toolCall(..)}, {@code McpSyncServer.addTool}), is
 * adapted by {@code McpServerFeatures.AsyncToolSpecification.fromSync(SyncToolSpecification, boolean)} into a lambda
 * {@code (SyncToolSpecification, McpAsyncServerExchange, CallToolRequest) -> CallToolResult} that calls the handler on
 * the thread serving the {@code tools/call} (Reactor's {@code boundedElastic}, or the transport's with
 * {@code immediateExecution}). That synthetic lambda, matched by its signature rather than its number, is where the
 * guard runs ({@link McpToolAdvice.Call}); {@code fromSync}'s result is where the description the model reads gets
 * the once-per-intent sentence ({@link McpToolAdvice.Describe}).
 *
 * <p>Hints classify a tool: {@code readOnlyHint} read (left alone), {@code idempotentHint} idempotent, neither
 * {@code discover.default-effect}. Hints are the server author's claims, so a {@code tools:} entry with the tool's name
 * (and no method) wins. With {@code discover.mcp: false} only tools named by such an entry are guarded.
 *
 * <p>The stateless server ({@code McpServer.sync(McpStatelessServerTransport)}) adapts its sync tools the same way in
 * {@code McpStatelessServerFeatures.AsyncToolSpecification}, with an {@code McpTransportContext} instead of the
 * exchange (no session).
 *
 * <p>While the application starts (when Byte Buddy is not loaded yet) these classes get a light rewrite instead
 * ({@link #whileStarting}): a tool called during the start waits for the weaving in its handler lambda, the servers
 * built during the start list the described text, and the request ids reach the audit.
 *
 * <p>Not covered: tools registered as async ({@code AsyncToolSpecification} with a {@code Mono} handler: its work may
 * run on any thread, after the handler returned).
 */
@AutoService(AgentPlugin.class)
public final class McpPlugin extends ExactNamePlugin {
    private static final Logger LOG = AgentLoggers.named("intentguard");

    static final String ASYNC_SPEC = "io.modelcontextprotocol.server.McpServerFeatures$AsyncToolSpecification";
    static final String SYNC_SPEC = "io.modelcontextprotocol.server.McpServerFeatures$SyncToolSpecification";
    static final String EXCHANGE = "io.modelcontextprotocol.server.McpAsyncServerExchange";
    static final String STATELESS_ASYNC_SPEC =
            "io.modelcontextprotocol.server.McpStatelessServerFeatures$AsyncToolSpecification";
    static final String STATELESS_SYNC_SPEC =
            "io.modelcontextprotocol.server.McpStatelessServerFeatures$SyncToolSpecification";
    static final String CONTEXT = "io.modelcontextprotocol.common.McpTransportContext";
    static final String SESSION = "io.modelcontextprotocol.spec.McpServerSession";
    static final String STREAM = "io.modelcontextprotocol.spec.McpStreamableServerSession$McpStreamableServerSessionStream";
    static final String JSONRPC_REQUEST = "io.modelcontextprotocol.spec.McpSchema$JSONRPCRequest";
    static final String REQUEST = "io.modelcontextprotocol.spec.McpSchema$CallToolRequest";
    static final String RESULT = "io.modelcontextprotocol.spec.McpSchema$CallToolResult";
    static final String TOOL = "io.modelcontextprotocol.spec.McpSchema$Tool";
    private static final String CALL_IDS = Type.getInternalName(CallIds.class);
    static final String MONO = "reactor.core.publisher.Mono";

    private boolean active;

    public McpPlugin() {
        super("mcp", null, ASYNC_SPEC, STATELESS_ASYNC_SPEC, SESSION, STREAM);
    }

    @Override
    public void start(PluginContext context) {
        super.start(context);
        AgentConfig config = context.config();
        boolean byName = false;
        for (ToolSpec t : config.tools()) {     // a loop, not a stream: premain runs this
            byName |= t.method() == null;
        }
        active = config.discover().mcp() || byName;
        context.linkCalledCode(this);       // McpStartDescription, called from fromSync while the application starts
    }

    /**
     * The start's rewrite; an SDK without the handler lambda or {@code fromSync}'s shape is woven now ({@code null}):
     * <ul>
     *   <li>the handler lambda gets a {@link StartTrampoline}: a tool called during the start waits for the weaving there,
     *       on the thread that runs sync tools, and runs woven;</li>
     *   <li>{@code fromSync} hands the {@code Tool} it wraps to {@link McpStartDescription}
     *       ({@link StartDescriptionHook#insertAfterCall});</li>
     *   <li>the sessions' request lambdas and the call lambda carry the JSON-RPC request id as their advice does
     *       ({@link StartCalls}), without waiting for the weaving: they run on the transport's threads (a Netty event
     *       loop under WebFlux).</li>
     * </ul>
     */
    @Override
    public byte[] whileStarting(ClassLoader loader, String internalName, byte[] classFile) {
        String name = internalName.replace('/', '.');
        if (name.equals(SESSION) || name.equals(STREAM)) {
            boolean session = name.equals(SESSION);
            String handle = session
                    ? descriptor(MONO, "io.modelcontextprotocol.server.McpRequestHandler", CONTEXT, JSONRPC_REQUEST, EXCHANGE)
                    : descriptor(MONO, JSONRPC_REQUEST, "reactor.util.context.ContextView");
            int request = session ? 3 : 1;          // its slot: after this and the arguments before it
            return StartCalls.insert(classFile, (access, method, descriptor) -> (access & Opcodes.ACC_STATIC) == 0
                    && (access & Opcodes.ACC_PRIVATE) != 0 && descriptor.equals(handle), mv -> {
                        mv.visitVarInsn(Opcodes.ALOAD, request);
                        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, JSONRPC_REQUEST.replace('.', '/'), "id", "()Ljava/lang/Object;", false);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, CALL_IDS, "begin", "(Ljava/lang/Object;)Ljava/lang/String;", false);
                        mv.visitInsn(Opcodes.POP);      // nothing nests here: end(null) below restores what was
                    }, mv -> {
                        mv.visitInsn(Opcodes.ACONST_NULL);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, CALL_IDS, "end", "(Ljava/lang/String;)V", false);
                    });
        }
        boolean stateless = name.equals(STATELESS_ASYNC_SPEC);
        String syncSpec = stateless ? STATELESS_SYNC_SPEC : SYNC_SPEC;
        String handler = descriptor(RESULT, syncSpec, stateless ? CONTEXT : EXCHANGE, REQUEST);
        int privateStatic = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC;
        byte[] forNow = StartTrampoline.insert(classFile, (access, method, descriptor) ->
                (access & privateStatic) == privateStatic && descriptor.equals(handler), McpPlugin::namedTool);
        if (forNow == null || forNow == classFile) {
            return null;
        }
        if (!stateless) {       // as woven: the stateless server has no request ids to carry
            String makeCall = "(" + type(syncSpec) + "Z" + type(EXCHANGE) + type(REQUEST) + ")" + type(MONO);
            forNow = StartCalls.insert(forNow, (access, method, descriptor) -> (access & privateStatic) == privateStatic
                    && descriptor.equals(makeCall), mv -> {
                        mv.visitVarInsn(Opcodes.ALOAD, 3);
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, CALL_IDS, "attach", "(Ljava/lang/Object;)V", false);
                    }, null);
        }
        return StartDescriptionHook.insertAfterCall(forNow, "fromSync", "(" + type(syncSpec) + "Z)",
                new StartDescriptionHook.Call(syncSpec.replace('.', '/'), "tool", "()" + type(TOOL)), name(),
                McpPlugin.class.getPackageName() + ".McpStartDescription");   // named, not loaded in the agent's loader
    }

    /**
     * The tool a handler lambda runs, from its first argument's {@code tool()}: name and hints, read by reflection (the
     * agent's loader does not see the SDK), as {@link McpToolAdvice.Call} reads them.
     */
    private static StartTrampoline.NamedTool namedTool(Object[] args) throws ReflectiveOperationException {
        Object tool = args[0].getClass().getMethod("tool").invoke(args[0]);
        Object hints = tool.getClass().getMethod("annotations").invoke(tool);
        String hinted = hints == null ? null : Boolean.TRUE.equals(hints.getClass().getMethod("readOnlyHint").invoke(hints))
                ? "read" : Boolean.TRUE.equals(hints.getClass().getMethod("idempotentHint").invoke(hints)) ? "idempotent" : null;
        return new StartTrampoline.NamedTool(McpToolAdvice.FRAMEWORK, (String) tool.getClass().getMethod("name").invoke(tool),
                hinted);
    }

    private static String type(String className) {
        return "L" + className.replace('.', '/') + ";";
    }

    private static String descriptor(String returned, String... parameters) {
        StringBuilder b = new StringBuilder("(");
        for (String p : parameters) {
            b.append(type(p));
        }
        return b.append(')').append(type(returned)).toString();
    }

    @Override
    public boolean mayTransform(ClassLoader loader, String internalName, byte[] classFile) {
        return active && super.mayTransform(loader, internalName, classFile);
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        if (type.getName().equals(SESSION) || type.getName().equals(STREAM)) {
            return readRequest(builder, type, loader);
        }
        boolean stateless = type.getName().equals(STATELESS_ASYNC_SPEC);
        String syncSpec = stateless ? STATELESS_SYNC_SPEC : SYNC_SPEC;
        String asyncSpec = stateless ? STATELESS_ASYNC_SPEC : ASYNC_SPEC;
        ElementMatcher.Junction<MethodDescription> handler = isPrivate().and(isStatic()).and(returns(named(RESULT)))
                .and(takesArguments(3)).and(takesArgument(0, named(syncSpec)))
                .and(takesArgument(1, named(stateless ? CONTEXT : EXCHANGE))).and(takesArgument(2, named(REQUEST)));
        ElementMatcher.Junction<MethodDescription> fromSync = isStatic().and(named("fromSync")).and(returns(named(asyncSpec)))
                .and(takesArguments(2)).and(takesArgument(0, named(syncSpec))).and(takesArgument(1, boolean.class));
        if (type.getDeclaredMethods().filter(handler).size() != 1 || !has(loader, "io.modelcontextprotocol.json.McpJsonDefaults")
                || !has(loader, "io.modelcontextprotocol.spec.McpSchema$CallToolResult$Builder")) {
            LOG.warn("this MCP Java SDK's {} is not one intentguard knows (2.x): its sync tools are not guarded (add the "
                    + "tools' own methods under tools: instead)", type.getName());
            return builder;
        }
        Class<?> call = stateless ? McpToolAdvice.StatelessCall.class : McpToolAdvice.Call.class;
        Class<?> describe = stateless ? McpToolAdvice.StatelessDescribe.class : McpToolAdvice.Describe.class;
        builder = builder.visit(context.advice(call, loader).on(handler));
        if (type.getDeclaredMethods().filter(fromSync).size() == 1) {
            builder = builder.visit(context.advice(describe, loader).on(fromSync));
        }
        ElementMatcher.Junction<MethodDescription> makeCall = isPrivate().and(isStatic()).and(returns(named(MONO)))
                .and(takesArguments(4)).and(takesArgument(0, named(SYNC_SPEC))).and(takesArgument(1, boolean.class))
                .and(takesArgument(2, named(EXCHANGE))).and(takesArgument(3, named(REQUEST)));
        if (!stateless && type.getDeclaredMethods().filter(makeCall).size() == 1) {
            builder = builder.visit(context.advice(McpToolAdvice.AttachRequestId.class, loader).on(makeCall));
        }
        return builder;
    }

    /**
     * {@code McpServerSession} (stdio, SSE) and the streamable HTTP session's stream: where a request meets its handler,
     * for the JSON-RPC request id (the audit's tool-call id).
     */
    private DynamicType.Builder<?> readRequest(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        boolean stream = type.getName().equals(STREAM);
        ElementMatcher.Junction<MethodDescription> handle = stream
                ? isPrivate().and(returns(named(MONO))).and(takesArguments(2)).and(takesArgument(0, named(JSONRPC_REQUEST)))
                        .and(takesArgument(1, named("reactor.util.context.ContextView")))
                : isPrivate().and(returns(named(MONO))).and(takesArguments(4))
                        .and(takesArgument(0, named("io.modelcontextprotocol.server.McpRequestHandler")))
                        .and(takesArgument(1, named(CONTEXT))).and(takesArgument(2, named(JSONRPC_REQUEST)))
                        .and(takesArgument(3, named(EXCHANGE)));
        if (type.getDeclaredMethods().filter(handle).size() != 1) {
            LOG.debug("MCP Java SDK: {} hands requests to handlers in a way intentguard does not know; the audit sees its "
                    + "tool calls without their JSON-RPC request id", type.getName());
            return builder;
        }
        return builder.visit(context.advice(stream ? McpToolAdvice.ReadStreamRequest.class : McpToolAdvice.ReadRequest.class,
                loader).on(handle));
    }

    /** Whether the SDK seen by {@code loader} has a class the advice uses (2.x does). */
    private static boolean has(ClassLoader loader, String className) {
        String resource = className.replace('.', '/') + ".class";
        return loader == null ? ClassLoader.getSystemResource(resource) != null : loader.getResource(resource) != null;
    }
}
