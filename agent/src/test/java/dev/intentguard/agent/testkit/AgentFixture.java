package dev.intentguard.agent.testkit;

import dev.intentguard.it.app.HostApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One test's world: a temp directory with a config file and a store, a loopback provider, and forked
 * JVMs of the test host application with the agent attached.
 */
public final class AgentFixture implements AutoCloseable {
    public static final String HOST_APP = HostApp.class.getName();

    public final Path dir;
    public final Path config;
    public final Path store;
    public final LoopbackServer provider;

    public AgentFixture(Path dir) throws IOException {
        this.dir = dir;
        this.config = dir.resolve("intentguard.yaml");
        this.store = dir.resolve("store").resolve("intents.dat");
        this.provider = new LoopbackServer();
    }

    /** The standard tool list of the test application under {@code store:} settings of the test. */
    public static String standardTools() {
        return String.join("\n",
                "tools:",
                "  - name: refund_order",
                "    method: dev.intentguard.it.app.SupportTools#refundOrder",
                "    effect: side_effect",
                "    key: [orderId, amount]",
                "    exclude: [reason]",
                "  - name: refund_typed",
                "    method: dev.intentguard.it.app.SupportTools#refundTyped",
                "    effect: side_effect",
                "  - name: refund_map",
                "    method: dev.intentguard.it.app.SupportTools#refundMap",
                "    effect: side_effect",
                "  - name: cancel_order",
                "    method: dev.intentguard.it.app.SupportTools#cancelOrder",
                "    effect: side_effect",
                "  - name: charge",
                "    method: dev.intentguard.it.app.SupportTools#chargeCents(java.lang.String,int)",
                "    effect: side_effect",
                "  - name: refund_later",
                "    method: dev.intentguard.it.app.SupportTools#refundLater",
                "    effect: side_effect",
                "  - name: refund_unkeyable",
                "    method: dev.intentguard.it.app.SupportTools#refundUnkeyable",
                "    effect: side_effect",
                "  - name: refund_node",
                "    method: dev.intentguard.it.app.JsonTools#refundNode",
                "    effect: side_effect",
                "  - name: touch",
                "    method: dev.intentguard.it.app.SupportTools#touch",
                "    effect: side_effect",
                "  - name: explode",
                "    method: dev.intentguard.it.app.SupportTools#explode",
                "    effect: side_effect",
                "  - name: pay",
                "    method: dev.intentguard.it.app.Payments#pay",
                "    effect: side_effect",
                "    key: [invoiceId]",
                "");
    }

    /** Writes the config: {@code store:} pointing into the test directory, then {@code rest}. */
    public AgentFixture config(String rest) throws IOException {
        String text = "store:\n  path: " + store + "\n  max-intents: 10000\n  in-flight-wait: 10s\n" + rest;
        Files.writeString(config, text, StandardCharsets.UTF_8);
        return this;
    }

    /** Runs {@code java -jar intentguard-agent.jar ARGS} (the operator's command line). */
    public ForkedJvm.Result cli(String... args) throws IOException, InterruptedException {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of("-jar", ForkedJvm.agentJar().toString()));
        all.addAll(java.util.List.of(args));
        return ForkedJvm.main(all.get(0), all.subList(1, all.size()).toArray(new String[0])).workDir(dir.resolve("cli")).run(60);
    }

    public AgentFixture rawConfig(String text) throws IOException {
        Files.writeString(config, text, StandardCharsets.UTF_8);
        return this;
    }

    /** The host application with the agent, talking to the provider. */
    public ForkedJvm host(String... script) {
        return ForkedJvm.main(HOST_APP, script)
                .agent("config=" + config)
                .classPath(ForkedJvm.testClasses())
                .property("provider.url", provider.url())
                .workDir(dir.resolve("work"));
    }

    /** The same application without the agent. */
    public ForkedJvm hostWithoutAgent(String... script) {
        return ForkedJvm.main(HOST_APP, script)
                .classPath(ForkedJvm.testClasses())
                .property("provider.url", provider.url())
                .workDir(dir.resolve("work"));
    }

    @Override
    public void close() {
        provider.close();
    }
}
