package dev.intentguard.agent.discover;

import dev.intentguard.bridge.DescribeDispatch;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A framework's tool-description method as it must work while the application starts, when its tool definitions are
 * built and Byte Buddy is not loaded yet: written with ASM alone, every return of the static method
 * {@code String name(java.lang.reflect.Method)} passes its value through {@link DescribeDispatch#describe}, as the
 * plugin's advice does once the class is woven after the start. No frame or member changes: the return value is swapped
 * under the method argument on the stack.
 */
public final class StartDescriptionHook {
    private static final String DESCRIPTOR = "(Ljava/lang/reflect/Method;)Ljava/lang/String;";

    private StartDescriptionHook() {
    }

    /** The class file with the hook in {@code method}, or the same array when it has no such static method. */
    public static byte[] insert(byte[] classFile, String method) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] found = new boolean[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!name.equals(method) || !descriptor.equals(DESCRIPTOR) || (access & Opcodes.ACC_STATIC) == 0) {
                    return next;
                }
                found[0] = true;
                return new MethodVisitor(Opcodes.ASM9, next) {
                    @Override
                    public void visitInsn(int opcode) {
                        if (opcode == Opcodes.ARETURN) {
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            super.visitInsn(Opcodes.SWAP);
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(DescribeDispatch.class),
                                    "describe", "(Ljava/lang/reflect/Method;Ljava/lang/String;)Ljava/lang/String;", false);
                        }
                        super.visitInsn(opcode);
                    }

                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                        super.visitMaxs(maxStack + 1, maxLocals);
                    }
                };
            }
        }, 0);
        return found[0] ? writer.toByteArray() : classFile;
    }
}
