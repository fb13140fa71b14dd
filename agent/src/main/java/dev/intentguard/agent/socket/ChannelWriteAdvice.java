package dev.intentguard.agent.socket;

import dev.intentguard.bridge.NetworkWrites;
import net.bytebuddy.asm.Advice;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Woven into {@code SocketChannelImpl}'s writes; each returns, or is, the number of bytes written. A channel to a
 * Unix domain socket has no network peer and is left out.
 */
final class ChannelWriteAdvice {
    private ChannelWriteAdvice() {
    }

    /** {@code int write(ByteBuffer)}. */
    static final class One {
        private One() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return int written, @Advice.FieldValue("remoteAddress") SocketAddress remote) {
            if (written > 0 && NetworkWrites.watching() && remote instanceof InetSocketAddress) {
                InetSocketAddress peer = (InetSocketAddress) remote;
                NetworkWrites.wrote(peer.getAddress(), peer.getHostString(), peer.getPort(), written);
            }
        }
    }

    /** {@code long write(ByteBuffer[], int, int)}. */
    static final class Many {
        private Many() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return long written, @Advice.FieldValue("remoteAddress") SocketAddress remote) {
            if (written > 0 && NetworkWrites.watching() && remote instanceof InetSocketAddress) {
                InetSocketAddress peer = (InetSocketAddress) remote;
                NetworkWrites.wrote(peer.getAddress(), peer.getHostString(), peer.getPort(), written);
            }
        }
    }

    /** {@code void blockingWriteFully(byte[], int off, int len)}: a socket adaptor's stream; writes {@code len} bytes or throws. */
    static final class Fully {
        private Fully() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(2) int length, @Advice.FieldValue("remoteAddress") SocketAddress remote) {
            if (length > 0 && NetworkWrites.watching() && remote instanceof InetSocketAddress) {
                InetSocketAddress peer = (InetSocketAddress) remote;
                NetworkWrites.wrote(peer.getAddress(), peer.getHostString(), peer.getPort(), length);
            }
        }
    }
}
