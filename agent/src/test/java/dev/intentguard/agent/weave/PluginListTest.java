package dev.intentguard.agent.weave;

import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PluginListTest {
    @Test
    void makesThePluginsServiceLoaderWouldInTheSameOrder() {
        List<String> expected = new ArrayList<>();
        for (AgentPlugin plugin : ServiceLoader.load(AgentPlugin.class, getClass().getClassLoader())) {
            expected.add(plugin.getClass().getName());
        }
        List<String> made = new ArrayList<>();
        for (AgentPlugin plugin : PluginList.load(getClass().getClassLoader())) {
            made.add(plugin.getClass().getName());
        }
        assertTrue(expected.size() > 20, "the build lists the library plugins: " + expected);
        assertEquals(expected, made);
    }

    @Test
    void aLoaderWithoutTheListSaysWhatIsMissing() throws Exception {
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> PluginList.load(empty));
            assertEquals("META-INF/services/dev.intentguard.agent.weave.AgentPlugin is missing from the agent jar (it was not"
                    + " built by agent/pom.xml)", e.getMessage());
        }
    }
}
