"""Pools the paired (same round) differences of time to ready, a row minus 'none' (or minus another row), over several
SpringBootStartup CSVs, with a bootstrap interval of their median.
Usage: python3 pool.py CONFIG[:BASE] file.csv [file.csv ...]   (CONFIG: a row's name, e.g. agent; BASE: none if absent)"""
import csv, random, statistics, sys

config, _, base = sys.argv[1].partition(":")
base = base or "none"
files = sys.argv[2:]
diffs, rel, nones, agents = [], [], [], []
for f in files:
    rows = list(csv.DictReader(open(f)))
    per_round = len({r["agent"] for r in rows})
    for i in range(0, len(rows) - per_round + 1, per_round):
        rnd = {r["agent"]: float(r["ready_ms"]) for r in rows[i:i + per_round]}
        if config in rnd and base in rnd:
            diffs.append(rnd[config] - rnd[base])
            rel.append(rnd[config] / rnd[base] - 1)
            nones.append(rnd[base])
            agents.append(rnd[config])
random.seed(1)
boot = sorted(statistics.median(random.choices(diffs, k=len(diffs))) for _ in range(10000))
print(f"{config} - {base}: {len(diffs)} rounds from {len(files)} sittings")
print(f"  paired difference, median {statistics.median(diffs):+.0f} ms [95% bootstrap CI {boot[250]:+.0f}, {boot[9750]:+.0f}]"
      f" = {100 * statistics.median(rel):+.1f}% of the round's {base} time")
print(f"  medians of each: {base} {statistics.median(nones):.0f} ms, {config} {statistics.median(agents):.0f} ms,"
      f" {statistics.median(agents) - statistics.median(nones):+.0f} ms"
      f" ({100 * (statistics.median(agents) / statistics.median(nones) - 1):+.1f}%)")
