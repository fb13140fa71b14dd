package dev.intentguard.agent.tool;

import dev.intentguard.agent.tool.bind.ToolBinding;
import dev.intentguard.bridge.ToolFrame;

/** A frame of the agent: knows its binding, and answers through {@link StatusReply}. */
abstract class GuardedCall extends ToolFrame {
    final ToolBinding binding;

    GuardedCall(ToolBinding binding) {
        this.binding = binding;
    }

    @Override
    public final String toolName() {
        return binding.toolName();
    }

    void reply(Object value) {
        answer(value);
    }

    void replyThrowing(Throwable error) {
        answerThrowing(error, binding.placeholder());
    }
}
