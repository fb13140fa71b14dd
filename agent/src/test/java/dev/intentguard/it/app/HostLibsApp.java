package dev.intentguard.it.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.math.BigDecimal;
import java.util.Map;

/**
 * A host that brings its own (older) Jackson, Byte Buddy and SLF4J, uses them, and calls a guarded tool.
 * It prints which versions it got and whether any agent class is visible to it.
 */
public final class HostLibsApp {
    private HostLibsApp() {
    }

    public static void main(String[] args) throws Exception {
        Logger log = LoggerFactory.getLogger("host.app");
        log.info("host app logging through its own SLF4J");
        System.out.println("JACKSON " + new ObjectMapper().version().toString());
        System.out.println("JSON " + new ObjectMapper().writeValueAsString(Map.of("order", "8812")));
        System.out.println("BYTEBUDDY " + ByteBuddy.class.getProtectionDomain().getCodeSource().getLocation());
        Class<?> generated = new ByteBuddy().subclass(Object.class).name("host.Generated").make()
                .load(HostLibsApp.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER).getLoaded();
        System.out.println("GENERATED " + generated.getName());
        System.out.println("SLF4J " + LoggerFactory.class.getProtectionDomain().getCodeSource().getLocation());
        for (String agentClass : new String[] {"dev.intentguard.agent.AgentStartup", "net.openhft.chronicle.map.ChronicleMap",
                "com.fasterxml.jackson.datatype.jsr310.JavaTimeModule", "dev.intentguard.agent.tool.SideEffectCall"}) {
            try {
                Class<?> c = Class.forName(agentClass);
                System.out.println("VISIBLE " + agentClass + " from " + c.getClassLoader());
            } catch (ClassNotFoundException e) {
                System.out.println("HIDDEN " + agentClass);
            }
        }
        SupportTools tools = new SupportTools();
        System.out.println("RESULT " + tools.refundOrder("8812", new BigDecimal("49.00"), "EUR", "first"));
        System.out.println("RESULT " + tools.refundOrder("8812", new BigDecimal("49.0"), "EUR", "second"));
        JsonTools json = new JsonTools();
        com.fasterxml.jackson.databind.JsonNode first = json.refundNode("N1");
        com.fasterxml.jackson.databind.JsonNode second = json.refundNode("N1");
        System.out.println("NODE " + first.getClass().getName() + " " + first.get("id").asText());
        System.out.println("NODE " + second.getClass().getName() + " " + second.get("status").asText() + " "
                + second.get("result").get("id").asText() + " " + second.getClass().getProtectionDomain().getCodeSource().getLocation());
    }
}
