package dev.intentguard.it.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A tool returning a node of the host's own Jackson (used by {@link HostLibsApp}, which has Jackson). */
public class JsonTools {
    public JsonNode refundNode(String orderId) throws Exception {
        SupportTools.BODY_RUNS.incrementAndGet();
        return new ObjectMapper().readTree(Provider.post("/refunds", "{\"order\":\"" + orderId + "\"}"));
    }
}
