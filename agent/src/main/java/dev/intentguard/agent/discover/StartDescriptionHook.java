package dev.intentguard.agent.discover;

import dev.intentguard.bridge.AdviceBootstrap;
import dev.intentguard.bridge.DescribeDispatch;
import dev.intentguard.agent.weave.MethodRewrite;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A framework's tool-description method as it must work while the application starts, when its tool definitions are
 * built and Byte Buddy is not loaded yet: written with ASM alone, the description text of the static method
 * {@code name(java.lang.reflect.Method)} passes through {@link DescribeDispatch#describe}, as the plugin's advice does
 * once the class is woven after the start: every return of a {@code String} ({@link #insert}: Spring AI), or every
 * value handed to the builder's {@code description(String)} ({@link #insertBeforeBuilderCall}: LangChain4j, whose
 * method returns the built {@code ToolSpecification}), or the tool definition a call returns, handed to the plugin's
 * own code ({@link #insertAfterCall}: MCP, whose tools are named, not methods). No frame or member changes: values are
 * swapped on the stack.
 */
public final class StartDescriptionHook {
    private static final String DESCRIPTOR = "(Ljava/lang/reflect/Method;)Ljava/lang/String;";

    private StartDescriptionHook() {
    }

    /** The class file with the hook in {@code method}, or the same array when it has no such static method. */
    public static byte[] insert(byte[] classFile, String method) {
        byte[] hooked = rewrite(classFile, method, DESCRIPTOR, false, (next, found) -> new MethodVisitor(Opcodes.ASM9, next) {
            @Override
            public void visitInsn(int opcode) {
                if (opcode == Opcodes.ARETURN) {
                    found[0] = true;
                    passThroughDescribe(mv);
                }
                super.visitInsn(opcode);
            }
        });
        return hooked == null ? classFile : hooked;
    }

    /**
     * The class file with every {@code builder.description(String)} call ({@code builder} of class
     * {@code builderInternalName}) in the static method {@code method(java.lang.reflect.Method)} given the described
     * text; {@code null} when there is no such call (a framework version shaped otherwise: weave it now instead).
     */
    public static byte[] insertBeforeBuilderCall(byte[] classFile, String method, String builderInternalName) {
        String setter = "(Ljava/lang/String;)L" + builderInternalName + ";";
        return rewrite(classFile, method, "(Ljava/lang/reflect/Method;)", true, (next, found) -> new MethodVisitor(Opcodes.ASM9, next) {
            @Override
            public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
                if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(builderInternalName) && name.equals("description")
                        && descriptor.equals(setter)) {
                    found[0] = true;
                    passThroughDescribe(mv);
                }
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            }
        });
    }

    /** A method called in the hooked code: owner (internal name), name and descriptor. */
    public record Call(String owner, String name, String descriptor) {
    }

    /**
     * The class file with the value each {@code call} returns in the static method {@code method} (whose descriptor
     * starts with {@code descriptorPrefix}) handed first to {@code handler.describe}, a static method of the plugin's
     * package taking and returning the call's type: called through {@link AdviceBootstrap}, in the plugin's own class
     * loader, so it may use the framework's types. Its {@code null} keeps the value, and so does a link that failed (the
     * call site answers {@code null}): {@code Optional.ofNullable(described).orElse(value)}, which never throws, even for
     * a {@code null} value (the framework's own check then reports it, as without the hook). {@code null} when there is
     * no such call, or for a class file older than Java 7 (no {@code invokedynamic}): weave it now instead.
     */
    public static byte[] insertAfterCall(byte[] classFile, String method, String descriptorPrefix, Call call, String plugin,
                                         String handler) {
        if (new ClassReader(classFile).readShort(6) < Opcodes.V1_7) {
            return null;
        }
        Type value = Type.getReturnType(call.descriptor());
        Handle bootstrap = new Handle(Opcodes.H_INVOKESTATIC, Type.getInternalName(AdviceBootstrap.class), "bootstrap",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/String;"
                        + "Ljava/lang/String;)Ljava/lang/invoke/CallSite;", false);
        return rewrite(classFile, method, descriptorPrefix, true, (next, found) -> new MethodVisitor(Opcodes.ASM9, next) {
            @Override
            public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
                if (owner.equals(call.owner()) && name.equals(call.name()) && descriptor.equals(call.descriptor())) {
                    found[0] = true;
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInvokeDynamicInsn("describe", Type.getMethodDescriptor(value, value), bootstrap, plugin, handler);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/util/Optional", "ofNullable",
                            "(Ljava/lang/Object;)Ljava/util/Optional;", false);
                    mv.visitInsn(Opcodes.SWAP);
                    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/Optional", "orElse",
                            "(Ljava/lang/Object;)Ljava/lang/Object;", false);
                    mv.visitTypeInsn(Opcodes.CHECKCAST, value.getInternalName());
                }
            }
        });
    }

    /** The text on top of the stack, described: the method argument under it, then the bridge. */
    private static void passThroughDescribe(MethodVisitor mv) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.SWAP);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, Type.getInternalName(DescribeDispatch.class),
                "describe", "(Ljava/lang/reflect/Method;Ljava/lang/String;)Ljava/lang/String;", false);
    }

    /**
     * {@code classFile} with {@code hook} in the static method {@code method} whose descriptor is {@code descriptor} (or
     * starts with it, when {@code prefix}); {@code null} when the hook found nothing to change.
     */
    private static byte[] rewrite(byte[] classFile, String method, String descriptor, boolean prefix, MethodRewrite.Hook hook) {
        return MethodRewrite.methods(classFile, (access, name, desc) -> name.equals(method) && (access & Opcodes.ACC_STATIC) != 0
                && (prefix ? desc.startsWith(descriptor) : desc.equals(descriptor)), 1, hook);
    }
}
