package dev.intentguard.bench.startup;

import dev.intentguard.bench.BenchPaths;
import dev.intentguard.bench.app.BenchTools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One launch configuration of the child application, and what one launch printed. */
final class ChildJvm {
    private static final Pattern STARTED = Pattern.compile("intentguard \\S+ started in (\\d+) ms");
    private static final Pattern READY = Pattern.compile("intentguard ready (\\d+) ms after premain");

    /** The {@code java} of the children: {@code -Dintentguard.bench.java}, else the JVM running this code. */
    static String javaBinary() {
        String configured = System.getProperty("intentguard.bench.java");
        return configured != null ? configured : Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Writes a config with the store in {@code dir} and the bench tool listed or not. */
    static Path writeConfig(Path dir, boolean withTool) throws IOException {
        Path config = dir.resolve("intentguard.yaml");
        StringBuilder text = new StringBuilder()
                .append("store:\n  path: ").append(dir.resolve("store").resolve("intents.dat")).append('\n');
        if (withTool) {
            text.append("tools:\n")
                    .append("  - name: ").append(BenchTools.TOOL).append('\n')
                    .append("    method: ").append(BenchTools.METHOD).append('\n')
                    .append("    effect: side_effect\n")
                    .append("    key: [orderId, amount]\n");
        }
        Files.writeString(config, text, StandardCharsets.UTF_8);
        return config;
    }

    /** The command line: java [-javaagent:...=config=...] [extra] -cp startup-app.jar main args. */
    static List<String> command(Path config, List<String> extraOptions, String mainClass, String... args) {
        return command(config == null ? null : "-javaagent:" + BenchPaths.agentJar() + "=config=" + config,
                extraOptions, mainClass, args);
    }

    /** The command line with the given -javaagent option (or none). */
    static List<String> command(String agentOption, List<String> extraOptions, String mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        if (agentOption != null) {
            cmd.add(agentOption);
        }
        cmd.addAll(extraOptions);
        cmd.add("-cp");
        cmd.add(BenchPaths.startupAppJar().toString());
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** What a finished launch printed. */
    static final class Output {
        long mainAtNanos = -1;
        long premainMs = -1;
        long readyMs = -1;

        static Output read(Path stdout, Path stderr) throws IOException {
            Output o = new Output();
            for (String line : Files.readAllLines(stdout, StandardCharsets.UTF_8)) {
                if (line.startsWith("main-at ")) {
                    o.mainAtNanos = Long.parseLong(line.substring("main-at ".length()).trim());
                }
            }
            String err = Files.readString(stderr, StandardCharsets.UTF_8);
            Matcher m = STARTED.matcher(err);
            if (m.find()) {
                o.premainMs = Long.parseLong(m.group(1));
            }
            m = READY.matcher(err);
            if (m.find()) {
                o.readyMs = Long.parseLong(m.group(1));
            }
            return o;
        }
    }
}
