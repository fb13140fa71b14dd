package dev.intentguard.agent.audit;

import java.util.function.Supplier;

/**
 * Which layer repeated an intent, from the caller of the previous invocation, the caller of this one, and (only when
 * the callers do not decide it) the stack. The rules, in order:
 * <ol>
 *   <li>both conversations known and different: {@link Layer#USER} (another conversation);</li>
 *   <li>the same conversation, both turns known and different: {@link Layer#USER} (the person asked again);</li>
 *   <li>both tool-call ids known and different: {@link Layer#MODEL} when the conversation is the same, else
 *       {@link Layer#UNATTRIBUTED} (a new tool call, but nobody said in which conversation);</li>
 *   <li>otherwise (the same tool call, or nobody said): a retry library's frames on the stack make it
 *       {@link Layer#FRAMEWORK}, named; without them it is {@link Layer#UNATTRIBUTED}.</li>
 * </ol>
 * A framework retry re-invokes the same tool call, so it keeps the caller's context: a new tool-call id is never a
 * framework retry, even under a retry library.
 */
final class Attribution {
    final Layer layer;
    /** The retry library for {@link Layer#FRAMEWORK}, else {@code null}. */
    final String library;

    private Attribution(Layer layer, String library) {
        this.layer = layer;
        this.library = library;
    }

    static Attribution decide(CallerSnapshot previous, CallerSnapshot current, Supplier<String> retryLibrary) {
        if (previous.conversation != null && current.conversation != null) {
            if (!previous.conversation.equals(current.conversation)) {
                return new Attribution(Layer.USER, null);
            }
            if (previous.turn != null && current.turn != null && !previous.turn.equals(current.turn)) {
                return new Attribution(Layer.USER, null);
            }
        }
        if (previous.toolCall != null && current.toolCall != null && !previous.toolCall.equals(current.toolCall)) {
            boolean sameConversation = previous.conversation != null && previous.conversation.equals(current.conversation);
            return new Attribution(sameConversation ? Layer.MODEL : Layer.UNATTRIBUTED, null);
        }
        String library = retryLibrary.get();
        return library != null ? new Attribution(Layer.FRAMEWORK, library) : new Attribution(Layer.UNATTRIBUTED, null);
    }
}
