package dev.intentguard.it.http;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * A host application driven by a script; each argument is one command, fields separated by '|'.
 * <pre>
 * TOOL|ARG|INT               calls HttpTools#TOOL(String, int), e.g. jdkCharge|A1|4900
 * raw-jdk|METHOD|PATH        a java.net.http request outside any tool
 * raw-huc|METHOD|PATH        an HttpURLConnection request outside any tool
 * pool-seen|                 prints what the executor's afterExecute saw
 * sleep|MILLIS               waits (lets the application's start settle)
 * </pre>
 * Every command prints {@code RESULT <command> <value>} or {@code THROWN <command> <class>: <message>}.
 */
public final class HttpHostApp {
    private HttpHostApp() {
    }

    public static void main(String[] args) {
        HttpTools tools = new HttpTools();
        for (String arg : args) {
            String[] f = arg.split("\\|", -1);
            try {
                Object value;
                switch (f[0]) {
                    case "raw-jdk":
                        value = JdkHttp.send(f[1], f[2], f[1].equals("GET") ? null : "{}");
                        break;
                    case "raw-huc":
                        value = UrlConnection.send(f[1], f[2], f[1].equals("GET") ? null : UrlConnection.json("{}"), null);
                        break;
                    case "sleep":
                        Thread.sleep(Long.parseLong(f[1]));
                        value = "slept";
                        break;
                    case "pool-seen":
                        HttpTools.AFTER_EXECUTE.await(10, java.util.concurrent.TimeUnit.SECONDS);
                        value = HttpTools.afterExecuteSaw;
                        break;
                    default:
                        Method m = HttpTools.class.getMethod(f[0], String.class, int.class);
                        value = m.invoke(tools, f[1], Integer.parseInt(f[2]));
                }
                System.out.println("RESULT " + f[0] + " " + value);
            } catch (InvocationTargetException e) {
                Throwable t = e.getCause();
                System.out.println("THROWN " + f[0] + " " + t.getClass().getName() + ": " + t.getMessage());
            } catch (Exception e) {
                System.out.println("THROWN " + f[0] + " " + e.getClass().getName() + ": " + e.getMessage());
            }
            System.out.flush();
        }
        System.out.println("DONE " + Arrays.toString(args).length());
        System.exit(0);
    }
}
