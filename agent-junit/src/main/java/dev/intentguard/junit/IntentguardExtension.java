package dev.intentguard.junit;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Loads intentguard into the test JVM once (see {@link IntentguardTest}), gives each test a fresh intent store,
 * and resolves the test's {@link FaultyProvider} (one per test, closed after it) and {@link GuardedCalls}.
 */
public final class IntentguardExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(IntentguardExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        agent(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        agent(context).forget();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == FaultyProvider.class || type == GuardedCalls.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        if (type == GuardedCalls.class) {
            return new GuardedCalls(agent(context));
        }
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(FaultyProvider.class.getName(),
                k -> new ClosingProvider(new FaultyProvider()), ClosingProvider.class).provider;
    }

    private static KitAgent agent(ExtensionContext context) {
        Class<?> test = context.getRequiredTestClass();
        IntentguardTest settings = findSettings(test);
        return KitAgent.inThisJvm(settings == null ? "" : settings.config(), test);
    }

    private static IntentguardTest findSettings(Class<?> test) {
        for (Class<?> c = test; c != null; c = c.getEnclosingClass()) {
            IntentguardTest t = c.getAnnotation(IntentguardTest.class);
            if (t != null) {
                return t;
            }
            for (java.lang.annotation.Annotation a : c.getAnnotations()) {
                IntentguardTest meta = a.annotationType().getAnnotation(IntentguardTest.class);
                if (meta != null) {
                    return meta;
                }
            }
        }
        return null;
    }

    /**
     * Closes the test's provider with the test's store: JUnit 5 before 5.13 closes a {@code CloseableResource}, later
     * versions an {@code AutoCloseable} (and warn about the other alone).
     */
    private static final class ClosingProvider implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        final FaultyProvider provider;

        ClosingProvider(FaultyProvider provider) {
            this.provider = provider;
        }

        @Override
        public void close() {
            provider.close();
        }
    }
}
