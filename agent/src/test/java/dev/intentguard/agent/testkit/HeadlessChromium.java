package dev.intentguard.agent.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Opens a local HTML file in headless Chromium ({@code /usr/bin/chromium}, Debian's package; CI installs it) the way a
 * person's browser would, with no network: the DOM after the page's scripts ran, what the page printed on the console
 * (every console line, whatever its level: Chromium logs them all as {@code INFO:CONSOLE}), and a screenshot.
 */
public final class HeadlessChromium {
    public static final Path BINARY = Path.of(System.getProperty("intentguard.it.chromium", "/usr/bin/chromium"));
    private static final Pattern CONSOLE = Pattern.compile(":CONSOLE[:(][^\\]]*\\] \"(.*)\", source: .*");

    /** What the page showed. */
    public static final class Page {
        public final String dom;
        /** The messages of the page's console, in order (errors, warnings and logs alike). */
        public final List<String> console;
        public final String log;

        Page(String dom, List<String> console, String log) {
            this.dom = dom;
            this.console = console;
            this.log = log;
        }
    }

    private HeadlessChromium() {
    }

    /** Whether Chromium is installed; tests that need it fail with the install command when it is not. */
    public static String missing() {
        return Files.isExecutable(BINARY) ? null
                : BINARY + " is missing: install Debian's chromium (apt-get install -y chromium; .ci/run does)";
    }

    /** Loads {@code html}, returns its DOM and console; if {@code screenshot} is not null, saves one there. */
    public static Page open(Path html, Path screenshot, Path scratch) throws IOException, InterruptedException {
        Files.createDirectories(scratch);
        List<String> dumpArgs = new ArrayList<>(List.of("--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000",
                "--dump-dom", html.toUri().toString()));
        Run dump = run(dumpArgs, scratch, "dom");
        List<String> console = new ArrayList<>();
        for (String line : dump.stderr.split("\n")) {
            Matcher m = CONSOLE.matcher(line);
            if (m.find()) {
                console.add(m.group(1));
            }
        }
        if (screenshot != null) {
            Files.createDirectories(screenshot.toAbsolutePath().getParent());
            Files.deleteIfExists(screenshot);
            run(List.of("--hide-scrollbars", "--window-size=1280,1600", "--virtual-time-budget=5000",
                    "--screenshot=" + screenshot.toAbsolutePath(), html.toUri().toString()), scratch, "shot");
            if (!Files.exists(screenshot)) {
                throw new AssertionError("Chromium wrote no screenshot " + screenshot);
            }
        }
        return new Page(dump.stdout, console, dump.stderr);
    }

    private static final class Run {
        final String stdout;
        final String stderr;

        Run(String stdout, String stderr) {
            this.stdout = stdout;
            this.stderr = stderr;
        }
    }

    private static Run run(List<String> extra, Path scratch, String name) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(scratch, "profile-" + name);
        List<String> cmd = new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-default-apps", "--user-data-dir=" + profile));
        cmd.addAll(extra);
        Path out = scratch.resolve(name + "-stdout.txt");
        Path err = scratch.resolve(name + "-stderr.txt");
        Process p = new ProcessBuilder(cmd).directory(scratch.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("Chromium did not finish in 120 s: " + cmd + "\n" + Files.readString(err));
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new AssertionError("Chromium exited " + p.exitValue() + ": " + cmd + "\n" + stderr);
        }
        return new Run(stdout, stderr);
    }

    /** Attribute {@code name} of the {@code <html>} element in a dumped DOM, or {@code null}. */
    public static String rootAttribute(String dom, String name) {
        Matcher m = Pattern.compile("<html[^>]*\\s" + Pattern.quote(name) + "=\"([^\"]*)\"").matcher(dom);
        return m.find() ? m.group(1) : null;
    }

    /** How often {@code needle} occurs in {@code text}. */
    public static int count(String text, String needle) {
        return text.split(Pattern.quote(needle), -1).length - 1;
    }

    static String lines(List<String> l) {
        return l.stream().collect(Collectors.joining("\n"));
    }
}
