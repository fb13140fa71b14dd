package dev.intentguard.it.discover;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;

import jakarta.servlet.http.HttpServlet;

import java.nio.file.Files;
import java.time.Duration;

/**
 * An MCP server over HTTP in an embedded Tomcat on 127.0.0.1, with the {@code refund} tool of
 * {@link McpPaymentsServer} (no hints, the provider times out): {@code mcp.server=stateless} (the SDK's
 * {@code HttpServletStatelessServerTransport}) or {@code streamable} (its {@code HttpServletStreamableServerTransportProvider},
 * with sessions). The SDK's sync client in the same JVM talks to it over HTTP (streamable HTTP transport). Prints
 * {@code TOOL}, {@code RESULT} and {@code ERROR} lines like {@link McpClientProgram} for each
 * {@code call|TOOL|JSON-ARGUMENTS}.
 */
public final class McpHttpPaymentsApp {
    private McpHttpPaymentsApp() {
    }

    public static void main(String[] args) throws Exception {
        McpSchema.Tool refund = McpSchema.Tool.builder().name("refund").description("Refunds an order.")
                .inputSchema(McpJsonDefaults.getMapper(), "{\"type\":\"object\",\"properties\":{\"orderId\":{\"type\":\"string\"}}}")
                .build();
        McpSchema.ServerCapabilities tools = McpSchema.ServerCapabilities.builder().tools(true).build();
        HttpServlet transport;
        if ("streamable".equals(System.getProperty("mcp.server"))) {
            HttpServletStreamableServerTransportProvider provider = HttpServletStreamableServerTransportProvider.builder()
                    .jsonMapper(McpJsonDefaults.getMapper()).mcpEndpoint("/mcp").build();
            McpServer.sync(provider).serverInfo("payments-streamable", "1.0").capabilities(tools)
                    .tools(McpServerFeatures.SyncToolSpecification.builder().tool(refund)
                            .callHandler((exchange, request) -> McpPaymentsServer.call("refund", "slow", request.arguments())).build())
                    .build();
            transport = provider;
        } else {
            HttpServletStatelessServerTransport stateless = HttpServletStatelessServerTransport.builder()
                    .jsonMapper(McpJsonDefaults.getMapper()).messageEndpoint("/mcp").build();
            McpServer.sync(stateless).serverInfo("payments-stateless", "1.0").capabilities(tools)
                    .tools(McpStatelessServerFeatures.SyncToolSpecification.builder().tool(refund)
                            .callHandler((context, request) -> McpPaymentsServer.call("refund", "slow", request.arguments())).build())
                    .build();
            transport = stateless;
        }

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createTempDirectory("tomcat").toString());
        tomcat.setPort(0);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        Context context = tomcat.addContext("", null);
        Wrapper servlet = Tomcat.addServlet(context, "mcp", transport);
        servlet.setAsyncSupported(true);
        context.addServletMappingDecoded("/mcp", "mcp");
        tomcat.start();
        int port = tomcat.getConnector().getLocalPort();

        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                .endpoint("/mcp").build()).requestTimeout(Duration.ofSeconds(60)).build();
        try {
            client.initialize();
            for (McpSchema.Tool tool : client.listTools().tools()) {
                System.out.println("TOOL " + tool.name() + " " + tool.description());
            }
            for (String step : args) {
                String[] f = step.split("\\|", 3);
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
            tomcat.stop();
        }
        System.out.flush();
        System.exit(0);
    }
}
