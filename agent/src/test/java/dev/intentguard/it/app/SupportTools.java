package dev.intentguard.it.app;

import dev.intentguard.api.Idempotent;
import dev.intentguard.api.IntentKey;
import dev.intentguard.api.ReadOnly;
import dev.intentguard.api.SideEffect;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** The tools of a support agent, written as application code is: no intentguard types but annotations. */
public class SupportTools {
    /** How often each body actually ran in this JVM. */
    public static final AtomicInteger BODY_RUNS = new AtomicInteger();

    public String refundOrder(String orderId, BigDecimal amount, String currency, String reason) throws IOException {
        BODY_RUNS.incrementAndGet();
        return Provider.post("/refunds", "{\"order\":\"" + orderId + "\",\"amount\":" + amount + ",\"currency\":\""
                + currency + "\",\"reason\":\"" + reason + "\"}");
    }

    /** The outcome check of refund_order (the seed's find_refund): the refund the provider made, or null. */
    public String findRefund(String orderId, BigDecimal amount) throws IOException {
        return Provider.get("/lookup?order=" + orderId);
    }

    /**
     * refund_order's {@code escalate:} method in the tests that configure it: a team would page someone or open a ticket;
     * this prints {@code ESCALATED <key> <key arguments>}.
     */
    public void escalateRefund(String intentKey, Map<String, Object> keyArguments) {
        System.out.println("ESCALATED " + intentKey + " " + keyArguments + " on " + Thread.currentThread().getName());
        System.out.flush();
    }

    /** A side effect without the network: always completes. */
    public String touch(String id) {
        BODY_RUNS.incrementAndGet();
        return "touched " + id;
    }

    /** A side effect without the network that always fails ambiguously. */
    public String explode(String id) {
        BODY_RUNS.incrementAndGet();
        throw new IllegalStateException("lost track of " + id);
    }

    public Refund refundTyped(String orderId, BigDecimal amount) throws IOException {
        BODY_RUNS.incrementAndGet();
        String body = Provider.post("/refunds", "{\"order\":\"" + orderId + "\",\"amount\":" + amount + "}");
        String id = body.replaceAll(".*\"id\":\"([^\"]+)\".*", "$1");
        return new Refund(id, amount);
    }

    public Map<String, Object> refundMap(String orderId, BigDecimal amount) throws IOException {
        BODY_RUNS.incrementAndGet();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("provider", Provider.post("/refunds", "{\"order\":\"" + orderId + "\"}"));
        return out;
    }

    public void cancelOrder(String orderId) throws IOException {
        BODY_RUNS.incrementAndGet();
        Provider.post("/cancellations", "{\"order\":\"" + orderId + "\"}");
    }

    public int chargeCents(String customer, int cents) throws IOException {
        BODY_RUNS.incrementAndGet();
        Provider.post("/charges", "{\"customer\":\"" + customer + "\",\"cents\":" + cents + "}");
        return cents;
    }

    public String refundLater(String orderId) {
        BODY_RUNS.incrementAndGet();
        if (orderId.isBlank()) {
            throw new IllegalArgumentException("orderId is required");
        }
        return "queued " + orderId;
    }

    public String refundUnkeyable(Unkeyable order) throws IOException {
        BODY_RUNS.incrementAndGet();
        return Provider.post("/refunds", "{\"order\":\"" + order + "\"}");
    }

    @SideEffect(name = "send_email", key = {"to", "subject"}, exclude = {"body"})
    public String sendEmail(String to, String subject, String body) throws IOException {
        BODY_RUNS.incrementAndGet();
        return Provider.post("/emails", "{\"to\":\"" + to + "\",\"subject\":\"" + subject + "\"}");
    }

    @Idempotent(name = "set_ticket_status")
    public String setTicketStatus(@IntentKey String ticketId, String status) throws IOException {
        BODY_RUNS.incrementAndGet();
        return Provider.post("/tickets/" + ticketId, "{\"status\":\"" + status + "\"}");
    }

    @ReadOnly
    public String getOrder(String orderId) {
        BODY_RUNS.incrementAndGet();
        return "{\"order\":\"" + orderId + "\",\"total\":49.00}";
    }
}
