package dev.intentguard.agent.discover.mcp;

import dev.intentguard.bridge.CallIds;
import dev.intentguard.bridge.CallerContext;
import dev.intentguard.bridge.Dispatcher;
import dev.intentguard.bridge.ToolFrame;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import net.bytebuddy.asm.Advice;

/**
 * Advice on the MCP Java SDK's {@code McpServerFeatures.AsyncToolSpecification} and its stateless twin
 * {@code McpStatelessServerFeatures.AsyncToolSpecification} (see {@link McpPlugin}). It calls only the bridge and the
 * SDK's own types; nothing it does can throw into the server.
 */
final class McpToolAdvice {
    static final String FRAMEWORK = "mcp";

    private McpToolAdvice() {
    }

    /**
     * {@code lambda$fromSync$0(SyncToolSpecification, McpAsyncServerExchange, CallToolRequest)}: runs a sync tool's
     * handler on the thread that serves the call. The guard decides there, with the tool's name, its hints and the
     * arguments map; a repeat skips the handler and answers a {@code CallToolResult} whose text is the status JSON
     * (with the first result inside). For the audit, {@link CallerContext} gets the session id as the conversation and
     * the JSON-RPC request id (see {@link ReadRequest}) as the tool-call id.
     */
    static final class Call {
        private Call() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
        static boolean enter(@Advice.Origin Class<?> owner,
                             @Advice.Argument(0) McpServerFeatures.SyncToolSpecification spec,
                             @Advice.Argument(1) McpAsyncServerExchange exchange,
                             @Advice.Argument(2) McpSchema.CallToolRequest request,
                             @Advice.Local("intentguardCaller") CallerContext caller,
                             @Advice.Local("intentguardFrame") Object frame) {
            caller = CallerContext.enter(CallIds.take(request), exchange == null ? null : exchange.sessionId(), null, FRAMEWORK);
            McpSchema.Tool tool = spec.tool();
            McpSchema.ToolAnnotations hints = tool.annotations();
            String hinted = hints == null ? null : Boolean.TRUE.equals(hints.readOnlyHint()) ? "read"
                    : Boolean.TRUE.equals(hints.idempotentHint()) ? "idempotent" : null;
            frame = Dispatcher.enterNamedTool(FRAMEWORK, tool.name(), hinted, request.arguments(), owner);
            return Dispatcher.skipBody(frame);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Local("intentguardCaller") CallerContext caller,
                         @Advice.Local("intentguardFrame") Object frame,
                         @Advice.Return(readOnly = false) McpSchema.CallToolResult returned,
                         @Advice.Thrown(readOnly = false) Throwable thrown) {
            CallerContext.exit(caller);       // first: nothing below may leave the context on a pooled thread
            if (frame != null) {
                Object result = returned;
                if (returned != null && thrown == null && ((ToolFrame) frame).sideEffect()) {
                    try {
                        result = McpJsonDefaults.getMapper().writeValueAsString(returned);   // the first result, as MCP JSON
                    } catch (Throwable notJson) {
                        result = String.valueOf(returned);
                    }
                }
                Dispatcher.exitTool(frame, result, thrown);
                Object answer = Dispatcher.returnValue(frame, returned);
                thrown = Dispatcher.thrown(frame, thrown);
                if (answer instanceof String) {
                    returned = McpSchema.CallToolResult.builder().addTextContent((String) answer).isError(Boolean.FALSE).build();
                }
            }
        }
    }

    /**
     * {@code fromSync(SyncToolSpecification, boolean)}: the spec the server lists in {@code tools/list}. A guarded
     * {@code side_effect} tool's description gains {@code discover.sentence}. Only sync tools get it: they are the
     * ones guarded.
     */
    static final class Describe {
        private Describe() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return(readOnly = false) McpServerFeatures.AsyncToolSpecification returned) {
            if (returned == null || returned.tool() == null) {
                return;
            }
            McpSchema.Tool tool = returned.tool();
            McpSchema.ToolAnnotations hints = tool.annotations();
            String hinted = hints == null ? null : Boolean.TRUE.equals(hints.readOnlyHint()) ? "read"
                    : Boolean.TRUE.equals(hints.idempotentHint()) ? "idempotent" : null;
            String described = Dispatcher.describeNamedTool(FRAMEWORK, tool.name(), hinted, tool.description());
            if (described != null) {
                returned = new McpServerFeatures.AsyncToolSpecification(new McpSchema.Tool(tool.name(), tool.title(), described,
                        tool.inputSchema(), tool.outputSchema(), tool.annotations(), tool.meta(), tool.icons()),
                        returned.callHandler());
            }
        }
    }

    /**
     * The stateless server's {@code lambda$fromSync$0(SyncToolSpecification, McpTransportContext, CallToolRequest)}: as
     * {@link Call}, without a session (each request stands alone).
     */
    static final class StatelessCall {
        private StatelessCall() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
        static boolean enter(@Advice.Origin Class<?> owner,
                             @Advice.Argument(0) McpStatelessServerFeatures.SyncToolSpecification spec,
                             @Advice.Argument(1) McpTransportContext context,
                             @Advice.Argument(2) McpSchema.CallToolRequest request,
                             @Advice.Local("intentguardCaller") CallerContext caller,
                             @Advice.Local("intentguardFrame") Object frame) {
            caller = CallerContext.enter(null, null, null, FRAMEWORK);
            McpSchema.Tool tool = spec.tool();
            McpSchema.ToolAnnotations hints = tool.annotations();
            String hinted = hints == null ? null : Boolean.TRUE.equals(hints.readOnlyHint()) ? "read"
                    : Boolean.TRUE.equals(hints.idempotentHint()) ? "idempotent" : null;
            frame = Dispatcher.enterNamedTool(FRAMEWORK, tool.name(), hinted, request.arguments(), owner);
            return Dispatcher.skipBody(frame);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Local("intentguardCaller") CallerContext caller,
                         @Advice.Local("intentguardFrame") Object frame,
                         @Advice.Return(readOnly = false) McpSchema.CallToolResult returned,
                         @Advice.Thrown(readOnly = false) Throwable thrown) {
            CallerContext.exit(caller);       // first: nothing below may leave the context on a pooled thread
            if (frame != null) {
                Object result = returned;
                if (returned != null && thrown == null && ((ToolFrame) frame).sideEffect()) {
                    try {
                        result = McpJsonDefaults.getMapper().writeValueAsString(returned);
                    } catch (Throwable notJson) {
                        result = String.valueOf(returned);
                    }
                }
                Dispatcher.exitTool(frame, result, thrown);
                Object answer = Dispatcher.returnValue(frame, returned);
                thrown = Dispatcher.thrown(frame, thrown);
                if (answer instanceof String) {
                    returned = McpSchema.CallToolResult.builder().addTextContent((String) answer).isError(Boolean.FALSE).build();
                }
            }
        }
    }

    /** The stateless server's {@code fromSync}: as {@link Describe}. */
    static final class StatelessDescribe {
        private StatelessDescribe() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return(readOnly = false) McpStatelessServerFeatures.AsyncToolSpecification returned) {
            if (returned == null || returned.tool() == null) {
                return;
            }
            McpSchema.Tool tool = returned.tool();
            McpSchema.ToolAnnotations hints = tool.annotations();
            String hinted = hints == null ? null : Boolean.TRUE.equals(hints.readOnlyHint()) ? "read"
                    : Boolean.TRUE.equals(hints.idempotentHint()) ? "idempotent" : null;
            String described = Dispatcher.describeNamedTool(FRAMEWORK, tool.name(), hinted, tool.description());
            if (described != null) {
                returned = new McpStatelessServerFeatures.AsyncToolSpecification(new McpSchema.Tool(tool.name(), tool.title(),
                        described, tool.inputSchema(), tool.outputSchema(), tool.annotations(), tool.meta(), tool.icons()),
                        returned.callHandler());
            }
        }
    }

    /**
     * {@code McpServerSession.lambda$handleIncomingRequest$7(McpRequestHandler, McpTransportContext, JSONRPCRequest,
     * McpAsyncServerExchange)}: hands a request to its handler, which builds the tool call synchronously; the JSON-RPC
     * request id is the thread's while it runs.
     */
    static final class ReadRequest {
        private ReadRequest() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static String enter(@Advice.Argument(2) McpSchema.JSONRPCRequest request) {
            return CallIds.begin(request.id());
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter String previous) {
            CallIds.end(previous);
        }
    }

    /**
     * {@code lambda$fromSync$1(SyncToolSpecification, boolean, McpAsyncServerExchange, CallToolRequest)}: makes the
     * {@code Mono} of one call, on the thread that read the request. The request object carries the request id to
     * {@link Call}, which may run on another thread.
     */
    static final class AttachRequestId {
        private AttachRequestId() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(3) Object request) {
            CallIds.attach(request);
        }
    }

    /**
     * The streamable HTTP session's {@code McpStreamableServerSessionStream.lambda$handle$7(JSONRPCRequest,
     * ContextView)}: as {@link ReadRequest}.
     */
    static final class ReadStreamRequest {
        private ReadStreamRequest() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static String enter(@Advice.Argument(0) McpSchema.JSONRPCRequest request) {
            return CallIds.begin(request.id());
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter String previous) {
            CallIds.end(previous);
        }
    }
}
