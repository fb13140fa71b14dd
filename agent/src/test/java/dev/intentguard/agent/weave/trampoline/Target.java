package dev.intentguard.agent.weave.trampoline;

import java.io.IOException;
import java.util.function.Function;

/**
 * Methods of every shape a tool may have, for {@code StartTrampolineTest}; {@link #apply} has a bridge
 * ({@code apply(Object)}) that javac adds for the generic interface.
 */
public class Target implements Function<String, String> {
    /** The annotation that makes {@link #sum} a tool in the test (class retention, as many frameworks' are not). */
    public @interface Marked {
    }

    private final String prefix;

    public Target(String prefix) {
        this.prefix = prefix;
    }

    public String refund(String order, double amount) {
        return prefix + order + ":" + amount;
    }

    @Marked
    public static long sum(int a, long b, boolean c, char d, float e, short f, byte g, double h) {
        return a + b + (c ? 1 : 0) + d + (long) e + f + g + (long) h;
    }

    public void touch(int[] counter) {
        counter[0]++;
    }

    /** Its first instruction is a loop's head: the class file has a frame there already. */
    public int countDown(int x) {
        do {
            x--;
        } while (x > 0);
        return x;
    }

    public String[] pair(String a) {
        return new String[] {prefix, a};
    }

    public String untouched() {
        return prefix;
    }

    public static String join(String... parts) {
        return String.join(",", parts);
    }

    public String fails() throws IOException {
        throw new IOException("boom " + prefix);
    }

    @Override
    public String apply(String s) {
        return prefix + s;
    }
}
