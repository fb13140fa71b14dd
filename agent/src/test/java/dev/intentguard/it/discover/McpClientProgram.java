package dev.intentguard.it.discover;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * An MCP client (the MCP Java SDK's sync client) that starts the server with the SDK's stdio transport, the way a
 * desktop assistant starts a local server: the command line is read from the file {@code args[0]} (one argument a
 * line). It lists the tools ({@code TOOL <name> <description>}), then runs each {@code call|TOOL|JSON-ARGUMENTS} of the
 * script and prints {@code RESULT <tool> <text>} (the text of the result's first content, {@code isError} appended
 * when set) or {@code ERROR <tool> <exception>}. The server's stderr comes out on this process's stderr, each line
 * prefixed with {@code SERVER }.
 */
public final class McpClientProgram {
    private McpClientProgram() {
    }

    public static void main(String[] args) throws Exception {
        List<String> command = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        ServerParameters server = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
        StdioClientTransport transport = new StdioClientTransport(server, McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(line -> System.err.println("SERVER " + line));
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(60)).build();
        try {
            client.initialize();
            for (McpSchema.Tool tool : client.listTools().tools()) {
                System.out.println("TOOL " + tool.name() + " " + tool.description());
            }
            for (int i = 1; i < args.length; i++) {
                String[] f = args[i].split("\\|", 3);
                try {
                    McpSchema.CallToolResult result = client.callTool(
                            new McpSchema.CallToolRequest(McpJsonDefaults.getMapper(), f[1], f[2]));
                    String text = result.content().isEmpty() ? "" : ((McpSchema.TextContent) result.content().get(0)).text();
                    System.out.println("RESULT " + f[1] + " " + text + (Boolean.TRUE.equals(result.isError()) ? " isError" : ""));
                } catch (RuntimeException e) {
                    System.out.println("ERROR " + f[1] + " " + e);
                }
            }
        } finally {
            client.closeGracefully();
            transport.awaitForExit();
            Thread.sleep(300);   // the last lines of the server's stderr
        }
        System.out.flush();
        System.exit(0);
    }
}
