package dev.intentguard.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The agent's version, from the build. */
public final class Version {
    private static final String VERSION = read();

    private Version() {
    }

    public static String current() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = Version.class.getResourceAsStream("/intentguard-version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "dev");
        } catch (IOException e) {
            return "dev";
        }
    }
}
