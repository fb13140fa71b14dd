package dev.intentguard.agent.weave;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;

/**
 * The classes of one plugin as one application class loader sees them: the plugin's package is defined here, from the
 * agent jar, so its advice and adapter classes can name the library's types; the agent's own classes (the HTTP guard,
 * the bridge, logging) come from the agent's loader, one copy for every plugin; everything else (the library) from the
 * loader of the instrumented classes. One such loader per plugin and application loader, created on the first call of
 * an advice in it.
 *
 * <p>The application loader is held weakly: classes it defines hold their call sites, which hold this loader, and not
 * the other way round, so an application that is undeployed is collected with its plugin loaders.
 */
final class PluginClassLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final String packagePrefix;
    private final ClassLoader agentLoader;
    private final WeakReference<ClassLoader> library;

    PluginClassLoader(String pluginName, String pluginPackage, ClassLoader agentLoader, ClassLoader library) {
        super("intentguard-" + pluginName, null);
        this.packagePrefix = pluginPackage + ".";
        this.agentLoader = agentLoader;
        this.library = new WeakReference<>(library == null ? ClassLoader.getPlatformClassLoader() : library);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (name.startsWith(packagePrefix)) {
                    c = findClass(name);
                } else if (name.startsWith("java.") || name.startsWith("dev.intentguard.") || name.startsWith("org.slf4j.")) {
                    c = agentLoader.loadClass(name);
                } else {
                    ClassLoader l = library.get();
                    if (l == null) {
                        throw new ClassNotFoundException(name + " (its application class loader is gone)");
                    }
                    c = l.loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        try (InputStream in = agentLoader.getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new ClassNotFoundException(name);
            }
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }
}
