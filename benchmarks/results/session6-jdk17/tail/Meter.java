import java.util.*;
public class Meter {
    public static void main(String[] a) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(a[0]) * 1000;
        List<long[]> stalls = new ArrayList<>();
        long worst = 0; int late1 = 0;
        while (System.currentTimeMillis() < end) {
            long t0 = System.nanoTime();
            Thread.sleep(1);
            long late = System.nanoTime() - t0 - 1_000_000;
            if (late > 1_000_000) late1++;
            if (late > 5_000_000) stalls.add(new long[] {System.currentTimeMillis(), late / 1000});
            worst = Math.max(worst, late);
        }
        System.out.println("late>1ms " + late1 + " worst " + worst / 1000 + " us");
        stalls.sort((x, y) -> Long.compare(y[1], x[1]));
        for (int i = 0; i < Math.min(25, stalls.size()); i++) System.out.println("stall at " + stalls.get(i)[0] + " " + stalls.get(i)[1] + " us");
    }
}
