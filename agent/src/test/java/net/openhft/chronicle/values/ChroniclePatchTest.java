package net.openhft.chronicle.values;

import net.openhft.chronicle.hash.VanillaGlobalMutableState;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The Chronicle classes the agent ships in place of the library's (src/main/chronicle-patch) still match the library
 * they stand in for: the patch was made from one ValueModel, and the pre-generated class is what Chronicle generates.
 * When a Chronicle upgrade changes either, this fails and says what to redo (docs/architecture.md, "Intent store").
 * In this package to reach Chronicle's package-private generator.
 */
class ChroniclePatchTest {
    /** chronicle-values' own ValueModel.class, the one the patch was made from (chronicle-values 2026.2). */
    private static final String PATCHED_FROM_VERSION = "2026.2";
    private static final String PATCHED_FROM_SHA256 = "157f02f15f3e160c12f14b1d0b8922d974ad1e80a6cf8b58e903b01b1997e18a";

    @Test
    void theLibrarysValueModelIsTheOneThePatchWasMadeFrom() throws Exception {
        Path jar = Path.of(Values.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (JarFile library = new JarFile(jar.toFile())) {
            String version = library.getManifest() == null ? null
                    : library.getManifest().getMainAttributes().getValue("Implementation-Version");
            try (InputStream in = library.getInputStream(library.getEntry("net/openhft/chronicle/values/ValueModel.class"))) {
                assertEquals(PATCHED_FROM_SHA256, sha256(in.readAllBytes()), "chronicle-values' ValueModel is not the one "
                        + "src/main/chronicle-patch/net/openhft/chronicle/values/ValueModel.java was patched from ("
                        + PATCHED_FROM_VERSION + "; the class path has " + jar.getFileName() + ", " + version + "): apply "
                        + "the patch (its header says what it changes) to that version's source, then update this hash");
            }
        }
    }

    @Test
    void theShippedNativeClassIsWhatChronicleGeneratesForIt() throws IOException, URISyntaxException {
        String generated = Generators.generateNativeClass(ValueModel.acquire(VanillaGlobalMutableState.class),
                "VanillaGlobalMutableState$$Native");
        Path shipped = Path.of("src/main/chronicle-patch/net/openhft/chronicle/hash/VanillaGlobalMutableState$$Native.java");
        String code = Files.readAllLines(shipped, StandardCharsets.UTF_8).stream()
                .dropWhile(line -> line.startsWith("//"))                    // the header saying where it comes from
                .collect(Collectors.joining("\n", "", "\n"));
        assertNotNull(generated);
        assertEquals(generated.strip(), code.strip(), shipped + " is not what this Chronicle version generates for "
                + "VanillaGlobalMutableState: regenerate it (run a map creation with -Dchronicle.values.dumpCode=true) and keep "
                + "the header");
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
