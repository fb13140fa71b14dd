package com.acme.support;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import io.github.resilience4j.retry.Retry;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The support agent's tools, written as such tools usually are: plain methods, results as text for the
 * model, errors as exceptions. Nothing here knows about intentguard; {@code intentguard.yaml} classifies
 * them: get_order reads, set_ticket_status is idempotent, refund_order has a side effect.
 */
public class RefundTools {
    private final Orders orders;
    private final Tickets tickets;
    private final PaymentsClient payments;
    /** A retry around the payments call, inside the tool, or {@code null} (see {@link ToolRetryPolicy.Placement}). */
    private final Retry paymentsRetry;
    private final Telemetry telemetry;

    public RefundTools(Orders orders, Tickets tickets, PaymentsClient payments, Retry paymentsRetry, Telemetry telemetry) {
        this.orders = orders;
        this.tickets = tickets;
        this.payments = payments;
        this.paymentsRetry = paymentsRetry;
        this.telemetry = telemetry;
    }

    @Tool(name = "get_order", value = "Looks up an order: customer, total, status and support ticket.")
    public String getOrder(@P("the order number, e.g. 8812") String orderId) {
        telemetry.bodyRan("get_order");
        return orders.find(orderId)
                .map(o -> "{\"order\":\"" + o.id() + "\",\"customer\":\"" + o.customer() + "\",\"total\":\"" + o.total()
                        + "\",\"status\":\"" + o.status() + "\",\"ticket\":\"" + o.ticketId() + "\"}")
                .orElse("{\"error\":\"no order " + orderId + "\"}");
    }

    @Tool(name = "refund_order", value = "Refunds an amount of an order to the customer's card.")
    public String refundOrder(@P("the order number") String orderId,
                              @P("the amount to refund, in dollars") BigDecimal amount,
                              @P("why, in a few words") String reason) throws IOException {
        telemetry.bodyRan("refund_order");
        String idempotencyKey = ToolCallContext.idempotencyKey("refund");
        Refund refund = paymentsRetry == null ? payments.createRefund(orderId, amount, reason, idempotencyKey)
                : withRetry(() -> payments.createRefund(orderId, amount, reason, idempotencyKey));
        return done(refund);
    }

    /**
     * Whether the provider has a refund of {@code amount} for the order: what it answers, as
     * {@link #refundOrder} would have, or {@code null}. Not a tool: {@code intentguard.yaml} names it as
     * refund_order's {@code check}, which the agent runs when a refund's outcome is unknown.
     */
    public String findRefund(String orderId, BigDecimal amount) throws IOException {
        Refund refund = payments.findRefund(orderId, amount);
        return refund == null ? null : done(refund);
    }

    private static String done(Refund refund) {
        return "{\"status\":\"done\",\"refund_id\":\"" + refund.id() + "\",\"order\":\"" + refund.orderId()
                + "\",\"amount\":\"" + refund.amount().setScale(2, RoundingMode.HALF_UP) + "\"}";
    }

    private Refund withRetry(io.github.resilience4j.core.functions.CheckedSupplier<Refund> call) throws IOException {
        try {
            return paymentsRetry.executeCheckedSupplier(call);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IOException(t);
        }
    }

    @Tool(name = "set_ticket_status", value = "Sets the status of a support ticket.")
    public String setTicketStatus(@P("the ticket id, e.g. T-1001") String ticketId,
                                  @P("the new status, e.g. refunded") String status) {
        telemetry.bodyRan("set_ticket_status");
        tickets.set(ticketId, status);
        return "{\"ticket\":\"" + ticketId + "\",\"status\":\"" + status + "\"}";
    }
}
