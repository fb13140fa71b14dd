package dev.intentguard.agent.tool.bind;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class ClassFilePrefilterTest {
    /** The gate's question for a class as the JVM offers it: its internal name and its class file. */
    public static boolean candidate(ClassFilePrefilter filter, ClassLoader loader, Class<?> c) throws IOException {
        return filter.mayDeclareTool(loader, c.getName().replace('.', '/'), bytes(c));
    }

    private static byte[] bytes(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private final ClassLoader loader = getClass().getClassLoader();

    @Test
    void annotatedClassesAreCandidatesAndOthersAreNot() throws Exception {
        ClassFilePrefilter annotationsOnly = new ClassFilePrefilter(Set.of(ToolResolver.SIDE_EFFECT, ToolResolver.IDEMPOTENT), Set.of(), Set.of());
        assertTrue(candidate(annotationsOnly, loader, dev.intentguard.it.app.SupportTools.class));
        assertFalse(candidate(annotationsOnly, loader, dev.intentguard.it.app.CardPayments.class));
        assertFalse(candidate(annotationsOnly, loader, String.class));
    }

    @Test
    void configuredTypesReachImplementationsDirectlyAndThroughSuperclasses() throws Exception {
        ClassFilePrefilter filter = new ClassFilePrefilter(Set.of(), Set.of("dev.intentguard.it.app.Payments"), Set.of("pay"));
        assertTrue(candidate(filter, loader, dev.intentguard.it.app.CardPayments.class), "implements it");
        assertTrue(candidate(filter, loader, dev.intentguard.it.app.AuditedCardPayments.class),
                "extends an implementation: found through the superclass's class file");
        assertFalse(candidate(filter, loader, dev.intentguard.it.app.Refund.class));
        assertTrue(candidate(filter, loader, dev.intentguard.it.app.Payments.class), "the configured type itself");
        assertFalse(candidate(filter, loader, dev.intentguard.it.app.HostApp.class),
                "a class that only calls the tool is not a candidate (it would wait for the weaver for nothing)");
    }

    @Test
    void theHeaderParserReadsSupertypes() throws Exception {
        ClassFilePrefilter.ClassHeader h = ClassFilePrefilter.ClassHeader.parse(
                bytes(dev.intentguard.it.app.AuditedCardPayments.class), new byte[0][], new byte[][] {"pay".getBytes()});
        assertEquals("dev/intentguard/it/app/AuditedCardPayments", h.name);
        assertEquals("dev/intentguard/it/app/CardPayments", h.supertypes.get(0));
        assertFalse(h.mentionsNeedle);
        assertTrue(h.mentionsMethodName, "it declares pay");

        ClassFilePrefilter.ClassHeader bare = ClassFilePrefilter.ClassHeader.parse(
                bytes(dev.intentguard.it.app.AuditedCardPayments.class), new byte[0][], new byte[][] {"pay".getBytes()}, false);
        assertEquals(null, bare.name, "not asked for names: none read");
        assertTrue(bare.supertypes.isEmpty());
        assertTrue(bare.mentionsMethodName, "the constant pool is walked all the same");
    }

    @Test
    void aSubclassThatDeclaresNoConfiguredMethodIsNotACandidateAndItsSupertypesAreNotRead() throws Exception {
        ClassFilePrefilter filter = new ClassFilePrefilter(Set.of(), Set.of("dev.intentguard.it.app.Payments"), Set.of("pay"));
        ClassLoader unreadable = new ClassLoader(null) {
            @Override
            public InputStream getResourceAsStream(String name) {
                throw new AssertionError("read " + name);
            }
        };
        assertFalse(candidate(filter, unreadable, dev.intentguard.it.app.Refund.class),
                "declares no 'pay': nothing to weave whatever it extends, and no supertype read");
        ClassFilePrefilter otherName = new ClassFilePrefilter(Set.of(), Set.of("dev.intentguard.it.app.Payments"), Set.of("refund"));
        assertFalse(candidate(otherName, loader, dev.intentguard.it.app.AuditedCardPayments.class),
                "an implementation that does not declare the configured method has nothing of it to weave");
    }
}
