package dev.intentguard.agent.testkit;

import dev.intentguard.agent.weave.SupportedLibrary;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The jars a forked test JVM puts on its class path for a library, resolved by Maven's own resolver from the library's
 * coordinates: the library and everything it needs at run time, as a Maven build of an application that depends on it
 * would get them (nearest version wins), from the local repository and else Maven Central. A test names the library
 * it runs against, often through its plugin's declared range ({@link #oldest}, {@link #newest}), and nothing else:
 * no jar list is typed in by hand.
 */
public final class LibraryJars {
    private static final Map<List<String>, List<String>> RESOLVED = new ConcurrentHashMap<>();
    private static final RemoteRepository CENTRAL =
            new RemoteRepository.Builder("central", "default", "https://repo.maven.apache.org/maven2/").build();

    private LibraryJars() {
    }

    /** The jars of these coordinates ({@code group:artifact:version}) and of their run-time dependencies. */
    public static List<String> of(String... coordinates) {
        return RESOLVED.computeIfAbsent(List.of(coordinates), LibraryJars::resolve);
    }

    /** The oldest version {@code library} declares it supports, with {@code more} beside it. */
    public static List<String> oldest(SupportedLibrary library, String... more) {
        return of(with(library.coordinates(library.oldest()), more));
    }

    /** The newest version {@code library} declares it supports, with {@code more} beside it. */
    public static List<String> newest(SupportedLibrary library, String... more) {
        return of(with(library.coordinates(library.newest()), more));
    }

    private static String[] with(String first, String... more) {
        String[] all = new String[more.length + 1];
        all[0] = first;
        System.arraycopy(more, 0, all, 1, more.length);
        return all;
    }

    private static synchronized List<String> resolve(List<String> coordinates) {
        RepositorySystem system = new RepositorySystemSupplier().get();
        // Configured as Maven 3 configures it: test and provided scopes and optional dependencies left out, nearest wins.
        try (RepositorySystemSession.CloseableSession session = new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(localRepository())
                .setSystemProperties(System.getProperties())
                // Two test JVMs may resolve into the same local repository at once: lock across processes.
                .setConfigProperty("aether.syncContext.named.factory", "file-lock")
                .setConfigProperty("aether.syncContext.named.nameMapper", "file-gav")
                .build()) {
            CollectRequest collect = new CollectRequest();
            for (String c : coordinates) {
                collect.addDependency(new Dependency(new DefaultArtifact(c), JavaScopes.RUNTIME));
            }
            collect.setRepositories(List.of(CENTRAL));
            List<String> jars = new ArrayList<>();
            for (ArtifactResult r : system.resolveDependencies(session,
                    new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME))).getArtifactResults()) {
                jars.add(r.getArtifact().getPath().toString());
            }
            return List.copyOf(jars);
        } catch (Exception e) {
            throw new IllegalStateException("could not resolve " + coordinates + " with Maven's resolver: " + e, e);
        } finally {
            system.shutdown();
        }
    }

    /** Maven's local repository: {@code -Dmaven.repo.local} (the build passes its own), else {@code ~/.m2/repository}. */
    private static Path localRepository() {
        String configured = System.getProperty("maven.repo.local");
        return configured != null && !configured.isBlank() ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }
}
