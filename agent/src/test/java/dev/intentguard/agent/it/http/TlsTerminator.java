package dev.intentguard.agent.it.http;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * HTTPS in front of a plain test server: each TLS connection is forwarded to its own plain connection, and a reset
 * on the plain side becomes a reset on the TLS side. The certificate is made with the JDK's keytool for 127.0.0.1;
 * {@link #trustStore()} is what the client JVM trusts.
 */
final class TlsTerminator implements AutoCloseable {
    static final String PASSWORD = "changeit";

    private final Path keyStore;
    private final SSLServerSocket socket;
    private final int backendPort;

    TlsTerminator(Path dir, int backendPort) throws Exception {
        this.backendPort = backendPort;
        this.keyStore = dir.resolve("tls.p12");
        Process keytool = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keystore", keyStore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD,
                "-keypass", PASSWORD, "-alias", "provider", "-keyalg", "RSA", "-keysize", "2048",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-validity", "2"))
                .redirectErrorStream(true).start();
        String out = new String(keytool.getInputStream().readAllBytes());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0 || !Files.exists(keyStore)) {
            throw new IllegalStateException("keytool failed: " + out);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD.toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        socket = (SSLServerSocket) tls.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "tls-terminator");
        t.setDaemon(true);
        t.start();
    }

    String url() {
        return "https://127.0.0.1:" + socket.getLocalPort();
    }

    Path trustStore() {
        return keyStore;
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Socket backend = new Socket();
                backend.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), backendPort));
                pump(client, backend, "tls->plain");
                pump(backend, client, "plain->tls");
            } catch (IOException e) {
                // closing
            }
        }
    }

    /** Copies {@code from} to {@code to}; when {@code from} fails, {@code to} is reset, when it ends, closed. */
    private static void pump(Socket from, Socket to, String name) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
                to.close();
            } catch (IOException e) {
                try {
                    to.setSoLinger(true, 0);
                    to.close();
                } catch (IOException ignored) {
                    // already gone
                }
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
