package dev.intentguard.agent.http;

import dev.intentguard.agent.config.AgentConfig;
import dev.intentguard.agent.config.HttpSettings;
import dev.intentguard.agent.config.Mode;
import dev.intentguard.agent.wire.WireAttempt;
import dev.intentguard.agent.wire.WireLog;
import dev.intentguard.agent.wire.WireOutcome;
import dev.intentguard.api.bridge.HttpHooks;
import dev.intentguard.api.bridge.ToolFrame;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The HTTP layer's decisions, shared by every client plugin: which requests carry the intent key (and
 * which key), whether a client's own resends are stopped, and what each attempt showed. The plugins
 * under {@code http/<client>} only find the right place in each client to ask.
 */
public final class HttpKeys implements HttpHooks {
    private static final Logger LOG = LoggerFactory.getLogger("intentguard.http");

    private final HttpSettings settings;
    private final boolean audit;
    private final Set<String> replacementsLogged = ConcurrentHashMap.newKeySet();

    public HttpKeys(AgentConfig config) {
        this.settings = config.http();
        this.audit = config.mode() == Mode.AUDIT;
    }

    @Override
    public String[] keyHeader(ToolFrame scope, String client, String method, String host, int port, String path, String existing) {
        if (audit || scope.intentKey() == null || !settings.covers(method, host, port)) {
            return null;
        }
        String key = scope.wire() instanceof WireLog
                ? ((WireLog) scope.wire()).keyFor(method, host, port, path) : scope.intentKey();
        String value = settings.headerValue(key);
        if (existing != null && !existing.equals(value) && replacementsLogged.add(scope.toolName() + "/" + client)) {
            LOG.debug("{} in {}: replaced the {} set by the caller or SDK with the intent key (logged once per tool)",
                    client, scope.toolName(), settings.header());
        }
        return new String[] {settings.header(), value};
    }

    @Override
    public Object keyedJdkRequest(Object request, String name, String value) {
        return request instanceof java.net.http.HttpRequest
                ? new KeyedJdkRequest((java.net.http.HttpRequest) request, name, value) : null;
    }

    @Override
    public boolean suppressResends(ToolFrame scope) {
        return !audit && scope.sideEffect() && settings.clientRetries() == HttpSettings.ClientRetries.SUPPRESS;
    }

    @Override
    public void attempt(ToolFrame scope, String client, String method, String host, int port, String path, int outcome,
                        int status, String detail) {
        if (!(scope.wire() instanceof WireLog) || !settings.isWrite(method)) {
            return;
        }
        WireOutcome o = WireOutcome.of(outcome);
        ((WireLog) scope.wire()).record(new WireAttempt(client, WireLog.request(method, host, port, path), o, status, detail,
                System.currentTimeMillis()));
        if (o == WireOutcome.SUPPRESSED) {
            LOG.info("suppressed a resend by {} in {} ({}): {} {}{}", client, scope.toolName(), detail, method, host, path);
        }
    }

    @Override
    public void bridgeError(String where, Throwable error) {
        LOG.error("internal error in HTTP advice ({}); the request went ahead unchanged: {}", where, String.valueOf(error), error);
    }

    public HttpSettings settings() {
        return settings;
    }
}
