/**
 * The only agent classes the application's class loaders can see, besides the agent-api bridge. They
 * use nothing but the JDK: they put the bridge on the bootstrap path, create the isolated loader that
 * holds everything else (Byte Buddy, Jackson, Chronicle Map, SLF4J and the agent core), and hand over.
 */
package dev.intentguard.agent.boot;
