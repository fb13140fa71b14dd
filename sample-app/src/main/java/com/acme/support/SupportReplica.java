package com.acme.support;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One replica of the support service behind a load balancer: the same {@link SupportDesk}, served over HTTP on
 * 127.0.0.1. {@code POST /chat} takes the conversation id on the first line, the customer's earlier messages (the
 * fleet's shared chat memory, as the front hands it over), then a line {@code ---} and the new message; it answers
 * with the agent's reply. {@code POST /stop} ends the replica.
 *
 * <p>System properties: {@code replica.port}, {@code replica.name}, {@code payments.url}.
 */
public final class SupportReplica {
    private SupportReplica() {
    }

    public static void main(String[] args) throws IOException {
        String name = System.getProperty("replica.name", "replica");
        SupportDesk desk = new SupportDesk(System.getProperty("payments.url", "http://127.0.0.1:8099"),
                Duration.ofMillis(Long.getLong("payments.timeout.ms", 1000)), ToolRetryPolicy.Placement.TOOL_CALL,
                new ScriptedChatModel());
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                Integer.getInteger("replica.port", 0)), 16);
        server.createContext("/chat", exchange -> {
            List<String> lines = new ArrayList<>(Arrays.asList(
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8).split("\n")));
            String conversation = lines.remove(0);
            int separator = lines.indexOf("---");
            List<String> earlier = lines.subList(0, separator);
            String message = String.join("\n", lines.subList(separator + 1, lines.size()));
            String answer;
            synchronized (desk) {
                desk.remember(conversation, earlier);
                answer = desk.chat(conversation, message);
            }
            System.out.println(name + " " + conversation + ": " + message + " -> " + answer);
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.createContext("/stop", exchange -> {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            server.stop(0);
            System.exit(0);
        });
        server.start();
        System.out.println("REPLICA " + name + " ready on port " + server.getAddress().getPort());
        System.out.flush();
    }
}
