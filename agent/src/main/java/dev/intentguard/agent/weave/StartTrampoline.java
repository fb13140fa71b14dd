package dev.intentguard.agent.weave;

import dev.intentguard.bridge.StartGuard;
import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The prologue a tool method gets while the application starts, written with ASM alone (a few dozen classes; Byte
 * Buddy's weaving machinery is several hundred, which the start should not pay for):
 * <pre>
 * if (StartGuard.active()) {
 *     return (R) StartGuard.reenter(Owner.class, "name", "descriptor", this, new Object[] {arg0, arg1...});
 * }
 * ...the method as it was
 * </pre>
 * {@link StartGuard#reenter} waits for the weaving and calls the method again, woven. Nothing else in the class changes
 * (no member is added, so the class can be re-woven by retransformation, which starts from its original class file).
 */
public final class StartTrampoline {
    private static final String GUARD = Type.getInternalName(StartGuard.class);
    private static final String REENTER = "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;"
            + "[Ljava/lang/Object;)Ljava/lang/Object;";

    /**
     * Which methods of a class get the prologue, by their access flags, name and descriptor (a framework's synthetic
     * lambda is found by its signature: its number is the compiler's, not the library's API).
     */
    @FunctionalInterface
    public interface MethodChoice {
        boolean wants(int access, String name, String descriptor);
    }

    /**
     * A method that runs a tool itself, known by name rather than by a method of the tool's own (an MCP server's handler):
     * which tool a call of it runs, read from its arguments, so that a call that goes on without the weaving is refused
     * under fail-closed when the woven call would be.
     */
    @FunctionalInterface
    public interface ToolRunner {
        NamedTool tool(Object[] args) throws Exception;
    }

    /** A tool as a framework names it: its framework, name and the effect its author hints ({@code read}, {@code idempotent} or {@code null}). */
    public record NamedTool(String framework, String name, String hintedEffect) {
    }

    /**
     * The methods given the prologue as {@link ToolRunner}s, by {@code owner#name descriptor} (binary owner name). Should
     * one run unwoven (the weaving late or failed), fail-closed refuses it as it refuses a tool method.
     */
    private static final Map<String, ToolRunner> TOOL_RUNNERS = new ConcurrentHashMap<>();

    private StartTrampoline() {
    }

    /**
     * The class file with the prologue in each method (not constructors, bridges, abstract or native ones) that is named in
     * {@code methodNames} or carries one of {@code annotations} (descriptors, {@code Lcom/example/Tool;}).
     * @return the new class file, the same array when no method qualifies, or {@code null} when the class cannot have
     *         it (a class file older than Java 5 cannot name its own class as a constant; one whose header ASM cannot
     *         read); a class file ASM fails on further in throws, which the weaver catches (the class is woven now)
     */
    public static byte[] insert(byte[] classFile, Set<String> methodNames, Set<String> annotations) {
        return insert(classFile, new Named(methodNames), annotations, null);
    }

    /** The methods of these names. A class, not a lambda: it is made on the application's thread while it starts. */
    private static final class Named implements MethodChoice {
        private final Set<String> names;

        Named(Set<String> names) {
            this.names = names;
        }

        @Override
        public boolean wants(int access, String name, String descriptor) {
            return names.contains(name);
        }
    }

    /**
     * The same for the methods {@code choice} wants; {@code runner}: each of them runs a tool, which it tells
     * ({@code null}: they do not).
     */
    public static byte[] insert(byte[] classFile, MethodChoice choice, ToolRunner runner) {
        return insert(classFile, choice, Set.of(), runner);
    }

    /** How {@code owner.name descriptor} tells the tool it runs, if it got the prologue as a {@link ToolRunner}; else {@code null}. */
    public static ToolRunner toolRunner(Class<?> owner, String name, String descriptor) {
        return TOOL_RUNNERS.isEmpty() ? null : TOOL_RUNNERS.get(owner.getName() + "#" + name + descriptor);
    }

    private static byte[] insert(byte[] classFile, MethodChoice choice, Set<String> annotations, ToolRunner runner) {
        ClassReader reader;
        try {
            reader = new ClassReader(classFile);
        } catch (RuntimeException e) {
            return null;
        }
        int version = reader.readShort(6);
        if (version < Opcodes.V1_5) {
            return null;
        }
        ClassWriter writer = new ClassWriter(0);
        boolean[] changed = new boolean[1];
        List<String> runners = new ArrayList<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            private String owner;

            @Override
            public void visit(int v, int access, String name, String signature, String superName, String[] interfaces) {
                owner = name;
                super.visit(v, access, name, signature, superName, interfaces);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                // A bridge only calls the method it stands for, which has its own prologue (and the weaving binds that
                // method, never the bridge: a bridge's prologue would refuse under a name and type the weaving has not).
                if (name.startsWith("<") || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE | Opcodes.ACC_BRIDGE)) != 0) {
                    return next;
                }
                boolean chosen = choice.wants(access, name, descriptor);
                if (chosen && runner != null) {
                    runners.add(owner.replace('/', '.') + "#" + name + descriptor);
                }
                return new Prologue(next, owner, access, name, descriptor, version >= Opcodes.V1_6, chosen, annotations, changed);
            }
        }, ClassReader.EXPAND_FRAMES);
        if (!changed[0]) {
            return classFile;
        }
        for (String method : runners) {
            TOOL_RUNNERS.put(method, runner);
        }
        return writer.toByteArray();
    }

    /** Decides at the start of the code whether the method gets the prologue, then writes it. */
    private static final class Prologue extends MethodVisitor {
        private final String owner;
        private final boolean isStatic;
        private final String name;
        private final String descriptor;
        private final boolean frames;
        private final Set<String> annotations;
        private final boolean[] changed;
        private boolean wanted;
        /** The frame the original code continues with, written before its first instruction unless it has its own. */
        private Object[] pendingFrame;

        Prologue(MethodVisitor next, String owner, int access, String name, String descriptor,
                 boolean frames, boolean named, Set<String> annotations, boolean[] changed) {
            super(Opcodes.ASM9, next);
            this.owner = owner;
            this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
            this.name = name;
            this.descriptor = descriptor;
            this.frames = frames;
            this.wanted = named;
            this.annotations = annotations;
            this.changed = changed;
        }

        @Override
        public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
            if (annotations.contains(annotation)) {
                wanted = true;
            }
            return super.visitAnnotation(annotation, visible);
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (!wanted) {
                return;
            }
            changed[0] = true;
            Label body = new Label();
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, "active", "()Z", false);
            mv.visitJumpInsn(Opcodes.IFEQ, body);
            mv.visitLdcInsn(Type.getObjectType(owner));
            mv.visitLdcInsn(name);
            mv.visitLdcInsn(descriptor);
            if (isStatic) {
                mv.visitInsn(Opcodes.ACONST_NULL);
            } else {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
            }
            Type[] params = Type.getArgumentTypes(descriptor);
            push(params.length);
            mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
            int slot = isStatic ? 0 : 1;
            for (int i = 0; i < params.length; i++) {
                mv.visitInsn(Opcodes.DUP);
                push(i);
                mv.visitVarInsn(params[i].getOpcode(Opcodes.ILOAD), slot);
                box(params[i]);
                mv.visitInsn(Opcodes.AASTORE);
                slot += params[i].getSize();
            }
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, "reenter", REENTER, false);
            unboxAndReturn(Type.getReturnType(descriptor));
            mv.visitLabel(body);
            if (frames) {
                pendingFrame = initialLocals(params);
            }
        }

        private Object[] initialLocals(Type[] params) {
            List<Object> locals = new ArrayList<>();
            if (!isStatic) {
                locals.add(owner);
            }
            for (Type t : params) {
                switch (t.getSort()) {
                    case Type.BOOLEAN: case Type.BYTE: case Type.CHAR: case Type.SHORT: case Type.INT:
                        locals.add(Opcodes.INTEGER);
                        break;
                    case Type.FLOAT:
                        locals.add(Opcodes.FLOAT);
                        break;
                    case Type.LONG:
                        locals.add(Opcodes.LONG);
                        break;
                    case Type.DOUBLE:
                        locals.add(Opcodes.DOUBLE);
                        break;
                    default:
                        locals.add(t.getInternalName());
                }
            }
            return locals.toArray();
        }

        /** The original code's first instruction: its frame, the one the prologue's jump lands on. */
        private void flushFrame() {
            if (pendingFrame != null) {
                Object[] locals = pendingFrame;
                pendingFrame = null;
                mv.visitFrame(Opcodes.F_NEW, locals.length, locals, 0, new Object[0]);
            }
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            pendingFrame = null;        // the original code has a frame at its first instruction: the jump lands on it
            super.visitFrame(type, numLocal, local, numStack, stack);
        }

        @Override
        public void visitInsn(int opcode) {
            flushFrame();
            super.visitInsn(opcode);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            flushFrame();
            super.visitIntInsn(opcode, operand);
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            flushFrame();
            super.visitVarInsn(opcode, var);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            flushFrame();
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitFieldInsn(int opcode, String fieldOwner, String fieldName, String fieldDescriptor) {
            flushFrame();
            super.visitFieldInsn(opcode, fieldOwner, fieldName, fieldDescriptor);
        }

        @Override
        public void visitMethodInsn(int opcode, String methodOwner, String methodName, String methodDescriptor, boolean itf) {
            flushFrame();
            super.visitMethodInsn(opcode, methodOwner, methodName, methodDescriptor, itf);
        }

        @Override
        public void visitInvokeDynamicInsn(String indyName, String indyDescriptor, net.bytebuddy.jar.asm.Handle bootstrap,
                                           Object... arguments) {
            flushFrame();
            super.visitInvokeDynamicInsn(indyName, indyDescriptor, bootstrap, arguments);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            flushFrame();
            super.visitJumpInsn(opcode, label);
        }

        @Override
        public void visitLdcInsn(Object value) {
            flushFrame();
            super.visitLdcInsn(value);
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            flushFrame();
            super.visitIincInsn(var, increment);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            flushFrame();
            super.visitTableSwitchInsn(min, max, dflt, labels);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            flushFrame();
            super.visitLookupSwitchInsn(dflt, keys, labels);
        }

        @Override
        public void visitMultiANewArrayInsn(String arrayDescriptor, int numDimensions) {
            flushFrame();
            super.visitMultiANewArrayInsn(arrayDescriptor, numDimensions);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            // the prologue's deepest point: Class, String, String, receiver, array, array, index, a long or double
            super.visitMaxs(wanted ? Math.max(maxStack, 9) : maxStack, maxLocals);
        }

        private void push(int value) {
            if (value <= 5) {
                mv.visitInsn(Opcodes.ICONST_0 + value);
            } else if (value <= Byte.MAX_VALUE) {
                mv.visitIntInsn(Opcodes.BIPUSH, value);
            } else {
                mv.visitIntInsn(Opcodes.SIPUSH, value);
            }
        }

        private void box(Type t) {
            String boxed = boxedName(t);
            if (boxed != null) {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, boxed, "valueOf", "(" + t.getDescriptor() + ")L" + boxed + ";", false);
            }
        }

        private void unboxAndReturn(Type t) {
            if (t.getSort() == Type.VOID) {
                mv.visitInsn(Opcodes.POP);
                mv.visitInsn(Opcodes.RETURN);
                return;
            }
            String boxed = boxedName(t);
            if (boxed == null) {
                mv.visitTypeInsn(Opcodes.CHECKCAST, t.getSort() == Type.ARRAY ? t.getDescriptor() : t.getInternalName());
                mv.visitInsn(Opcodes.ARETURN);
                return;
            }
            mv.visitTypeInsn(Opcodes.CHECKCAST, boxed);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, boxed, t.getClassName() + "Value", "()" + t.getDescriptor(), false);
            mv.visitInsn(t.getOpcode(Opcodes.IRETURN));
        }

        private static String boxedName(Type t) {
            switch (t.getSort()) {
                case Type.BOOLEAN: return "java/lang/Boolean";
                case Type.BYTE: return "java/lang/Byte";
                case Type.CHAR: return "java/lang/Character";
                case Type.SHORT: return "java/lang/Short";
                case Type.INT: return "java/lang/Integer";
                case Type.FLOAT: return "java/lang/Float";
                case Type.LONG: return "java/lang/Long";
                case Type.DOUBLE: return "java/lang/Double";
                default: return null;
            }
        }
    }
}
