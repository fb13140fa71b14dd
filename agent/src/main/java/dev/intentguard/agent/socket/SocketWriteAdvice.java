package dev.intentguard.agent.socket;

import dev.intentguard.bridge.NetworkWrites;
import net.bytebuddy.asm.Advice;

import java.net.InetAddress;

/** Woven into {@code NioSocketImpl#implWrite(byte[], int, int)}: it returns the number of bytes written. */
final class SocketWriteAdvice {
    private SocketWriteAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.Return int written,
                     @Advice.FieldValue("address") InetAddress address,
                     @Advice.FieldValue("port") int port) {
        if (written > 0 && NetworkWrites.watching()) {
            NetworkWrites.wrote(address, null, port, written);
        }
    }
}
