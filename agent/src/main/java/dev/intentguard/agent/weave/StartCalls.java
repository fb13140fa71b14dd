package dev.intentguard.agent.weave;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

import java.util.function.Consumer;

/**
 * Plain calls added to a framework's method while the application starts, written with ASM alone, where the advice the
 * method gets once woven must not wait for the weaving (a {@link StartTrampoline} would: on a transport's thread, a
 * Netty event loop, that is not allowed): code run first, and code run before each return. The code given must leave
 * the operand stack as it found it, add no branch and use no local of its own (it reads the method's arguments), so no
 * frame, local or handler of the method changes; an exit by an exception does not run it.
 */
public final class StartCalls {
    /** What the given code may push at most, beyond the method's own stack. */
    private static final int EXTRA_STACK = 2;

    private StartCalls() {
    }

    /**
     * The class file with {@code atEntry} first in each method {@code choice} wants, and {@code beforeReturn} (or
     * nothing, when {@code null}) before each of its returns; the same array when no method is chosen.
     */
    public static byte[] insert(byte[] classFile, StartTrampoline.MethodChoice choice, Consumer<MethodVisitor> atEntry,
                                Consumer<MethodVisitor> beforeReturn) {
        byte[] rewritten = MethodRewrite.methods(classFile, choice, EXTRA_STACK, (next, found) -> {
            found[0] = true;
            return new MethodVisitor(Opcodes.ASM9, next) {
                @Override
                public void visitCode() {
                    super.visitCode();
                    atEntry.accept(mv);
                }

                @Override
                public void visitInsn(int opcode) {
                    if (beforeReturn != null && opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                        beforeReturn.accept(mv);
                    }
                    super.visitInsn(opcode);
                }
            };
        });
        return rewritten == null ? classFile : rewritten;
    }
}
