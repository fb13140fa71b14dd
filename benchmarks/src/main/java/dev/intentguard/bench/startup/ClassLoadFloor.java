package dev.intentguard.bench.startup;

import java.io.File;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * What a class file transformer costs per class, measured where the class loads rather than over a whole start-up: a
 * child JVM loads (without initializing) three fixed lists of classes, timing each: the JDK's CDS-archived classes
 * ({@code lib/classlist}), other JDK classes (read from the runtime image), and the classes of the given jars through
 * a {@code URLClassLoader} (an application's). The children run with no agent, with each {@code -javaagent} given, in
 * rounds of shuffled order; the report is the per-class difference to no agent, paired by round (the median of the
 * rounds' differences, with an order-statistics 95% interval).
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.intentguard.bench.startup.ClassLoadFloor ROUNDS JARS NAME=OPTIONS...},
 * JARS a {@code :}-separated list of library jars (the "application"), each OPTIONS the JVM options of one row
 * (space-separated, absolute paths), e.g. {@code transformer=-javaagent:/abs/transformer-only-agent.jar}.
 */
public final class ClassLoadFloor {
    private static final String[] GROUPS = {"cds", "jdk", "app"};

    private ClassLoadFloor() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: ClassLoadFloor ROUNDS JAR[:JAR...] NAME=JVM-OPTIONS...");
            System.exit(2);
        }
        int rounds = Integer.parseInt(args[0]);
        String jars = args[1];
        Map<String, List<String>> configs = new LinkedHashMap<>();
        configs.put("none", List.of());
        for (int i = 2; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            configs.put(args[i].substring(0, eq), Arrays.asList(args[i].substring(eq + 1).trim().split("\\s+")));
        }
        Path work = Files.createTempDirectory("class-load-floor-");
        Map<String, Map<String, List<Double>>> ms = new LinkedHashMap<>();
        long[] n = new long[GROUPS.length];                    // what the JVM loaded without an agent, per group
        List<String> order = new ArrayList<>(configs.keySet());
        Random shuffle = new Random(11);
        for (int r = -1; r < rounds; r++) {                    // round -1 warms the page cache, not counted
            Collections.shuffle(order, shuffle);
            for (String name : order) {
                List<String> cmd = new ArrayList<>();
                cmd.add(ChildJvm.javaBinary());
                cmd.addAll(configs.get(name));
                cmd.add("-cp");
                cmd.add(ClassLoadFloor.class.getProtectionDomain().getCodeSource().getLocation().getPath());
                cmd.add(Child.class.getName());
                cmd.add(jars);
                Path out = work.resolve("out.txt");
                Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectOutput(out.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                if (p.waitFor() != 0) {
                    throw new IllegalStateException(name + " exited " + p.exitValue() + ": " + cmd);
                }
                if (r < 0) {
                    continue;
                }
                for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                    String[] f = line.split(" ");      // group classes nanos
                    if (f.length == 3) {
                        ms.computeIfAbsent(name, k -> new LinkedHashMap<>()).computeIfAbsent(f[0], k -> new ArrayList<>())
                                .add(Long.parseLong(f[2]) / 1e6);
                        if (name.equals("none")) {
                            n[Arrays.asList(GROUPS).indexOf(f[0])] = Long.parseLong(f[1]);
                        }
                    }
                }
            }
            System.err.println("round " + (r + 1) + " of " + rounds + " done");
        }
        System.out.printf("rounds %d, jars %s, JVM %s%n", rounds, jars, System.getProperty("java.version"));
        System.out.printf("classes loaded per group: cds %d, jdk %d, app %d%n", n[0], n[1], n[2]);
        for (String group : GROUPS) {
            List<Double> base = ms.get("none").get(group);
            System.out.printf("%n%s: no agent median %.1f ms%n", group, MedianInterval.of(base).median);
            for (String name : configs.keySet()) {
                if (name.equals("none")) {
                    continue;
                }
                List<Double> mine = ms.get(name).get(group);
                double[] d = new double[mine.size()];
                for (int i = 0; i < d.length; i++) {
                    d[i] = mine.get(i) - base.get(i);
                }
                MedianInterval m = MedianInterval.of(d);
                long classes = n[Arrays.asList(GROUPS).indexOf(group)];
                System.out.printf("  %-14s %+.1f ms [%+.1f, %+.1f] paired = %+.2f us per class [%+.2f, %+.2f] (%d classes)%n",
                        name, m.median, m.low, m.high, 1000 * m.median / classes, 1000 * m.low / classes,
                        1000 * m.high / classes, classes);
            }
        }
    }

    /** The child: loads the three lists, printing "group classes nanos" for each. */
    public static final class Child {
        private Child() {
        }

        public static void main(String[] args) throws Exception {
            // The lists are made before any timing, and the same in every child whatever its agent.
            List<String> cds = new ArrayList<>();
            Path classlist = Path.of(System.getProperty("java.home"), "lib", "classlist");
            for (String line : Files.readAllLines(classlist, StandardCharsets.UTF_8)) {
                if (!line.isEmpty() && !line.startsWith("#") && !line.startsWith("@") && !line.contains(" ")) {
                    cds.add(line.replace('/', '.'));
                }
            }
            Set<String> inClasslist = new TreeSet<>(cds);
            List<String> jdk = new ArrayList<>();
            FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
            for (String module : new String[] {"java.desktop", "java.sql", "java.xml", "java.management"}) {
                try (Stream<Path> files = Files.walk(jrt.getPath("/modules", module))) {
                    files.map(Path::toString).filter(f -> f.endsWith(".class"))
                            .map(f -> f.substring(("/modules/" + module + "/").length()))
                            .filter(f -> !f.equals("module-info.class"))
                            .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
                            .filter(c -> !inClasslist.contains(c))
                            .sorted().forEach(jdk::add);
                }
            }
            List<URL> urls = new ArrayList<>();
            List<String> app = new ArrayList<>();
            for (String jar : args[0].split(File.pathSeparator)) {
                urls.add(new File(jar).toURI().toURL());
                try (JarFile f = new JarFile(jar)) {
                    for (JarEntry e : Collections.list(f.entries())) {
                        String n = e.getName();
                        if (n.endsWith(".class") && !n.contains("-") && !n.startsWith("META-INF/")) {
                            app.add(n.substring(0, n.length() - ".class".length()).replace('/', '.'));
                        }
                    }
                }
            }
            ClassLoader system = ClassLoader.getSystemClassLoader();
            URLClassLoader appLoader = new URLClassLoader(urls.toArray(new URL[0]), system);
            print("cds", load(cds, null));
            print("jdk", load(jdk, null));
            print("app", load(app, appLoader));
        }

        /** Loads the classes of {@code names} not loaded yet: how many the JVM loaded (its own count), and the time. */
        private static long[] load(List<String> names, ClassLoader loader) {
            ClassLoadingMXBean count = ManagementFactory.getClassLoadingMXBean();
            long before = count.getTotalLoadedClassCount();
            long start = System.nanoTime();
            for (String name : names) {
                try {
                    Class.forName(name, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    // the same in every child: a class whose dependencies are not on the path
                }
            }
            long nanos = System.nanoTime() - start;
            return new long[] {count.getTotalLoadedClassCount() - before, nanos};
        }

        private static void print(String group, long[] result) {
            System.out.println(group + " " + result[0] + " " + result[1]);
        }
    }
}
