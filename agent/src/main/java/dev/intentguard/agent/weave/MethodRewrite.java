package dev.intentguard.agent.weave;

import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * What the start's light rewrites that add no branch, local or frame share ({@link StartCalls}, the description hooks):
 * the class read and written as it is (frames passed through, the constant pool kept), each chosen method's code handed
 * to a hook, its stack limit raised by what the hook may push.
 */
public final class MethodRewrite {
    private MethodRewrite() {
    }

    /** What a rewrite does to one chosen method: wraps the writer's visitor, sets {@code found[0]} where it changes code. */
    @FunctionalInterface
    public interface Hook {
        MethodVisitor wrap(MethodVisitor next, boolean[] found);
    }

    /**
     * {@code classFile} with {@code hook} in each method {@code choice} wants (never an abstract or native one), its stack
     * limit raised by {@code extraStack}; {@code null} when the hook changed nothing.
     */
    public static byte[] methods(byte[] classFile, StartTrampoline.MethodChoice choice, int extraStack, Hook hook) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] found = new boolean[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || !choice.wants(access, name, descriptor)) {
                    return next;
                }
                return new MethodVisitor(Opcodes.ASM9, hook.wrap(next, found)) {
                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                        super.visitMaxs(maxStack + extraStack, maxLocals);
                    }
                };
            }
        }, 0);
        return found[0] ? writer.toByteArray() : null;
    }
}
