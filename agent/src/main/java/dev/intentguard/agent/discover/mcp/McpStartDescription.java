package dev.intentguard.agent.discover.mcp;

import dev.intentguard.bridge.Dispatcher;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * The description a tool gets in {@code fromSync} while the application starts, before the SDK's classes are woven
 * (then {@link McpToolAdvice.Describe} does the same): called from the hook {@link McpPlugin#whileStarting} writes, in the
 * plugin's own class loader for the server's loader, so it uses the SDK's types as they are.
 */
final class McpStartDescription {
    private McpStartDescription() {
    }

    /** {@code tool} with the sentence of a guarded {@code side_effect} tool, or {@code null} to keep it as it is. */
    static McpSchema.Tool describe(McpSchema.Tool tool) {
        if (tool == null) {
            return null;
        }
        McpSchema.ToolAnnotations hints = tool.annotations();
        String hinted = hints == null ? null : Boolean.TRUE.equals(hints.readOnlyHint()) ? "read"
                : Boolean.TRUE.equals(hints.idempotentHint()) ? "idempotent" : null;
        String described = Dispatcher.describeNamedTool(McpToolAdvice.FRAMEWORK, tool.name(), hinted, tool.description());
        return described == null ? null : new McpSchema.Tool(tool.name(), tool.title(), described, tool.inputSchema(),
                tool.outputSchema(), tool.annotations(), tool.meta(), tool.icons());
    }
}
