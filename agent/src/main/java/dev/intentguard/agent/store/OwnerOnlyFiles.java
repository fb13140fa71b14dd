package dev.intentguard.agent.store;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * The files the agent writes hold what tools returned (refund ids, addresses, amounts: the store's first results) and
 * each call's intent key and timeline (the journal): readable by the JVM's user only ({@code rw-------}), and the
 * folders the agent creates for them {@code rwx------}, whatever the process umask. A folder that was already there is
 * the application's and keeps its permissions. On a file system without POSIX permissions nothing is changed.
 */
public final class OwnerOnlyFiles {
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");

    private OwnerOnlyFiles() {
    }

    /** Creates {@code folder} and its missing parents, each of those made owner-only. */
    public static void createFolders(Path folder) throws IOException {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path p = folder.toAbsolutePath(); p != null && !Files.exists(p); p = p.getParent()) {
            missing.push(p);
        }
        Files.createDirectories(folder);
        for (Path created : missing) {
            restrict(created, FOLDER);
        }
    }

    /** Makes an existing file owner-only (the agent's own files: the store, its lock, the journal). */
    public static void restrict(Path file) {
        restrict(file, FILE);
    }

    /**
     * Best effort: a file another user owns (a store an older agent made, opened by an operator's command) cannot be
     * changed, and that must not keep the store from opening.
     */
    private static void restrict(Path path, Set<PosixFilePermission> permissions) {
        try {
            if (POSIX && Files.exists(path) && !Files.getPosixFilePermissions(path).equals(permissions)) {
                Files.setPosixFilePermissions(path, permissions);
            }
        } catch (IOException | SecurityException | UnsupportedOperationException notOurs) {
            // left as it is
        }
    }
}
