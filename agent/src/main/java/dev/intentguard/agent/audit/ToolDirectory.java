package dev.intentguard.agent.audit;

import java.util.List;

/** The tools the agent guards, as JMX shows and switches them (implemented by the tool layer). */
public interface ToolDirectory {
    /** One tool's state. */
    final class ToolState {
        public final String name;
        public final String effect;
        public final boolean enabled;

        public ToolState(String name, String effect, boolean enabled) {
            this.name = name;
            this.effect = effect;
            this.enabled = enabled;
        }
    }

    List<ToolState> tools();

    /** The kill switch; {@code false} if no tool has that name. */
    boolean setEnabled(String tool, boolean enabled);
}
