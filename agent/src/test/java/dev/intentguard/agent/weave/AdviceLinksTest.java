package dev.intentguard.agent.weave;

import dev.intentguard.agent.weave.probe.ProbePlugin;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Call sites of called advice, linked as the bridge's bootstrap links them for a woven class. */
class AdviceLinksTest {
    private static final String ADVICE = "dev.intentguard.agent.weave.probe.ProbeAdvice";
    private final AdviceLinks links = AdviceLinks.installed();
    private final ProbePlugin plugin = new ProbePlugin();

    {
        links.register(plugin);
    }

    private MethodHandle link(String method, MethodType type) {
        return links.link(MethodHandles.lookup(), "probe", ADVICE, method, type);
    }

    @Test
    void adviceRunsInThePluginsOwnLoaderAndSharesTheAgentsClasses() throws Throwable {
        MethodHandle h = link("answer", MethodType.methodType(String.class, String.class));
        assertEquals("POST h:80 /p via intentguard-probe", (String) h.invokeExact("POST"),
                "the advice class is the plugin loader's (default port, no query)");
        MethodHandle agentClass = link("agentClass", MethodType.methodType(Object.class));
        assertSame(dev.intentguard.agent.http.HttpTarget.class, (Object) agentClass.invokeExact(),
                "the agent's classes are shared, not copied into the plugin's loader");
    }

    @Test
    void aFailingAdviceAnswersTheDefaultAndTheHostGoesOn() throws Throwable {
        MethodHandle h = link("drifted", MethodType.methodType(boolean.class, String.class));
        assertFalse((boolean) h.invokeExact("POST"));
        assertFalse((boolean) h.invokeExact("POST"), "every call, not only the first");
    }

    @Test
    void aHostFacingExceptionGoesThroughAsTheInstrumentedMethodsOwn() {
        MethodHandle h = link("refuse", MethodType.methodType(boolean.class, String.class));
        IOException e = assertThrows(IOException.class, () -> {
            boolean ignored = (boolean) h.invokeExact("POST");
        });
        assertEquals("refused on purpose", e.getMessage());
        assertTrue(e instanceof HostFacingException);
    }

    @Test
    void anAdviceThatCannotBeLinkedGivesNoHandleAndTheBootstrapThenDoesNothing() throws Throwable {
        assertNull(link("missing", MethodType.methodType(void.class)));
        assertNull(links.link(MethodHandles.lookup(), "no-such-plugin", ADVICE, "answer",
                MethodType.methodType(String.class, String.class)));
        MethodHandle nothing = dev.intentguard.bridge.AdviceBootstrap.bootstrap(MethodHandles.lookup(), "missing",
                MethodType.methodType(int.class, String.class), "probe", ADVICE).dynamicInvoker();
        assertEquals(0, (int) nothing.invokeExact("x"));
    }
}
