package dev.intentguard.agent.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Who uses a store file, told by operating-system file locks on a sidecar {@code <store>.lock} (released by the
 * kernel when a process dies, however it dies) and by the list of users written in it.
 * <ul>
 *   <li>The opening gate (lock on byte 0) is held while a process opens or closes the store, so these never
 *       overlap and the list below is read and written by one process at a time.</li>
 *   <li>Membership (lock on byte 1) is held shared by every process that has the store open. A process that can
 *       take it exclusively while opening is alone: no live process uses the file.</li>
 *   <li>The file's content lists {@code pid start} of each process that opened the store and has not closed it.
 *       A process that is alone and still finds entries there knows that those processes ended without closing
 *       the store (a crash, kill -9): evidence that recovery is needed.</li>
 * </ul>
 */
final class StoreMembership implements AutoCloseable {
    private static final long GATE = 0;
    private static final long MEMBERS = 1;

    private final FileChannel channel;
    private FileLock gate;
    private FileLock membership;
    private final boolean alone;
    private final List<String> leftOpen;

    private StoreMembership(FileChannel channel, FileLock gate, boolean alone, List<String> leftOpen) {
        this.channel = channel;
        this.gate = gate;
        this.alone = alone;
        this.leftOpen = leftOpen;
    }

    /** Waits for the opening gate, then tells whether other live processes have the store open. */
    static StoreMembership enter(Path store) throws IOException {
        Path lockFile = store.resolveSibling(store.getFileName() + ".lock");
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        OwnerOnlyFiles.restrict(lockFile);      // it lists the pids of the processes that have the store open
        try {
            FileLock gate = channel.lock(GATE, 1, false);
            FileLock probe = channel.tryLock(MEMBERS, 1, false);
            boolean alone = probe != null;
            if (probe != null) {
                probe.release();
            }
            List<String> listed = read(channel);
            List<String> leftOpen = new ArrayList<>();
            for (String entry : listed) {
                String[] f = entry.split(" ");
                if (alone || f.length != 2 || !ProcessOwner.isAlive(Long.parseLong(f[0]), Long.parseLong(f[1]))) {
                    leftOpen.add(entry);
                }
            }
            return new StoreMembership(channel, gate, alone, leftOpen);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** {@code true} if no other live process had the store open when this one started opening it. */
    boolean alone() {
        return alone;
    }

    /** Processes ({@code pid start}) that had the store open and ended without closing it. */
    List<String> leftOpen() {
        return leftOpen;
    }

    /** The store is open: list this process, become a member, and let the next process in. */
    void opened() throws IOException {
        List<String> users = new ArrayList<>(read(channel));
        users.removeAll(leftOpen);
        users.add(self());
        write(channel, users);
        membership = channel.lock(MEMBERS, 1, true);
        gate.release();
        gate = null;
    }

    @Override
    public void close() {
        try {
            if (membership != null) {
                if (gate == null) {
                    gate = channel.lock(GATE, 1, false);
                }
                List<String> users = new ArrayList<>(read(channel));
                users.remove(self());
                write(channel, users);
                membership.release();
            }
            if (gate != null) {
                gate.release();
            }
            channel.close();
        } catch (IOException ignored) {
            // the kernel releases the locks with the descriptor anyway
        }
    }

    private static String self() {
        ProcessOwner me = ProcessOwner.self();
        return me.pid() + " " + me.startMillis();
    }

    private static List<String> read(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 1 << 16));
        channel.read(buffer, 0);
        List<String> out = new ArrayList<>();
        for (String line : new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).split("\n")) {
            if (!line.isBlank()) {
                out.add(line.trim());
            }
        }
        return out;
    }

    private static void write(FileChannel channel, List<String> users) throws IOException {
        byte[] bytes = (String.join("\n", users) + (users.isEmpty() ? "" : "\n")).getBytes(StandardCharsets.US_ASCII);
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(bytes), 0);
        channel.force(false);
    }
}
