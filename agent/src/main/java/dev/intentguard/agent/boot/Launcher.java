package dev.intentguard.agent.boot;

import java.io.File;
import java.lang.reflect.InvocationTargetException;

/** {@code Main-Class}: {@code java -jar intentguard-agent.jar <command> ...} runs the agent's tools. */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        File jar = AgentJar.locate();
        ClassLoader core = AgentJar.isolatedLoader(jar, Launcher.class.getClassLoader());
        Thread.currentThread().setContextClassLoader(core);
        int status;
        try {
            Object result = Class.forName("dev.intentguard.agent.cli.Cli", true, core)
                    .getMethod("run", String[].class)
                    .invoke(null, (Object) args);
            status = (Integer) result;
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        System.exit(status);
    }
}
