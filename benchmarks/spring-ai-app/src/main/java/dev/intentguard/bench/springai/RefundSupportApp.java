package dev.intentguard.bench.springai;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

import java.lang.management.ManagementFactory;

/**
 * A support service as a team writes one with Spring AI: a chat client with tools (a refund that moves money, an order
 * lookup), an HTTP endpoint, Actuator. When it is ready it prints {@code READY <process CPU ms> <JVM uptime ms>} and,
 * with the argument {@code exit}, exits at once: the start-up benchmark reads that line.
 */
@SpringBootApplication
public class RefundSupportApp {
    public static void main(String[] args) {
        SpringApplication.run(RefundSupportApp.class, args);
    }

    @Bean
    ChatClient chatClient(ChatClient.Builder builder, RefundTools tools) {
        return builder.defaultSystem("You are a support agent.").defaultTools(tools).build();
    }

    @Bean
    RestClient paymentsClient(RestClient.Builder builder) {
        return builder.baseUrl("http://127.0.0.1:9/payments").build();
    }

    @EventListener(ApplicationReadyEvent.class)
    public void ready(ApplicationReadyEvent event) {
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1_000_000;
        System.out.println("READY " + cpu + " " + ManagementFactory.getRuntimeMXBean().getUptime());
        System.out.flush();
        for (String a : event.getArgs()) {
            if (a.equals("exit")) {
                System.exit(0);
            }
        }
    }

    /** The service's tools, as the model sees them. */
    @Component
    public static class RefundTools {
        private final RestClient payments;

        RefundTools(RestClient paymentsClient) {
            this.payments = paymentsClient;
        }

        @Tool(description = "Refund an order. Moves money.")
        public String refundOrder(String orderId, double amount) {
            return payments.post().uri("/refunds").body("{\"order\":\"" + orderId + "\",\"amount\":" + amount + "}")
                    .retrieve().body(String.class);
        }

        @Tool(description = "Look an order up.")
        public String getOrder(String orderId) {
            return payments.get().uri("/orders/{id}", orderId).retrieve().body(String.class);
        }
    }

    @RestController
    public static class SupportController {
        private final ChatClient chat;

        SupportController(ChatClient chat) {
            this.chat = chat;
        }

        @GetMapping("/ask")
        public String ask(@RequestParam String q) {
            return chat.prompt(q).call().content();
        }
    }
}
