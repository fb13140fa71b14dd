package dev.intentguard.it.app;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

/**
 * A host application driven by a script: each argument is one command, fields separated by '|'.
 * Every command prints one line {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 * <pre>
 * refund|ORDER|AMOUNT|CURRENCY|REASON       refundOrder
 * typed|ORDER|AMOUNT                        refundTyped (a record)
 * map|ORDER|AMOUNT                          refundMap
 * cancel|ORDER                              cancelOrder (void)
 * charge|CUSTOMER|CENTS                     chargeCents (int)
 * later|ORDER                               refundLater (throws IllegalArgumentException for a blank order)
 * email|TO|SUBJECT|BODY                     sendEmail (@SideEffect)
 * ticket|ID|STATUS                          setTicketStatus (@Idempotent)
 * order|ID                                  getOrder (@ReadOnly)
 * pay|INVOICE|AMOUNT  / audited-pay|...     Payments implementations
 * prop|NAME                                 a system property of this JVM
 * parallel|N|command...                     the command on N threads at once
 * storm|THREADS|INTENTS|PREFIX              every thread calls every intent refund(PREFIX+i, 1.00) once
 * await-file|PATH                           waits until PATH exists (to start several JVMs together)
 * touch|ID, explode|ID                      side effects without the network (completes / fails ambiguously)
 * many|COMMAND|N|PREFIX                     COMMAND (touch or explode) with ids PREFIX0..PREFIX(N-1); prints a summary
 * sleep|MILLIS                              waits (lets the background reconciler run)
 * every|MILLIS|N|command...                 the command N times, MILLIS apart, "{i}" in it replaced by the round;
 *                                           each line is prefixed with the milliseconds since the first round
 * timed|command...                          the command, then {@code TOOK <milliseconds>} it took
 * say|TEXT                                  prints TEXT (tells a test where the script is)</pre>
 * <pre>
 * jmx-get|ATTRIBUTE                         an attribute of the MBean dev.intentguard:type=Tools (waits up to 30 s for it)
 * jmx-listen                                prints {@code NOTIFICATION <type> <user data>} for each notification of that MBean
 * in-conversation|ID|command...             the command in conversation ID, as an agent framework names it to the agent
 * </pre>
 * At the end: {@code BODY_RUNS <n>}.
 */
public final class HostApp {
    private HostApp() {
    }

    public static void main(String[] args) throws Exception {
        SupportTools tools = new SupportTools();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            if (f[0].equals("await-file")) {
                java.nio.file.Path file = java.nio.file.Path.of(f[1]);
                while (!java.nio.file.Files.exists(file)) {
                    Thread.sleep(10);
                }
                continue;
            }
            if (f[0].equals("jmx-get")) {
                javax.management.MBeanServer server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
                javax.management.ObjectName name = toolsMBean(server);
                try {
                    System.out.println("RESULT jmx-get " + server.getAttribute(name, f[1]));
                } catch (Exception e) {
                    System.out.println("THROWN jmx-get " + e);
                }
                continue;
            }
            if (f[0].equals("jmx-listen")) {
                javax.management.MBeanServer server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
                server.addNotificationListener(toolsMBean(server), (n, handback) -> {
                    System.out.println("NOTIFICATION " + n.getType() + " " + n.getUserData());
                    System.out.flush();
                }, null, null);
                continue;
            }
            if (f[0].equals("in-conversation")) {
                dev.intentguard.bridge.CallerContext previous = dev.intentguard.bridge.CallerContext.enter(null, f[1], null,
                        "test-host");
                try {
                    System.out.println(run(tools, Arrays.copyOfRange(f, 2, f.length)));
                } finally {
                    dev.intentguard.bridge.CallerContext.exit(previous);
                }
                continue;
            }
            if (f[0].equals("sleep")) {
                Thread.sleep(Long.parseLong(f[1]));
                continue;
            }
            if (f[0].equals("many")) {
                int n = Integer.parseInt(f[2]);
                java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
                for (int i = 0; i < n; i++) {
                    String line = run(tools, new String[] {f[1], f[3] + i});
                    String kind = line.contains("\"status\":\"") ? line.replaceAll(".*\"status\":\"([a-z_]+)\".*", "$1")
                            : line.startsWith("RESULT") ? "returned" : "thrown";
                    kinds.merge(kind, 1, Integer::sum);
                }
                System.out.println("MANY " + kinds);
                continue;
            }
            if (f[0].equals("every")) {
                long pause = Long.parseLong(f[1]);
                int n = Integer.parseInt(f[2]);
                long start = System.currentTimeMillis();
                for (int i = 0; i < n; i++) {
                    String[] command = Arrays.copyOfRange(f, 3, f.length);
                    for (int j = 0; j < command.length; j++) {
                        command[j] = command[j].replace("{i}", String.valueOf(i));
                    }
                    System.out.println("AT " + (System.currentTimeMillis() - start) + " " + run(tools, command));
                    System.out.flush();
                    Thread.sleep(pause);
                }
                continue;
            }
            if (f[0].equals("say")) {
                System.out.println(f[1]);
                System.out.flush();
                continue;
            }
            if (f[0].equals("timed")) {
                long start = System.nanoTime();
                String line = run(tools, Arrays.copyOfRange(f, 1, f.length));
                long took = (System.nanoTime() - start) / 1_000_000;
                System.out.println(line);
                System.out.println("TOOK " + took);
                continue;
            }
            if (f[0].equals("storm")) {
                storm(tools, Integer.parseInt(f[1]), Integer.parseInt(f[2]), f[3]);
                continue;
            }
            if (f[0].equals("parallel")) {
                int n = Integer.parseInt(f[1]);
                String[] command = Arrays.copyOfRange(f, 2, f.length);
                CyclicBarrier start = new CyclicBarrier(n);
                List<Thread> threads = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    Thread t = new Thread(() -> {
                        try {
                            start.await();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        System.out.println(run(tools, command));
                    });
                    threads.add(t);
                    t.start();
                }
                for (Thread t : threads) {
                    t.join();
                }
            } else {
                System.out.println(run(tools, f));
            }
        }
        System.out.println("BODY_RUNS " + SupportTools.BODY_RUNS.get());
    }

    /** The agent's MBean, once registered (its init thread registers it; waits up to 30 s). */
    private static javax.management.ObjectName toolsMBean(javax.management.MBeanServer server) throws Exception {
        javax.management.ObjectName name = new javax.management.ObjectName("dev.intentguard:type=Tools");
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!server.isRegistered(name) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return name;
    }

    /** THREADS threads each call every one of INTENTS intents once, in its own order; prints a summary. */
    private static void storm(SupportTools tools, int threads, int intents, String prefix) throws InterruptedException {
        java.util.concurrent.ConcurrentHashMap<String, java.util.concurrent.atomic.AtomicInteger> outcomes =
                new java.util.concurrent.ConcurrentHashMap<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int seed = t;
            Thread w = new Thread(() -> {
                List<Integer> order = new ArrayList<>();
                for (int i = 0; i < intents; i++) {
                    order.add(i);
                }
                java.util.Collections.shuffle(order, new java.util.Random(seed * 7919L + ProcessHandle.current().pid()));
                for (int i : order) {
                    String line = run(tools, new String[] {"refund", prefix + i, "1.00", "EUR", "storm"});
                    String kind = line.contains("\"status\":\"") ? line.replaceAll(".*\"status\":\"([a-z_]+)\".*", "$1")
                            : line.startsWith("RESULT") ? "done" : "thrown";
                    outcomes.computeIfAbsent(kind, k -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
                    if (kind.equals("thrown")) {
                        System.out.println(line);
                    }
                }
            });
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        System.out.println("STORM " + new java.util.TreeMap<>(outcomes));
    }

    private static String run(SupportTools tools, String[] f) {
        try {
            Object value;
            switch (f[0]) {
                case "refund":
                    value = tools.refundOrder(f[1], new BigDecimal(f[2]), f[3], f[4]);
                    break;
                case "typed":
                    value = tools.refundTyped(f[1], new BigDecimal(f[2]));
                    break;
                case "map":
                    value = tools.refundMap(f[1], new BigDecimal(f[2]));
                    break;
                case "cancel":
                    tools.cancelOrder(f[1]);
                    value = "(void)";
                    break;
                case "charge":
                    value = tools.chargeCents(f[1], Integer.parseInt(f[2]));
                    break;
                case "later":
                    value = tools.refundLater(f[1]);
                    break;
                case "email":
                    value = tools.sendEmail(f[1], f[2], f[3]);
                    break;
                case "ticket":
                    value = tools.setTicketStatus(f[1], f[2]);
                    break;
                case "order":
                    value = tools.getOrder(f[1]);
                    break;
                case "unkeyable":
                    value = tools.refundUnkeyable(new Unkeyable(f[1]));
                    break;
                case "touch":
                    value = tools.touch(f[1]);
                    break;
                case "explode":
                    value = tools.explode(f[1]);
                    break;
                case "prop":
                    value = System.getProperty(f[1]);
                    break;
                case "pay":
                    value = new CardPayments().pay(f[1], new BigDecimal(f[2]));
                    break;
                case "audited-pay":
                    value = new AuditedCardPayments().pay(f[1], new BigDecimal(f[2]));
                    break;
                default:
                    throw new IllegalArgumentException("unknown command " + f[0]);
            }
            return "RESULT " + f[0] + " " + value;
        } catch (Throwable t) {
            return "THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage();
        }
    }
}
