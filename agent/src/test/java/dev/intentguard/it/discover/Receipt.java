package dev.intentguard.it.discover;

/** What the typed refund tools return (a status is then an agent-api exception, its message the instruction). */
public class Receipt {
    public String order;
    public String provider;

    public Receipt() {
    }

    Receipt(String order, String provider) {
        this.order = order;
        this.provider = provider;
    }
}
