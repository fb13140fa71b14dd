package dev.intentguard.agent.audit;

/**
 * Which layer repeated an intent, from the caller of the previous invocation, the caller of this one, and (only when
 * the callers do not decide it) whether a retry framework said it was re-running the call. The rules, in order:
 * <ol>
 *   <li>both conversations known and different: {@link Layer#USER} (another conversation);</li>
 *   <li>the same conversation, both turns known and different: {@link Layer#USER} (the person asked again);</li>
 *   <li>both tool-call ids known and different: {@link Layer#MODEL} when the conversation is the same, else
 *       {@link Layer#UNATTRIBUTED} (a new tool call, but nobody said in which conversation);</li>
 *   <li>otherwise (the same tool call, or nobody said): a retry framework that has just decided to run its
 *       decorated call again (its advice marks the thread, see {@code FrameworkRetry}) makes it
 *       {@link Layer#FRAMEWORK}, named; without that mark it is {@link Layer#UNATTRIBUTED}. A retry decorator merely
 *       being on the stack proves nothing: its first attempt may well be somebody's repeat.</li>
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

    static Attribution decide(CallerSnapshot previous, CallerSnapshot current, String retriedBy) {
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
        return retriedBy != null ? new Attribution(Layer.FRAMEWORK, retriedBy) : new Attribution(Layer.UNATTRIBUTED, null);
    }
}
