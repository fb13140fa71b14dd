package dev.intentguard.agent.tool.bind;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cheap first look at every class the JVM loads, before Byte Buddy sees it: a walk over the constant
 * pool asking "could this be a tool?". A class can only declare a tool if it uses one of our annotations
 * (its constant pool names it), if it is a configured type, or if it declares a method named as a configured tool's
 * method and one of its supertypes is a configured type (found through the supertypes' class files, cached per
 * loader). The name comes first: a class that declares no such method has none to weave, whatever it extends, so its
 * supertypes' class files are never read (reading them costs a Spring Boot application, whose loader reads nested
 * jars, about a second at start-up). A class that merely calls a tool is not one: everything else is left alone and
 * costs a few microseconds.
 */
public final class ClassFilePrefilter {
    private final byte[][] needles;
    private final byte[][] methodNames;
    private final Set<String> configured = new java.util.HashSet<>();
    private final Map<ClassLoader, Map<String, Boolean>> supertypeVerdicts = new WeakHashMap<>();
    private static final byte[][] NO_NEEDLES = new byte[0][];

    public ClassFilePrefilter(Set<String> annotationTypes, Set<String> configuredTypes, Set<String> configuredMethods) {
        List<byte[]> n = new ArrayList<>();
        for (String a : annotationTypes) {
            n.add(("L" + a.replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8));
        }
        this.needles = n.toArray(new byte[0][]);
        List<byte[]> m = new ArrayList<>();
        for (String name : configuredMethods) {
            m.add(name.getBytes(StandardCharsets.UTF_8));
        }
        this.methodNames = m.toArray(new byte[0][]);
        for (String t : configuredTypes) {
            configured.add(t.replace('.', '/'));
        }
    }

    /**
     * {@code true} if the class {@code internalName} (as the JVM names it to a transformer) may declare a tool method and
     * deserves a full look. Most classes mention no annotation of ours and no configured method's name: for them the
     * walk over the constant pool keeps no index and makes no string, and it stops at the first annotation found.
     */
    public boolean mayDeclareTool(ClassLoader loader, String internalName, byte[] classFile) {
        ClassHeader header = ClassHeader.parse(classFile, needles, methodNames, false);
        if (header == null || header.mentionsNeedle || configured.contains(internalName)) {
            return true;
        }
        if (configured.isEmpty() || loader == null || !header.mentionsMethodName) {
            return false;
        }
        // It names a configured tool's method: its supertypes decide (a second walk, for these few classes only).
        ClassHeader named = ClassHeader.parse(classFile, NO_NEEDLES, NO_NEEDLES, true);
        if (named == null) {
            return true;        // not expected (the same bytes walked above); as for any class file we cannot read
        }
        for (String supertype : named.supertypes) {
            if (supertypeMayBeTool(loader, supertype, 0)) {
                return true;
            }
        }
        return false;
    }

    private boolean supertypeMayBeTool(ClassLoader loader, String internalName, int depth) {
        if (configured.contains(internalName)) {
            return true;
        }
        if (depth > 32 || internalName.startsWith("java/") || internalName.startsWith("jdk/") || internalName.startsWith("sun/")) {
            return false;
        }
        Map<String, Boolean> verdicts;
        synchronized (supertypeVerdicts) {
            verdicts = supertypeVerdicts.computeIfAbsent(loader, l -> new ConcurrentHashMap<>());
        }
        Boolean known = verdicts.get(internalName);
        if (known != null) {
            return known;
        }
        boolean verdict = false;
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            if (in != null) {
                ClassHeader header = ClassHeader.parse(in.readAllBytes(), NO_NEEDLES, NO_NEEDLES);
                verdict = header == null;
                if (!verdict) {
                    for (String s : header.supertypes) {
                        if (supertypeMayBeTool(loader, s, depth + 1)) {
                            verdict = true;
                            break;
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            verdict = true;   // cannot tell: let Byte Buddy look
        }
        verdicts.put(internalName, verdict);
        return verdict;
    }

    /**
     * What the prefilter needs from a class file: whether it mentions a needle (an annotation type) or one of the
     * method names (as any string of its constant pool: declared methods' names are there), its name and its
     * supertypes. Read without names, the walk ends at the first needle: {@link #mentionsMethodName} then counts only
     * where {@link #mentionsNeedle} is false.
     */
    static final class ClassHeader {
        final boolean mentionsNeedle;
        final boolean mentionsMethodName;
        final String name;
        final List<String> supertypes;

        private ClassHeader(boolean mentionsNeedle, boolean mentionsMethodName, String name, List<String> supertypes) {
            this.mentionsNeedle = mentionsNeedle;
            this.mentionsMethodName = mentionsMethodName;
            this.name = name;
            this.supertypes = supertypes;
        }

        /** {@code null} if the bytes are not a class file we understand. */
        static ClassHeader parse(byte[] b, byte[][] needles, byte[][] methodNames) {
            return parse(b, needles, methodNames, true);
        }

        /**
         * The same; without {@code names}, {@link #name} is {@code null} and {@link #supertypes} empty (no index of the
         * constant pool is kept, no string made: the gate's look at most classes ends with the needles), and the walk
         * ends at the first needle, since a needle alone makes the class a candidate.
         */
        static ClassHeader parse(byte[] b, byte[][] needles, byte[][] methodNames, boolean names) {
            if (b.length < 10 || (b[0] & 0xff) != 0xCA || (b[1] & 0xff) != 0xFE || (b[2] & 0xff) != 0xBA || (b[3] & 0xff) != 0xBE) {
                return null;
            }
            int count = u2(b, 8);
            int[] offsets = names ? new int[count] : null;
            int pos = 10;
            boolean mentions = false;
            boolean mentionsMethod = false;
            for (int i = 1; i < count; i++) {
                if (pos >= b.length) {
                    return null;
                }
                if (offsets != null) {
                    offsets[i] = pos;
                }
                int tag = b[pos] & 0xff;
                switch (tag) {
                    case 1: {
                        int len = u2(b, pos + 1);
                        if (!mentions && matches(b, pos + 3, len, needles)) {
                            mentions = true;
                            if (!names) {
                                return new ClassHeader(true, mentionsMethod, null, List.of());
                            }
                        }
                        if (!mentionsMethod && matches(b, pos + 3, len, methodNames)) {
                            mentionsMethod = true;
                        }
                        pos += 3 + len;
                        break;
                    }
                    case 3:
                    case 4:
                        pos += 5;
                        break;
                    case 5:
                    case 6:
                        pos += 9;
                        i++;
                        break;
                    case 7:
                    case 8:
                    case 16:
                    case 19:
                    case 20:
                        pos += 3;
                        break;
                    case 9:
                    case 10:
                    case 11:
                    case 12:
                    case 17:
                    case 18:
                        pos += 5;
                        break;
                    case 15:
                        pos += 4;
                        break;
                    default:
                        return null;
                }
            }
            if (!names) {
                return new ClassHeader(mentions, mentionsMethod, null, List.of());
            }
            List<String> supertypes = new ArrayList<>(2);
            String name = null;
            if (pos + 8 <= b.length) {
                name = className(b, offsets, u2(b, pos + 2));
                int superIndex = u2(b, pos + 4);
                if (superIndex != 0) {
                    supertypes.add(className(b, offsets, superIndex));
                }
                int interfaces = u2(b, pos + 6);
                for (int i = 0; i < interfaces && pos + 10 + 2 * i <= b.length; i++) {
                    supertypes.add(className(b, offsets, u2(b, pos + 8 + 2 * i)));
                }
            }
            return new ClassHeader(mentions, mentionsMethod, name, supertypes);
        }

        private static String className(byte[] b, int[] offsets, int classIndex) {
            int nameIndex = u2(b, offsets[classIndex] + 1);
            int at = offsets[nameIndex];
            return new String(b, at + 3, u2(b, at + 1), StandardCharsets.UTF_8);
        }

        private static boolean matches(byte[] b, int start, int len, byte[][] needles) {
            for (byte[] n : needles) {
                if (n.length != len) {
                    continue;
                }
                int i = 0;
                while (i < len && b[start + i] == n[i]) {
                    i++;
                }
                if (i == len) {
                    return true;
                }
            }
            return false;
        }

        private static int u2(byte[] b, int at) {
            return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
        }
    }
}
