package dev.intentguard.agent.tool;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClassFilePrefilterTest {
    private static byte[] bytes(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private final ClassLoader loader = getClass().getClassLoader();

    @Test
    void annotatedClassesAreCandidatesAndOthersAreNot() throws Exception {
        ClassFilePrefilter annotationsOnly = new ClassFilePrefilter(Set.of(ToolResolver.SIDE_EFFECT, ToolResolver.IDEMPOTENT), Set.of());
        assertTrue(annotationsOnly.mayDeclareTool(loader, bytes(dev.intentguard.it.app.SupportTools.class)));
        assertFalse(annotationsOnly.mayDeclareTool(loader, bytes(dev.intentguard.it.app.CardPayments.class)));
        assertFalse(annotationsOnly.mayDeclareTool(loader, bytes(String.class)));
    }

    @Test
    void configuredTypesReachImplementationsDirectlyAndThroughSuperclasses() throws Exception {
        ClassFilePrefilter filter = new ClassFilePrefilter(Set.of(), Set.of("dev.intentguard.it.app.Payments"));
        assertTrue(filter.mayDeclareTool(loader, bytes(dev.intentguard.it.app.CardPayments.class)), "implements it");
        assertTrue(filter.mayDeclareTool(loader, bytes(dev.intentguard.it.app.AuditedCardPayments.class)),
                "extends an implementation: found through the superclass's class file");
        assertFalse(filter.mayDeclareTool(loader, bytes(dev.intentguard.it.app.Refund.class)));
        assertTrue(filter.mayDeclareTool(loader, bytes(dev.intentguard.it.app.Payments.class)), "the configured type itself");
        assertFalse(filter.mayDeclareTool(loader, bytes(dev.intentguard.it.app.HostApp.class)),
                "a class that only calls the tool is not a candidate (it would wait for the weaver for nothing)");
    }

    @Test
    void theHeaderParserReadsSupertypes() throws Exception {
        ClassFilePrefilter.ClassHeader h = ClassFilePrefilter.ClassHeader.parse(
                bytes(dev.intentguard.it.app.AuditedCardPayments.class), new byte[0][]);
        assertEquals("dev/intentguard/it/app/AuditedCardPayments", h.name);
        assertEquals("dev/intentguard/it/app/CardPayments", h.supertypes.get(0));
        assertFalse(h.mentionsNeedle);
    }
}
