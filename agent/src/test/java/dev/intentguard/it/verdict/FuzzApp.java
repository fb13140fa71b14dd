package dev.intentguard.it.verdict;

/**
 * The host of the randomized verdict test. Each argument is one call {@code INTENT|PLAN} of {@link FuzzTools#step};
 * after each, the host asks the provider how many effects the intent has so far and prints
 * {@code CALL <n> <intent> <answer> effects=<count>}, where the answer is the status the agent answered (the JSON's
 * {@code status}), or {@code result} / {@code thrown} when the caller got the body's own outcome.
 */
public final class FuzzApp {
    private FuzzApp() {
    }

    public static void main(String[] args) throws Exception {
        FuzzTools tools = new FuzzTools();
        int n = 0;
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            String answer;
            try {
                String result = tools.step(f[0], f[1]);
                answer = result.startsWith("{\"status\":\"") ? result.substring(11, result.indexOf('"', 11)) : "result";
            } catch (Exception e) {
                answer = "thrown";
            }
            if (f[1].charAt(0) == 'F') {
                FuzzTools.awaitFired();                   // the forgotten send lands (or not) before anyone looks
            }
            System.out.println("CALL " + (n++) + " " + f[0] + " " + answer + " effects=" + FuzzTools.effects(f[0]));
            System.out.flush();
        }
        System.out.println("DONE");
        System.exit(0);
    }
}
