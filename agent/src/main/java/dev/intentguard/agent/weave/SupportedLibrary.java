package dev.intentguard.agent.weave;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.Manifest;

/**
 * The versions of one library a plugin is built and tested for ({@code oldest} and {@code newest} both run in the
 * forked tests). The version an application loader holds is read from the jar that holds one of the library's classes
 * ({@code marker}): its Maven metadata, else its manifest ({@code Implementation-Version}, {@code Bundle-Version}:
 * Gradle-built jars such as Reactor Netty's have no Maven metadata); a
 * version outside the range leaves the plugin off for that loader (one INFO line); a jar without that metadata (a
 * shaded copy) is instrumented, since each advice checks the shape it needs when it is woven and is linked on first
 * call, and failing advice is switched off with a WARN that names it.
 */
public final class SupportedLibrary {
    private final String title;
    private final String group;
    private final String artifact;
    private final String oldest;
    private final String newest;
    private final String marker;

    /** @param marker a class of the library, e.g. {@code org.apache.http.impl.client.InternalHttpClient} */
    public SupportedLibrary(String title, String group, String artifact, String oldest, String newest, String marker) {
        this.title = title;
        this.group = group;
        this.artifact = artifact;
        this.oldest = oldest;
        this.newest = newest;
        this.marker = marker.replace('.', '/') + ".class";
    }

    /** The version {@code loader} holds, or {@code null} when it has none of the library or its jar does not say. */
    public String versionIn(ClassLoader loader) {
        if (loader == null) {
            return null;
        }
        try {
            URL classFile = loader.getResource(marker);
            if (classFile == null) {
                return null;
            }
            String url = classFile.toString();
            if (!url.startsWith("jar:") || url.indexOf("!/") < 0) {
                return null;                             // a directory of classes: no version to read
            }
            String jar = url.substring(0, url.indexOf("!/") + 2);
            Properties pom = read(new URL(jar + "META-INF/maven/" + group + "/" + artifact + "/pom.properties"));
            if (pom != null && pom.getProperty("version") != null) {
                return pom.getProperty("version");
            }
            try (InputStream in = open(new URL(jar + "META-INF/MANIFEST.MF"))) {
                if (in == null) {
                    return null;
                }
                Attributes main = new Manifest(in).getMainAttributes();
                String v = main.getValue("Implementation-Version");
                return v != null ? v : main.getValue("Bundle-Version");
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Properties read(URL url) throws IOException {
        try (InputStream in = open(url)) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p;
        }
    }

    /** The entry's stream, or {@code null} when the jar has no such entry; jar caching off (nothing left open). */
    private static InputStream open(URL url) throws IOException {
        try {
            URLConnection c = url.openConnection();
            c.setUseCaches(false);
            return c.getInputStream();
        } catch (java.io.FileNotFoundException e) {
            return null;
        }
    }

    /** Whether {@code version} lies in the range; later patch releases of the newest minor version count as in it. */
    public boolean supports(String version) {
        return compare(version, oldest) >= 0 && compare(newestMinor(version), newestMinor(newest)) <= 0;
    }

    private static String newestMinor(String version) {
        String[] parts = version.split("[.-]");
        return parts.length >= 2 ? parts[0] + "." + parts[1] : version;
    }

    /** Numeric, part by part ({@code 4.5.14 > 4.5.2}); a qualifier ({@code -beta}) counts as nothing. */
    static int compare(String a, String b) {
        String[] x = a.split("[.-]");
        String[] y = b.split("[.-]");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Integer.compare(number(x, i), number(y, i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int number(String[] parts, int i) {
        if (i >= parts.length) {
            return 0;
        }
        try {
            return Integer.parseInt(parts[i]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** {@code Apache HttpClient 4.3.6 to 4.5.x}. */
    public String describe() {
        return title + " " + oldest + " to " + newestMinor(newest) + ".x";
    }

    public String title() {
        return title;
    }

    /** The oldest version tested, which is the oldest supported. */
    public String oldest() {
        return oldest;
    }

    /** The newest version tested (later patch releases of its minor version are supported too). */
    public String newest() {
        return newest;
    }

    /** {@code group:artifact:version}: how Maven names the library at {@code version} (the forked tests resolve it). */
    public String coordinates(String version) {
        return group + ":" + artifact + ":" + version;
    }
}
