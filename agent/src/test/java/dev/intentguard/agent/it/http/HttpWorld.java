package dev.intentguard.agent.it.http;

import dev.intentguard.agent.testkit.AgentFixture;
import dev.intentguard.agent.testkit.ForkedJvm;
import dev.intentguard.agent.testkit.RawHttpServer;
import dev.intentguard.it.http.HttpHostApp;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One HTTP test's world: a config for the tools of {@code HttpTools}, a raw provider, forked host JVMs. */
final class HttpWorld implements AutoCloseable {
    static final String APP = HttpHostApp.class.getName();
    static final String PENDING = "{\"status\":\"pending_unknown\"";

    final AgentFixture fixture;
    final RawHttpServer provider;

    HttpWorld(Path dir) throws IOException {
        this.fixture = new AgentFixture(dir);
        this.provider = new RawHttpServer();
        config("");
    }

    /** Every tool of {@code HttpTools}: side_effect unless named {@code *SetLimit} (idempotent). */
    static String tools() {
        StringBuilder b = new StringBuilder("tools:\n");
        for (String m : new String[] {"jdkCharge", "jdkChargeAsync", "jdkChargeQuietly", "jdkChargePresetKey",
                "jdkChargeOnPool", "jdkChargeThenReceipt", "hucRefund", "hucRefundQuietly", "hucRefundPresetKey",
                "hucRefundStreaming", "hucRefundConnectFirst", "hucLegacyPost", "hucUpload", "hucRefundOnPool",
                "executorRefund", "executeRefund", "forkJoinCharge", "scheduledCharge"}) {
            b.append("  - name: ").append(toolName(m)).append("\n    method: dev.intentguard.it.http.HttpTools#").append(m)
                    .append("\n    effect: side_effect\n");
        }
        for (String m : new String[] {"jdkSetLimit", "hucSetLimit"}) {
            b.append("  - name: ").append(toolName(m)).append("\n    method: dev.intentguard.it.http.HttpTools#").append(m)
                    .append("\n    effect: idempotent\n");
        }
        return b.toString();
    }

    /** {@code jdkChargeAsync} is the tool {@code jdk_charge_async}. */
    static String toolName(String method) {
        return method.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }

    /** Writes the config: the tools, then an {@code http:} section (empty for the defaults). */
    HttpWorld config(String http) throws IOException {
        fixture.config(tools() + (http.isEmpty() ? "" : "http:\n" + http));
        return this;
    }

    ForkedJvm host(String... script) {
        return hostAt(provider.url(), script);
    }

    ForkedJvm hostAt(String providerUrl, String... script) {
        return ForkedJvm.main(APP, script).agent("config=" + fixture.config).classPath(ForkedJvm.testClasses())
                .property("provider.url", providerUrl).workDir(fixture.dir.resolve("work"));
    }

    ForkedJvm withoutAgent(String... script) {
        return ForkedJvm.main(APP, script).classPath(ForkedJvm.testClasses())
                .property("provider.url", provider.url()).workDir(fixture.dir.resolve("work"));
    }

    /** The intent keys the agent logged for {@code tool}, in order (one per call whose body ran). */
    static List<String> keys(ForkedJvm.Result r, String tool) {
        List<String> keys = new ArrayList<>();
        Matcher m = Pattern.compile("intent tool=" + Pattern.quote(tool) + " key=(\\S+)").matcher(r.stderr);
        while (m.find()) {
            keys.add(m.group(1));
        }
        return keys;
    }

    /** Lines of the agent's log that report a suppressed resend. */
    static long suppressed(ForkedJvm.Result r) {
        return r.stderr.lines().filter(l -> l.contains("suppressed a resend by")).count();
    }

    /** A port nothing listens on (for connection refused). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        provider.close();
        fixture.close();
    }
}
