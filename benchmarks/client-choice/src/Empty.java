/** The JVM's own start, for scale. */
public class Empty {
    public static void main(String[] a) {
        System.out.println(System.currentTimeMillis() - Long.parseLong(a[0]));
    }
}
