package dev.intentguard.it.audit;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@link RetryLayersApp} in a host that publishes its metrics the way a service does: a Prometheus registry bound to
 * Micrometer's global registry, served at {@code GET /metrics} on loopback. After the commands it writes the port to
 * the file named by {@code -Dmetrics.port.file} and serves until the test asks for {@code GET /quit}.
 */
public final class MeteredRetryLayersApp {
    private MeteredRetryLayersApp() {
    }

    public static void main(String[] args) throws Exception {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Metrics.addRegistry(prometheus);
        Metrics.counter("host.started").increment();                  // the host's own meter, with or without the agent
        RetryLayersApp.run(args);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/metrics", exchange -> {
            byte[] body = prometheus.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.createContext("/quit", exchange -> {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            System.exit(0);
        });
        server.start();
        Files.writeString(Path.of(System.getProperty("metrics.port.file")), String.valueOf(server.getAddress().getPort()));
    }
}
