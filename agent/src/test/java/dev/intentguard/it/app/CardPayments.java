package dev.intentguard.it.app;

import java.math.BigDecimal;

public class CardPayments implements Payments {
    @Override
    public String pay(String invoiceId, BigDecimal amount) throws Exception {
        SupportTools.BODY_RUNS.incrementAndGet();
        return Provider.post("/payments", "{\"invoice\":\"" + invoiceId + "\",\"amount\":" + amount + "}");
    }
}
