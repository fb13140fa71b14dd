package dev.intentguard.agent.wire;

import dev.intentguard.bridge.IntentScope;
import dev.intentguard.bridge.NetworkHooks;
import dev.intentguard.bridge.ToolFrame;

import java.net.InetAddress;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where the JDK's TCP writes go while side-effect calls run. A write on a thread running a guarded call (its own
 * thread, or a task that carries its scope) is that call's; a write on a thread that runs no guarded call is counted
 * apart: it may be work some call handed to a thread the agent does not follow (a client's own I/O thread), so while
 * such writes happen, no call can prove that it sent nothing.
 */
public final class NetworkWatch implements NetworkHooks {
    private final LongAdder unscoped = new LongAdder();

    @Override
    public void wrote(InetAddress address, String hostName, int port) {
        ToolFrame scope = IntentScope.current();
        if (scope == null) {
            unscoped.increment();
            return;
        }
        if (scope.wire() instanceof WireLog) {
            // InetAddress.toString() is "name/address" without a lookup; getHostName() could ask the DNS.
            String text = address == null ? "" : address.toString();
            int slash = text.indexOf('/');
            String name = hostName != null ? hostName : slash > 0 ? text.substring(0, slash) : null;
            String literal = address == null ? null : address.getHostAddress();
            ((WireLog) scope.wire()).socketWrite(name, literal, port);
        }
    }

    /** Writes so far on threads that ran no guarded call; compare two readings to see whether any happened between. */
    public long unscopedWrites() {
        return unscoped.sum();
    }
}
