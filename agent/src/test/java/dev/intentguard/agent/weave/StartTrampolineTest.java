package dev.intentguard.agent.weave;

import dev.intentguard.agent.weave.trampoline.Target;
import dev.intentguard.bridge.StartGuard;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The prologue a tool method gets while the application starts: the class still verifies and behaves as before, and a
 * method named or annotated goes through {@link StartGuard#reenter} (here a re-entry that runs the body as it is, as
 * the agent's does when the weaving is late).
 */
class StartTrampolineTest {
    private static final String MARKED = "L" + Target.Marked.class.getName().replace('.', '/') + ";";

    @Test
    void namedAndAnnotatedMethodsEnterAgainThroughTheGuardWithTheirArgumentsAndAnswers() throws Exception {
        byte[] original;
        try (InputStream in = Target.class.getResourceAsStream("Target.class")) {
            original = in.readAllBytes();
        }
        byte[] rewritten = StartTrampoline.insert(original, Set.of("refund", "touch", "countDown", "pair", "fails", "join", "apply"),
                Set.of(MARKED));
        assertNotSame(original, rewritten);
        assertSame(original, StartTrampoline.insert(original, Set.of("nothing"), Set.of()), "no method qualifies: unchanged");
        assertSame(original, StartTrampoline.insert(original, Set.of(), Set.of("Lcom/example/Tool;")),
                "no method carries the annotation: unchanged");
        assertNotSame(original, StartTrampoline.insert(original, Set.of(), Set.of(MARKED)), "an annotated method alone qualifies");

        List<String> entered = new ArrayList<>();
        assertTrue(StartGuard.install((owner, name, descriptor, self, args) -> {
            entered.add(name + descriptor);
            MethodType type = MethodType.fromMethodDescriptorString(descriptor, owner.getClassLoader());
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
            MethodHandle m = self == null ? lookup.findStatic(owner, name, type)
                    : lookup.findSpecial(owner, name, type, owner).bindTo(self);
            return StartGuard.runUnwoven(m.asFixedArity(), args);
        }), "the test installs the only re-entry of this JVM");

        Class<?> c = new OneClassLoader(Target.class.getName(), rewritten).loadClass(Target.class.getName());
        assertNotSame(Target.class, c);
        Object t = c.getConstructor(String.class).newInstance("p-");

        assertEquals("p-O1:49.5", call(c, t, "refund", "O1", 49.5));
        assertEquals(1 + 2L + 1 + 'a' + 3 + 4 + 5 + 6, call(c, null, "sum", 1, 2L, true, 'a', 3.5f, (short) 4, (byte) 5, 6.0));
        int[] counter = new int[1];
        call(c, t, "touch", (Object) counter);
        assertEquals(1, counter[0], "a void method ran once");
        assertEquals(0, call(c, t, "countDown", 3));
        assertArrayEquals(new String[] {"p-", "x"}, (String[]) call(c, t, "pair", "x"));
        assertEquals("p-", call(c, t, "untouched"));
        InvocationTargetException thrown = org.junit.jupiter.api.Assertions.assertThrows(InvocationTargetException.class,
                () -> call(c, t, "fails"));
        assertTrue(thrown.getCause() instanceof IOException && thrown.getCause().getMessage().equals("boom p-"),
                "the body's exception reaches the caller as it was: " + thrown.getCause());
        assertEquals(List.of("refund(Ljava/lang/String;D)Ljava/lang/String;", "sum(IJZCFSBD)J", "touch([I)V",
                "countDown(I)I", "pair(Ljava/lang/String;)[Ljava/lang/String;", "fails()Ljava/lang/String;"), entered,
                "each named or annotated method, once; not the others");

        entered.clear();
        assertEquals("a,b", call(c, null, "join", (Object) new String[] {"a", "b"}));
        assertEquals(List.of("join([Ljava/lang/String;)Ljava/lang/String;"), entered, "a static varargs method gets its array as it came");

        entered.clear();
        @SuppressWarnings("unchecked")
        java.util.function.Function<String, String> f = (java.util.function.Function<String, String>) t;
        assertEquals("p-z", f.apply("z"));
        assertEquals(List.of("apply(Ljava/lang/String;)Ljava/lang/String;"), entered,
                "called through its bridge, the method enters once, as itself: the bridge has no prologue");
    }

    @Test
    void methodsChosenBySignatureAreRecordedAsToolRunnersWhenAskedOnly() throws Exception {
        byte[] original;
        try (InputStream in = Target.class.getResourceAsStream("Target.class")) {
            original = in.readAllBytes();
        }
        String joinDescriptor = "([Ljava/lang/String;)Ljava/lang/String;";
        String sumDescriptor = "(IJZCFSBD)J";
        byte[] joinOnly = StartTrampoline.insert(original, (access, name, descriptor) -> (access & 0x0008) != 0
                && descriptor.equals(joinDescriptor), args -> new StartTrampoline.NamedTool("test", "joined " + args.length, null));
        assertNotSame(original, joinOnly);
        StartTrampoline.ToolRunner runner = StartTrampoline.toolRunner(Target.class, "join", joinDescriptor);
        assertNotNull(runner, "chosen by its signature, recorded");
        assertEquals(new StartTrampoline.NamedTool("test", "joined 1", null), runner.tool(new Object[] {new String[0]}));
        assertNull(StartTrampoline.toolRunner(Target.class, "sum", sumDescriptor), "a static method not chosen");
        assertNotSame(original, StartTrampoline.insert(original, (access, name, descriptor) -> descriptor.equals(sumDescriptor),
                null));
        assertNull(StartTrampoline.toolRunner(Target.class, "sum", sumDescriptor), "given the prologue, but not as a tool runner");
        assertSame(original, StartTrampoline.insert(original, (access, name, descriptor) -> false,
                args -> new StartTrampoline.NamedTool("test", "x", null)), "none chosen: unchanged");
    }

    private static Object call(Class<?> c, Object self, String name, Object... args) throws Exception {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                return m.invoke(self, args);
            }
        }
        throw new NoSuchMethodException(name);
    }

    /** Defines one class from the given bytes; everything else from its parent. */
    private static final class OneClassLoader extends ClassLoader {
        private final String name;
        private final byte[] bytes;

        OneClassLoader(String name, byte[] bytes) {
            super(StartTrampolineTest.class.getClassLoader());
            this.name = name;
            this.bytes = bytes;
        }

        @Override
        protected Class<?> loadClass(String className, boolean resolve) throws ClassNotFoundException {
            if (className.equals(name)) {
                synchronized (getClassLoadingLock(className)) {
                    Class<?> c = findLoadedClass(className);
                    return c != null ? c : defineClass(className, bytes, 0, bytes.length);
                }
            }
            return super.loadClass(className, resolve);
        }
    }
}
