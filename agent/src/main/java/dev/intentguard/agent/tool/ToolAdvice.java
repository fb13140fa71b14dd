package dev.intentguard.agent.tool;

import dev.intentguard.bridge.Dispatcher;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Woven into every guarded tool method. It only calls the bridge's {@link Dispatcher} (bootstrap-visible,
 * so it links from any class loader); the decision is the agent's. Both advice methods suppress every
 * throwable: the host never sees an agent failure, only the answer the agent chose.
 */
final class ToolAdvice {
    private ToolAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
    static boolean enter(@BindingId int bindingId,
                         @Advice.Origin Class<?> owner,
                         @Advice.This(optional = true) Object self,
                         @Advice.AllArguments Object[] args,
                         @Advice.Local("intentguardFrame") Object frame) {
        frame = Dispatcher.enterTool(bindingId, owner, self, args);
        return Dispatcher.skipBody(frame);
    }

    /** Returns {@code true} to run the body once more (a retry the agent owns: {@code retry:}); else the call ends. */
    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class, repeatOn = Advice.OnNonDefaultValue.class)
    static boolean exit(@Advice.Local("intentguardFrame") Object frame,
                        @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned,
                        @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (frame != null) {
            if (Dispatcher.repeatTool(frame, returned, thrown)) {
                return true;
            }
            Dispatcher.exitTool(frame, returned, thrown);
            thrown = Dispatcher.thrown(frame, thrown);
            returned = Dispatcher.returnValue(frame, returned);
        }
        return false;
    }
}
