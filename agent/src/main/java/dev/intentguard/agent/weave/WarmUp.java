package dev.intentguard.agent.weave;

import net.bytebuddy.asm.Advice;

/**
 * A class the init thread weaves once and throws away, so that the classes of the weaving path (type pool, advice,
 * class writer) are loaded and linked before the first tool class needs them, off the application's threads.
 */
final class WarmUp {
    private WarmUp() {
    }

    String sample(String argument) {
        return argument;
    }

    static final class SampleAdvice {
        private SampleAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
        static boolean enter(@Advice.AllArguments Object[] args, @Advice.Local("frame") Object frame) {
            frame = args;
            return false;
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Local("frame") Object frame,
                         @Advice.Return(readOnly = false, typing = net.bytebuddy.implementation.bytecode.assign.Assigner.Typing.DYNAMIC) Object returned,
                         @Advice.Thrown(readOnly = false) Throwable thrown) {
            if (frame != null) {
                returned = frame;
            }
        }
    }
}
