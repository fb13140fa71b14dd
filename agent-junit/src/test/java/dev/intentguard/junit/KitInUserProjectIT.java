package dev.intentguard.junit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kit as a user gets it: the artifacts installed into the local Maven repository, then a throw-away project
 * (src/test/user-project: a refund tool over HttpURLConnection, the README's first test, and the same test pointed
 * at a tool the agent does not guard) built with {@code mvn test} on the build's JDK, 17 (the kit attaches the
 * agent), and on JDK 25 (the agent in Surefire's argLine; on the build's JDK when there is no JDK 25: the jdk25
 * profile). The guarded tests pass; the unguarded one fails, naming the duplicate refund: that failure is the baseline
 * without the agent.
 */
class KitInUserProjectIT {
    private static final Path ROOT = Path.of(System.getProperty("kit.root", "..")).toAbsolutePath().normalize();
    private static final String VERSION = System.getProperty("kit.version");
    private static final Path MAVEN = Path.of(System.getProperty("kit.maven.home", "/usr/share/maven"), "bin", "mvn");
    /** JDK 25 when the build has one (the jdk25 profile); else the argLine run uses the build's own JDK. */
    private static final String JDK25 = System.getProperty("kit.jdk25.home", "");

    @BeforeAll
    static void installTheArtifacts(@TempDir Path work) throws Exception {
        // One Maven run installs what a user resolves, as `mvn install` of this build would: the parent pom, agent-api,
        // the bridge (named by the agent's pom), the agent's jar and its -javaagent jar (classifier javaagent), and
        // intentguard-junit. Into the local repository the build itself uses: Maven 3.8 has no tail repository that
        // would let a temporary one fall back on it for JUnit and the plugins.
        String[][] artifacts = {
                {"pom.xml", "pom.xml", "", "pom"},
                {"agent-api/target/intentguard-agent-api-" + VERSION + ".jar", "agent-api/pom.xml", "", "jar"},
                {"agent-bridge/target/intentguard-agent-bridge-" + VERSION + ".jar", "agent-bridge/pom.xml", "", "jar"},
                {"agent/target/intentguard-agent-" + VERSION + ".jar", "agent/pom.xml", "", "jar"},
                {"agent/target/intentguard-agent.jar", "agent/pom.xml", "javaagent", "jar"},
                {"agent-junit/target/intentguard-junit-" + VERSION + ".jar", "agent-junit/pom.xml", "", "jar"}};
        StringBuilder executions = new StringBuilder();
        for (int i = 0; i < artifacts.length; i++) {
            String[] a = artifacts[i];
            assertTrue(Files.exists(ROOT.resolve(a[0])), "built before this test: " + ROOT.resolve(a[0]));
            executions.append("<execution><id>a").append(i).append("</id><phase>validate</phase><goals><goal>install-file</goal>"
                    + "</goals><configuration><file>").append(ROOT.resolve(a[0])).append("</file><pomFile>")
                    .append(ROOT.resolve(a[1])).append("</pomFile><packaging>").append(a[3]).append("</packaging>")
                    .append(a[2].isEmpty() ? "" : "<classifier>" + a[2] + "</classifier>")
                    .append("</configuration></execution>");
        }
        Files.writeString(work.resolve("pom.xml"), "<project><modelVersion>4.0.0</modelVersion><groupId>kit.it</groupId>"
                + "<artifactId>installer</artifactId><version>1</version><packaging>pom</packaging><build><plugins><plugin>"
                + "<groupId>org.apache.maven.plugins</groupId><artifactId>maven-install-plugin</artifactId>"
                + "<version>3.1.3</version><executions>" + executions + "</executions></plugin></plugins></build></project>");
        Run install = maven(work, Path.of(System.getProperty("java.home")), "validate");
        assertEquals(0, install.status, install.output);
    }

    @Test
    void theKitAttachesTheAgentAndTheUnguardedToolFailsNamingTheDuplicate(@TempDir Path work) throws Exception {
        Path project = userProject(work);
        Run run = maven(project, Path.of(System.getProperty("java.home")), "test");

        assertTrue(run.output.contains("intentguard " + VERSION + " attached"), run.output);
        assertResults(project, run);
    }

    @Test
    void onJdk25TheAgentComesFromSurefiresArgLine(@TempDir Path work) throws Exception {
        Path jdk = JDK25.isBlank() ? Path.of(System.getProperty("java.home")) : Path.of(JDK25);
        assertTrue(Files.isExecutable(jdk.resolve("bin/java")), "no java in " + jdk);
        Path project = userProject(work);
        Run run = maven(project, jdk, "test", "-Pargline");

        assertTrue(run.output.contains("intentguard " + VERSION + " started"), run.output);
        assertResults(project, run);
    }

    private static void assertResults(Path project, Run run) throws IOException {
        assertEquals(1, run.status, "mvn test fails: the unguarded test must\n" + run.output);
        String guarded = report(project, "com.example.RefundSmokeTest");
        assertEquals("4/0/0", counts(guarded), "the guarded tests pass (the fresh store's among them)\n" + guarded);
        String unguarded = report(project, "com.example.UnguardedRefundTest");
        assertEquals("1/1/0", counts(unguarded), "without the agent the test fails\n" + unguarded);
        assertTrue(Pattern.compile("[2-9] effects \\(duplicate effect\\) for intent 8812/49\\.00").matcher(unguarded).find(),
                "the failure names the duplicate refund\n" + unguarded);
        assertTrue(unguarded.contains("Idempotency-Key: (none)"), unguarded);
    }

    private static Path userProject(Path work) throws IOException {
        Path template = ROOT.resolve("agent-junit/src/test/user-project");
        Path project = work.resolve("refund-service");
        try (Stream<Path> files = Files.walk(template)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = project.resolve(template.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.writeString(target, Files.readString(f)
                            .replace("@INTENTGUARD_VERSION@", VERSION)
                            .replace("@JUNIT_VERSION@", System.getProperty("kit.junit.version")));
                }
            }
        }
        return project;
    }

    /** "tests/failures/errors" of a Surefire XML report. */
    private static String counts(String report) {
        Matcher m = Pattern.compile("<testsuite[^>]*").matcher(report);
        assertTrue(m.find(), report);
        String head = m.group();
        return attr(head, "tests") + "/" + attr(head, "failures") + "/" + attr(head, "errors");
    }

    private static String attr(String tag, String name) {
        Matcher m = Pattern.compile("\\s" + name + "=\"(\\d+)\"").matcher(tag);
        return m.find() ? m.group(1) : "?";
    }

    private static String report(Path project, String testClass) throws IOException {
        Path report = project.resolve("target/surefire-reports/TEST-" + testClass + ".xml");
        assertTrue(Files.exists(report), "no report " + report);
        return Files.readString(report);
    }

    private static final class Run {
        final int status;
        final String output;

        Run(int status, String output) {
            this.status = status;
            this.output = output;
        }
    }

    private static Run maven(Path dir, Path javaHome, String... goals) throws Exception {
        List<String> command = new ArrayList<>(List.of(MAVEN.toString(), "-B", "-Dstyle.color=never"));
        String repo = System.getProperty("kit.repo.local");
        if (repo != null && !repo.isBlank()) {
            command.add("-Dmaven.repo.local=" + repo);
        }
        command.addAll(List.of(goals));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().remove("MAVEN_OPTS");
        Path log = dir.resolve("mvn.log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("mvn " + String.join(" ", goals) + " took over 5 minutes\n" + Files.readString(log));
        }
        return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
