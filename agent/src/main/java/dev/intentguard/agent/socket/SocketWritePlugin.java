package dev.intentguard.agent.socket;

import com.google.auto.service.AutoService;
import dev.intentguard.agent.weave.AgentPlugin;
import dev.intentguard.agent.weave.ExactNamePlugin;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * The JDK's TCP writes, whatever client makes them: the evidence that a side-effect call did or did not write to the
 * network outside the HTTP requests the agent follows (a database, a mail server, a client without a plugin). Hook
 * points, the same in JDK 17 and 25 ({@code java.base}, {@code sun.nio.ch}):
 * <ul>
 *   <li>{@code NioSocketImpl#implWrite(byte[], int, int)}: every write of a {@code java.net.Socket} (and of the
 *       plain socket under an {@code SSLSocket}); the peer is {@code SocketImpl}'s {@code address} and
 *       {@code port};</li>
 *   <li>{@code SocketChannelImpl#write(ByteBuffer)}, {@code write(ByteBuffer[], int, int)} and
 *       {@code blockingWriteFully(byte[], int, int)}: NIO channels (the JDK's HTTP client, Netty's NIO transport,
 *       database drivers); the peer is {@code remoteAddress}.</li>
 * </ul>
 * Not seen: native transports (Netty epoll, io_uring), {@code AsynchronousSocketChannel}, UDP. While no side-effect
 * call runs, a write costs one volatile read.
 */
@AutoService(AgentPlugin.class)
public final class SocketWritePlugin extends ExactNamePlugin {
    private static final String SOCKET = "sun.nio.ch.NioSocketImpl";
    private static final String CHANNEL = "sun.nio.ch.SocketChannelImpl";

    public SocketWritePlugin() {
        super("socket-writes", null, SOCKET, CHANNEL);
    }

    /** Its advice acts only inside guarded calls: its classes may be woven after the application's start. */
    @Override
    public boolean actsInsideToolCalls() {
        return true;
    }

    @Override
    public boolean instrumentsJdkClasses() {
        return true;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type, ClassLoader loader) {
        switch (type.getName()) {
            case SOCKET:
                return builder.visit(context.advice(SocketWriteAdvice.class).on(named("implWrite").and(takesArguments(3))
                        .and(takesArgument(0, byte[].class))));
            case CHANNEL:
                return builder
                        .visit(context.advice(ChannelWriteAdvice.One.class).on(named("write").and(takesArguments(1))
                                .and(takesArgument(0, named("java.nio.ByteBuffer")))))
                        .visit(context.advice(ChannelWriteAdvice.Many.class).on(named("write").and(takesArguments(3))
                                .and(takesArgument(0, named("java.nio.ByteBuffer[]")))))
                        .visit(context.advice(ChannelWriteAdvice.Fully.class).on(named("blockingWriteFully")
                                .and(takesArguments(3))));
            default:
                return builder;
        }
    }
}
