package dev.intentguard.bridge;

import java.lang.reflect.Method;

/** What the agent core implements for the advice that edits the tool descriptions an agent framework sends to the model. */
public interface DescribeHooks {

    /** The description the model should see for tool {@code method}; see {@link DescribeDispatch#describe}. */
    String describe(Method method, String description);

    /** Reports a failure inside description advice; must not throw. */
    void bridgeError(String where, Throwable error);
}
