import java.io.*; import java.lang.invoke.*; import java.net.*; import java.nio.file.*; import java.util.*; import java.util.zip.*;
public class Harness {
    public static void main(String[] a) throws Throwable {
        List<byte[]> files = new ArrayList<>(); List<String> names = new ArrayList<>();
        for (String jar : a[0].split(":")) try (ZipFile z = new ZipFile(jar)) {
            for (Enumeration<? extends ZipEntry> e = z.entries(); e.hasMoreElements();) { ZipEntry x = e.nextElement();
                if (x.getName().endsWith(".class") && !x.getName().contains("module-info")) { files.add(z.getInputStream(x).readAllBytes()); names.add(x.getName().substring(0, x.getName().length()-6)); } } }
        System.out.println(files.size() + " classes");
        Set<String> ann = Set.of("dev.intentguard.api.SideEffect", "dev.intentguard.api.Idempotent", "org.springframework.ai.tool.annotation.Tool", "dev.langchain4j.agent.tool.Tool");
        Set<String> types = Set.of("dev.intentguard.bench.springai.RefundSupportApp$RefundTools"); Set<String> methods = Set.of("refundOrder");
        MethodHandle[] mh = new MethodHandle[2]; Object[] f = new Object[2];
        for (int i = 0; i < 2; i++) {
            ClassLoader l = new URLClassLoader(new URL[] {Path.of(i == 0 ? "old/cls" : "new/cls").toUri().toURL()}, null);
            Class<?> c = l.loadClass("dev.intentguard.agent.tool.bind.ClassFilePrefilter");
            f[i] = c.getConstructor(Set.class, Set.class, Set.class).newInstance(ann, types, methods);
            mh[i] = i == 0 ? MethodHandles.lookup().findVirtual(c, "mayDeclareTool", MethodType.methodType(boolean.class, ClassLoader.class, byte[].class))
                           : MethodHandles.lookup().findVirtual(c, "mayDeclareTool", MethodType.methodType(boolean.class, ClassLoader.class, String.class, byte[].class));
        }
        ClassLoader loader = Harness.class.getClassLoader();
        int cand0 = 0, cand1 = 0;
        for (int i = 0; i < files.size(); i++) { if ((boolean) mh[0].invoke(f[0], loader, files.get(i))) cand0++; if ((boolean) mh[1].invoke(f[1], loader, names.get(i), files.get(i))) cand1++; }
        System.out.println("candidates old " + cand0 + " new " + cand1);
        // first pass cold (as at start-up: mostly interpreted) then warm passes
        for (int round = 0; round < 12; round++) {
            for (int v = (round % 2); v < 2 && v >= 0; v = (v == round % 2) ? 1 - v : -1) {
                long t0 = System.nanoTime(); int c = 0;
                for (int i = 0; i < files.size(); i++) { boolean r = v == 0 ? (boolean) mh[0].invoke(f[0], loader, files.get(i)) : (boolean) mh[1].invoke(f[1], loader, names.get(i), files.get(i)); if (r) c++; }
                System.out.printf("round %d %s %.0f ns/class%n", round, v == 0 ? "old" : "new", (System.nanoTime() - t0) / (double) files.size());
            }
        }
    }
}
