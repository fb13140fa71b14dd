package dev.intentguard.it.app;

/** Source of a tool class compiled by a test without -parameters and without debug information. */
public final class NoNamesSource {
    public static final String CLASS = "nonames.BareTools";
    public static final String SOURCE = String.join("\n",
            "package nonames;",
            "public class BareTools {",
            "    public String refund(String orderId, java.math.BigDecimal amount) throws java.io.IOException {",
            "        return dev.intentguard.it.app.Provider.post(\"/refunds\", \"{}\");",
            "    }",
            "    public static void main(String[] args) throws Exception {",
            "        BareTools t = new BareTools();",
            "        System.out.println(\"RESULT \" + t.refund(\"8812\", new java.math.BigDecimal(\"49\")));",
            "        System.out.println(\"RESULT \" + t.refund(\"8812\", new java.math.BigDecimal(\"49\")));",
            "    }",
            "}");

    private NoNamesSource() {
    }
}
