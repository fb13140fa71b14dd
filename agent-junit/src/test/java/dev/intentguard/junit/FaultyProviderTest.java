package dev.intentguard.junit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each fault of the provider as a real client (the JDK's HttpClient, no agent) sees it. */
class FaultyProviderTest {
    private final FaultyProvider provider = new FaultyProvider().intentOf(r -> r.field("order"));
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void close() {
        provider.close();
    }

    private HttpResponse<String> post(String order, String key, Duration timeout) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(provider.url() + "/v1/refunds")).timeout(timeout)
                .POST(HttpRequest.BodyPublishers.ofString("{\"order\":\"" + order + "\",\"amount\":\"49.00\"}"));
        if (key != null) {
            b.header("Idempotency-Key", key);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersAProcessedWriteWithItsBodyAndAnIdAndFindsItByLookup() throws Exception {
        HttpResponse<String> r = post("8812", "k1", Duration.ofSeconds(5));

        assertEquals(200, r.statusCode());
        assertEquals("{\"id\":\"fx_1\",\"status\":\"succeeded\",\"order\":\"8812\",\"amount\":\"49.00\"}", r.body());
        String found = http.send(HttpRequest.newBuilder(URI.create(provider.url() + "/v1/refunds?order=8812")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertEquals("{\"data\":[" + r.body() + "]}", found);
        String none = http.send(HttpRequest.newBuilder(URI.create(provider.url() + "/v1/refunds?order=1")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertEquals("{\"data\":[]}", none);
        assertEquals(Map.of("8812", 1), provider.effects());
        assertEquals("k1", provider.requests().get(0).idempotencyKey());
    }

    @Test
    void aLateAnswerTimesTheClientOutAfterTheEffect() {
        provider.script(Fault.answerLate(Duration.ofSeconds(2)));

        assertThrows(HttpTimeoutException.class, () -> post("8812", null, Duration.ofMillis(300)));
        assertEquals(1, provider.effectsOf("8812"));
    }

    @Test
    void aResetAfterProcessingLeavesTheClientWithAnIoErrorAndTheEffectMade() {
        provider.script(Fault.resetAfterProcessing());

        assertThrows(IOException.class, () -> post("8812", null, Duration.ofSeconds(5)));
        assertEquals(1, provider.effectsOf("8812"));
    }

    @Test
    void aFailureAfterProcessingIsA5xxWithTheEffectMade() throws Exception {
        provider.script(Fault.failAfterProcessing(500));

        assertEquals(500, post("8812", null, Duration.ofSeconds(5)).statusCode());
        assertEquals(1, provider.effectsOf("8812"));
    }

    @Test
    void aRejectionBeforeProcessingSaysWhenToComeBackAndMakesNoEffect() throws Exception {
        provider.script(Fault.rejectBeforeProcessing(429, Duration.ofSeconds(3)));

        HttpResponse<String> r = post("8812", null, Duration.ofSeconds(5));
        assertEquals(429, r.statusCode());
        assertEquals("3", r.headers().firstValue("Retry-After").orElse(null));
        assertEquals(0, provider.effectsOf("8812"));
        assertEquals(200, post("8812", null, Duration.ofSeconds(5)).statusCode(), "the script is used up");
        assertEquals(1, provider.effectsOf("8812"));
    }

    @Test
    void refusedConnectionsReachNothingUntilItAcceptsAgain() throws Exception {
        provider.refuseConnections();
        assertThrows(ConnectException.class, () -> post("8812", null, Duration.ofSeconds(5)));
        assertTrue(provider.requests().isEmpty());

        provider.acceptConnections();
        assertEquals(200, post("8812", null, Duration.ofSeconds(5)).statusCode());
    }

    @Test
    void honouringKeysReplaysTheFirstAnswerOfAKeyWithoutANewEffect() throws Exception {
        provider.honourKeys();
        String first = post("8812", "k1", Duration.ofSeconds(5)).body();

        assertEquals(first, post("8812", "k1", Duration.ofSeconds(5)).body());
        assertEquals(1, provider.effectsOf("8812"));
        assertTrue(provider.requests().get(1).replayed());
        post("8812", "k2", Duration.ofSeconds(5));
        assertEquals(2, provider.effectsOf("8812"), "another key is another effect");
    }

    @Test
    void honouringKeysAnswers409ToARepeatWhileTheFirstIsBeingAnsweredAndReplaysA5xx() throws Exception {
        java.util.concurrent.CountDownLatch firstProcessed = new java.util.concurrent.CountDownLatch(1);
        provider.honourKeys().script(Fault.answerLate(Duration.ofMillis(1500)), Fault.failAfterProcessing(500))
                .answerWith(r -> {
                    firstProcessed.countDown();        // under the provider's lock, with the key's claim made with it
                    return "{\"id\":\"fx\"}";
                });
        java.util.concurrent.CompletableFuture<HttpResponse<String>> first = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return post("8812", "k1", Duration.ofSeconds(5));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        firstProcessed.await();

        assertEquals(409, post("8812", "k1", Duration.ofSeconds(5)).statusCode());
        assertEquals(200, first.get().statusCode());
        assertEquals(500, post("8813", "k2", Duration.ofSeconds(5)).statusCode());
        assertEquals(500, post("8813", "k2", Duration.ofSeconds(5)).statusCode(), "the 500 is the key's first answer");
        assertEquals(Map.of("8812", 1, "8813", 1), provider.effects());
    }

    @Test
    void withoutHonouringKeysEveryProcessedWriteIsAnEffect() throws Exception {
        post("8812", "k1", Duration.ofSeconds(5));
        post("8812", "k1", Duration.ofSeconds(5));

        assertEquals(2, provider.effectsOf("8812"));
    }

    @Test
    void theAssertionsNameTheDuplicateAndTheMissingKeys() throws Exception {
        post("8812", null, Duration.ofSeconds(5));
        post("8812", "k2", Duration.ofSeconds(5));
        post("8813", "k3", Duration.ofSeconds(5));

        AssertionFailedError twice = assertThrows(AssertionFailedError.class, () -> provider.assertExactlyOneEffect("8812"));
        assertTrue(twice.getMessage().startsWith("2 effects (duplicate effect) for intent 8812"), twice.getMessage());
        assertTrue(twice.getMessage().contains("#1 POST /v1/refunds Idempotency-Key: (none)"), twice.getMessage());
        provider.assertExactlyOneEffect("8813");
        AssertionFailedError keys = assertThrows(AssertionFailedError.class, provider::assertEveryAttemptCarriedOneKey);
        assertTrue(keys.getMessage().contains("intent 8812: a request without Idempotency-Key"), keys.getMessage());
        assertFalse(keys.getMessage().contains("intent 8813"), keys.getMessage());
        assertThrows(AssertionFailedError.class, provider::assertNoDuplicateEffect);
    }

    @Test
    void readsJsonAndFormFields() {
        ProviderRequest json = new ProviderRequest(1, "POST", "/x?b=2", Map.of(),
                "{\"a\":{\"order\":\"88\\\"12\"},\"amount\":49.5}");
        assertEquals("88\\\"12", json.field("order"));
        assertEquals("49.5", json.field("amount"));
        assertEquals("2", json.field("b"));
        ProviderRequest form = new ProviderRequest(2, "POST", "/x", Map.of(), "order=8812&note=a+b");
        assertEquals("a b", form.field("note"));
    }
}
