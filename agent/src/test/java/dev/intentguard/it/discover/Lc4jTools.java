package dev.intentguard.it.discover;

import dev.langchain4j.agent.tool.Tool;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * LangChain4j tools with no intentguard annotation and no {@code method:} entry: found through {@code @Tool}.
 * The config names {@code refund_order} only to add its check and key, and lists {@code get_order} as read.
 */
public class Lc4jTools {
    @Tool(name = "refund_order", value = "Refunds an amount of an order to the customer's card.")
    public String refundOrder(String orderId, long amountCents) {
        try {
            return Payments.refund(orderId, amountCents);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A typed tool, listed nowhere: discovered with the default effect, all arguments as its key. */
    @Tool(name = "refund_receipt", value = "Refunds an order and returns the receipt.")
    public Receipt refundReceipt(String orderId, long amountCents) {
        try {
            return new Receipt(orderId, Payments.refund(orderId, amountCents));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The outcome check of refund_order (config {@code check: findRefund}). */
    public String findRefund(String orderId) throws IOException {
        return Payments.lookup(orderId);
    }

    @Tool(name = "get_order", value = "Looks up an order.")
    public String getOrder(String orderId) {
        return "{\"order\":\"" + orderId + "\",\"total\":2500}";
    }
}
