package dev.intentguard.agent.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line's answers to help and to arguments it does not know (exit status and where the text goes). */
class CliTest {
    private record Ran(int status, String out, String err) {
    }

    private static Ran run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int status = Cli.run(args);
            return new Ran(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void everyCommandAnswersHelpWithItsUsageOnStandardOutputAndStatusZero() {
        for (String command : List.of("check", "intents", "resolve", "attach", "report", "disable", "enable", "accept-loss",
                "version")) {
            for (String help : List.of("--help", "-h")) {
                Ran r = run(command, help);
                assertEquals(0, r.status, command + " " + help + ": " + r);
                assertTrue(r.out.startsWith("usage: " + command), command + " " + help + ": " + r.out);
                assertEquals("", r.err, command + " " + help);
            }
        }
    }

    @Test
    void anArgumentACommandDoesNotKnowIsOneLineAndStatusTwo() {
        Ran report = run("report", "--store", "x.dat", "--bogus");
        assertEquals(2, report.status, report.toString());
        assertTrue(report.err.startsWith("unexpected argument \"--bogus\""), report.err);
        assertTrue(report.err.contains("usage: report"), report.err);

        Ran check = run("check", "a.yaml", "b.yaml");
        assertEquals(2, check.status, check.toString());
        assertTrue(check.err.startsWith("unexpected argument \"b.yaml\""), check.err);

        Ran unknown = run("frobnicate");
        assertEquals(2, unknown.status, unknown.toString());
        assertTrue(unknown.err.startsWith("unknown command \"frobnicate\""), unknown.err);
    }

    @Test
    void helpAloneListsTheCommands() {
        Ran help = run("--help");
        assertEquals(0, help.status);
        assertTrue(help.out.startsWith("usage: java -jar intentguard-agent.jar <command>"), help.out);
        assertEquals(2, run().status, "no command at all is a usage error");
    }
}
