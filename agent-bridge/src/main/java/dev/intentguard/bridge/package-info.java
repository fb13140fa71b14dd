/**
 * The bridge between instrumented code and the agent. Not an API for applications: the agent puts these
 * classes on the bootstrap class path so that advice inlined into any class (application, framework or
 * JDK) can reach them, and fills in {@link dev.intentguard.bridge.Dispatcher} at start-up. Everything
 * here catches its own failures: nothing thrown by the agent reaches the host.
 */
package dev.intentguard.bridge;
