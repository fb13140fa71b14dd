package dev.intentguard.agent.cli;

import dev.intentguard.agent.store.FleetStore;
import dev.intentguard.agent.store.StoreUnavailableException;

import java.io.PrintStream;
import java.util.List;

/**
 * The fleet's switches on its shared store: {@code disable TOOL --store URL} and {@code enable TOOL --store URL} (every
 * JVM on the store answers {@code disabled} for the tool within 2 s, without a restart), and {@code accept-loss
 * --store URL} (after a store lost its data and an operator checked with the providers what ran).
 */
final class FleetCommand {
    static final String DISABLE = "usage: disable TOOL --store URL [--namespace NS]";
    static final String ENABLE = "usage: enable TOOL --store URL [--namespace NS]";
    static final String ACCEPT_LOSS = "usage: accept-loss --store URL [--namespace NS]";

    private FleetCommand() {
    }

    static int switchTool(String[] args, boolean disable, PrintStream out, PrintStream err) {
        String usage = disable ? DISABLE : ENABLE;
        if (args.length == 0 || args[0].startsWith("--")) {
            err.println("name the tool first\n" + usage);
            return 2;
        }
        String tool = args[0];
        StoreArguments a = new StoreArguments(java.util.Arrays.copyOfRange(args, 1, args.length),
                List.of("--store", "--namespace"), List.of());
        if (a.problem() != null || a.get("--store") == null) {
            err.println((a.problem() == null ? "--store is missing" : a.problem()) + "\n" + usage);
            return 2;
        }
        if (!CliStores.shared(a.get("--store"))) {
            err.println("--store must be a shared store's URL (redis://..., jdbc:postgresql://...): on one host, switch the "
                    + "tool off with enabled: false in the config, or the MBean dev.intentguard:type=Tools\n" + usage);
            return 2;
        }
        try (FleetStore store = CliStores.fleet(a.get("--store"), a.get("--namespace"))) {
            store.setDisabled(tool, disable);
            out.println("tool " + tool + (disable ? " disabled" : " enabled") + " for every JVM on "
                    + CliStores.describe(a.get("--store")) + " (within 2 s)");
            return 0;
        } catch (StoreUnavailableException | RuntimeException e) {
            err.println(e.getMessage());
            return 1;
        }
    }

    static int acceptLoss(String[] args, PrintStream out, PrintStream err) {
        StoreArguments a = new StoreArguments(args, List.of("--store", "--namespace"), List.of());
        if (a.problem() != null || a.get("--store") == null || !CliStores.shared(a.get("--store"))) {
            err.println((a.problem() == null ? "--store must be a shared store's URL" : a.problem()) + "\n" + ACCEPT_LOSS);
            return 2;
        }
        try (FleetStore store = CliStores.fleet(a.get("--store"), a.get("--namespace"))) {
            store.acceptLoss();
            out.println("the loss of " + CliStores.describe(a.get("--store")) + " is accepted: the agents on it guard "
                    + "side-effect calls again within 2 s; intents recorded before the loss are forgotten");
            return 0;
        } catch (StoreUnavailableException | RuntimeException e) {
            err.println(e.getMessage());
            return 1;
        }
    }
}
