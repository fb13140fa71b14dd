package dev.intentguard.agent.audit;

import dev.intentguard.agent.log.AgentLoggers;
import org.slf4j.Logger;

import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanNotificationInfo;
import javax.management.Notification;
import javax.management.NotificationBroadcasterSupport;
import javax.management.MBeanOperationInfo;
import javax.management.MBeanParameterInfo;
import javax.management.ReflectionException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * {@code dev.intentguard:type=Tools}: one MBean for every guarded tool. Attributes are named
 * {@code <tool>.<counter>} and are numbers (what the Prometheus JMX exporter reads): {@code enabled} (1 or 0),
 * {@code invocations}, {@code runs}, {@code wire_attempts}, {@code suppressed}, {@code unknown_outcomes}, {@code escalations},
 * {@code disabled_answers}, {@code repeats.<layer>} and {@code prevented.<layer>} for each layer; {@code <tool>.effect}
 * is text. Operations {@code disable(tool)} and {@code enable(tool)} are the kill switch at run time: a disabled tool
 * answers {@code disabled} and the application keeps running. It sends the notification {@code intentguard.escalation}
 * once per intent that needs a person, with {@code tool}, {@code key}, {@code status} and {@code why} as user data.
 */
public final class ToolsMBean extends NotificationBroadcasterSupport implements DynamicMBean {
    /** The type of the notification sent once when an intent needs a person. */
    public static final String ESCALATION = "intentguard.escalation";
    public static final String NAME = "dev.intentguard:type=Tools";
    private static final Logger LOG = AgentLoggers.named("intentguard");

    private final ToolDirectory directory;
    private final AuditRecorder recorder;

    private final AtomicLong sequence = new AtomicLong();

    public ToolsMBean(ToolDirectory directory, AuditRecorder recorder) {
        super(new MBeanNotificationInfo(new String[] {ESCALATION}, Notification.class.getName(),
                "an intent needs a person: a retry budget spent, or still unknown after reconcile.escalate-after; user data: "
                        + "a map of tool, key, status, why"));
        this.directory = directory;
        this.recorder = recorder;
    }

    /** Sends {@link #ESCALATION}: the message is the WARN line's gist, the user data a map of its parts. */
    void escalation(String tool, String key, String status, String why) {
        Notification n = new Notification(ESCALATION, NAME, sequence.incrementAndGet(), System.currentTimeMillis(),
                tool + " " + key + " " + status + ": " + why);
        Map<String, String> data = new LinkedHashMap<>();
        data.put("tool", tool);
        data.put("key", key);
        data.put("status", status);
        data.put("why", why);
        n.setUserData(data);
        sendNotification(n);
    }

    /** Attribute name to its type and current value; rebuilt on each read (tools appear as their classes load). */
    /** Registers this MBean in the platform MBeanServer; returns a problem, or {@code null}. */
    String register() {
        try {
            javax.management.MBeanServer server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
            javax.management.ObjectName name = new javax.management.ObjectName(NAME);
            if (server.isRegistered(name)) {
                return NAME + " is already registered";
            }
            server.registerMBean(this, name);
            return null;
        } catch (Exception | LinkageError e) {
            return String.valueOf(e);
        }
    }

    private Map<String, Object[]> attributes() {
        Map<String, Object[]> out = new LinkedHashMap<>();
        Map<String, ToolCounters> counters = recorder.counters();
        Map<String, ToolDirectory.ToolState> tools = new TreeMap<>();
        for (ToolDirectory.ToolState t : directory.tools()) {
            tools.put(t.name, t);
        }
        for (Map.Entry<String, ToolCounters> c : counters.entrySet()) {
            tools.putIfAbsent(c.getKey(), new ToolDirectory.ToolState(c.getKey(), c.getValue().effect(), true));
        }
        for (ToolDirectory.ToolState t : tools.values()) {
            ToolCounters c = counters.get(t.name);
            String p = t.name + ".";
            put(out, p + "enabled", "int", () -> t.enabled ? 1 : 0, "1 while the tool runs, 0 while it is switched off");
            put(out, p + "effect", "java.lang.String", () -> t.effect, "side_effect or idempotent");
            put(out, p + "invocations", "long", () -> c == null ? 0L : c.invocations(), "calls the agent saw");
            put(out, p + "runs", "long", () -> c == null ? 0L : c.runs(), "calls whose body ran");
            put(out, p + "wire_attempts", "long", () -> c == null ? 0L : c.wireAttempts(), "write requests sent");
            put(out, p + "suppressed", "long", () -> c == null ? 0L : c.suppressed(), "client resends stopped");
            put(out, p + "unknown_outcomes", "long", () -> c == null ? 0L : c.unknownOutcomes(),
                    "calls that ended pending_unknown");
            put(out, p + "escalations", "long", () -> c == null ? 0L : c.escalations(),
                    "intents escalated to a person by this JVM");
            put(out, p + "disabled_answers", "long", () -> c == null ? 0L : c.disabledAnswers(), "calls answered disabled");
            for (Layer l : Layer.values()) {
                put(out, p + "repeats." + l.wireName(), "long", () -> c == null ? 0L : c.repeats(l),
                        "repeats of an intent made by the " + l.wireName() + " layer");
                put(out, p + "prevented." + l.wireName(), "long", () -> c == null ? 0L : c.prevented(l),
                        "duplicates of the " + l.wireName() + " layer that the agent stopped");
            }
        }
        put(out, "journal.dropped", "long", recorder::journalDropped, "journal entries dropped (queue full)");
        put(out, "journal.written", "long", recorder::journalWritten, "journal entries written");
        return out;
    }

    private static void put(Map<String, Object[]> out, String name, String type, Supplier<Object> value, String description) {
        out.put(name, new Object[] {type, value, description});
    }

    @Override
    public Object getAttribute(String attribute) throws AttributeNotFoundException {
        Object[] a = attributes().get(attribute);
        if (a == null) {
            throw new AttributeNotFoundException("no attribute " + attribute + " (names are <tool>.<counter>)");
        }
        return ((Supplier<?>) a[1]).get();
    }

    @Override
    public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
        throw new AttributeNotFoundException(attribute.getName() + " is read-only: use the operations disable/enable");
    }

    @Override
    public AttributeList getAttributes(String[] names) {
        Map<String, Object[]> all = attributes();
        AttributeList list = new AttributeList();
        for (String n : names) {
            Object[] a = all.get(n);
            if (a != null) {
                list.add(new Attribute(n, ((Supplier<?>) a[1]).get()));
            }
        }
        return list;
    }

    @Override
    public AttributeList setAttributes(AttributeList attributes) {
        return new AttributeList();
    }

    @Override
    public Object invoke(String action, Object[] params, String[] signature) throws ReflectionException {
        if ((action.equals("disable") || action.equals("enable")) && params != null && params.length == 1
                && params[0] instanceof String) {
            String tool = (String) params[0];
            boolean enable = action.equals("enable");
            if (!directory.setEnabled(tool, enable)) {
                return "no tool named " + tool;
            }
            LOG.warn("tool {} {} through JMX ({}): {}", tool, enable ? "enabled" : "disabled", NAME,
                    enable ? "it runs again" : "calls answer disabled until it is enabled");
            return tool + (enable ? " enabled" : " disabled");
        }
        throw new ReflectionException(new NoSuchMethodException(action), "operations: disable(tool), enable(tool)");
    }

    @Override
    public MBeanInfo getMBeanInfo() {
        List<MBeanAttributeInfo> attrs = new ArrayList<>();
        for (Map.Entry<String, Object[]> a : attributes().entrySet()) {
            attrs.add(new MBeanAttributeInfo(a.getKey(), (String) a.getValue()[0], (String) a.getValue()[2],
                    true, false, false));
        }
        MBeanParameterInfo[] tool = {new MBeanParameterInfo("tool", "java.lang.String", "the tool's name")};
        MBeanOperationInfo[] ops = {
                new MBeanOperationInfo("disable", "Kill switch: the tool answers disabled without running", tool,
                        "java.lang.String", MBeanOperationInfo.ACTION),
                new MBeanOperationInfo("enable", "The tool runs again", tool, "java.lang.String", MBeanOperationInfo.ACTION),
        };
        return new MBeanInfo(ToolsMBean.class.getName(), "intentguard: guarded tools, their switches and counters",
                attrs.toArray(new MBeanAttributeInfo[0]), null, ops, getNotificationInfo());
    }
}
