package dev.intentguard.it.http;

import org.springframework.http.ResponseEntity;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.http.client.ReactorClientHttpRequestFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/**
 * Tools that call a provider with Spring's {@code RestClient} and {@code RestTemplate}, over the request factory named
 * by {@code factory}: {@code simple} (HttpURLConnection), {@code jdk} (java.net.http), {@code httpcomponents}
 * (Apache HttpClient 5), {@code jetty} (Jetty HttpClient 12), {@code reactor} (Reactor Netty). The RestClient call sets
 * an {@code Idempotency-Key} of the application's own, as code written before the agent often does.
 */
public class SpringRestTools {
    private static final Map<String, ClientHttpRequestFactory> FACTORIES = new HashMap<>();

    static synchronized ClientHttpRequestFactory factory(String name) {
        return FACTORIES.computeIfAbsent(name, n -> {
            switch (n) {
                case "simple":
                    return new SimpleClientHttpRequestFactory();
                case "jdk":
                    return new JdkClientHttpRequestFactory();
                case "httpcomponents":
                    return new HttpComponentsClientHttpRequestFactory();
                case "jetty":
                    return new JettyClientHttpRequestFactory();
                case "reactor":
                    return new ReactorClientHttpRequestFactory();
                default:
                    throw new IllegalArgumentException("unknown request factory " + n);
            }
        });
    }

    /** side_effect tool: a POST through RestClient. */
    public String restClient(String factory, String orderId, String path) {
        ResponseEntity<String> response = RestClient.builder().requestFactory(factory(factory)).build()
                .post().uri(URI.create(System.getProperty("provider.url") + path))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "set-by-the-application")
                .body("{\"order\":\"" + orderId + "\"}")
                .retrieve().toEntity(String.class);
        return factory + " " + response.getStatusCode().value();
    }

    /** side_effect tool: a POST through RestTemplate. */
    public String restTemplate(String factory, String orderId, String path) {
        ResponseEntity<String> response = new RestTemplate(factory(factory))
                .postForEntity(URI.create(System.getProperty("provider.url") + path), "{\"order\":\"" + orderId + "\"}", String.class);
        return factory + " " + response.getStatusCode().value();
    }
}
