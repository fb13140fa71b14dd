package dev.intentguard.agent.tool.bind;

import java.util.Arrays;

/** Bindings by id: read on every guarded call (a plain array read), written when a tool class loads. */
public final class ToolBindings {
    private volatile ToolBinding[] table = new ToolBinding[16];
    private int next;

    public synchronized int nextId() {
        return next++;
    }

    public synchronized void add(ToolBinding binding) {
        ToolBinding[] t = table;
        if (binding.id() >= t.length) {
            t = Arrays.copyOf(t, Math.max(t.length * 2, binding.id() + 1));
        } else {
            t = t.clone();
        }
        t[binding.id()] = binding;
        table = t;
    }

    public ToolBinding get(int id) {
        ToolBinding[] t = table;
        return id >= 0 && id < t.length ? t[id] : null;
    }

    /** The binding of method {@code methodName(parameterTypes)} declared by {@code typeName}, or {@code null}. */
    public ToolBinding find(String typeName, String methodName, Class<?>[] parameterTypes) {
        for (ToolBinding b : table) {
            if (b != null && b.declares(typeName, methodName, parameterTypes)) {
                return b;
            }
        }
        return null;
    }

    /** The bindings of {@code tool} that have an outcome check. */
    public java.util.List<ToolBinding> withCheck(String tool) {
        java.util.List<ToolBinding> out = new java.util.ArrayList<>();
        for (ToolBinding b : table) {
            if (b != null && b.check() != null && b.toolName().equals(tool)) {
                out.add(b);
            }
        }
        return out;
    }

    /** The bindings of {@code tool}. */
    public java.util.List<ToolBinding> named(String tool) {
        java.util.List<ToolBinding> out = new java.util.ArrayList<>();
        for (ToolBinding b : table) {
            if (b != null && b.toolName().equals(tool)) {
                out.add(b);
            }
        }
        return out;
    }

    public synchronized int size() {
        int n = 0;
        for (ToolBinding b : table) {
            if (b != null) {
                n++;
            }
        }
        return n;
    }
}
