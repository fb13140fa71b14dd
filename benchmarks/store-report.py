#!/usr/bin/env python3
"""The shared-store table of docs/performance.md from one JMH CSV (run-benchmarks.sh store): medians, and each call's
median over the round trip the issue's targets name."""
import csv
import sys

p50 = {}
for row in csv.DictReader(open(sys.argv[1])):
    name = row["Benchmark"]
    if name.endswith(":p0.50"):
        p50[name[: -len(":p0.50")].split(".", 4)[-1]] = float(row["Score"]) / 1000.0


def median(suffix):
    hits = [v for k, v in p50.items() if k.endswith(suffix)]
    return hits[0] if hits else None


ping, select1, commit = median("redisPing"), median("postgresSelect1"), median("postgresInsertCommit")
# The same round trips in the agent's forks (its threads running beside): the yardstick of the same JVM.
ping_agent, select1_agent = median("OnRedis.ping"), median("OnPostgres.select1")
rows = [
    ("Redis", "new intent", median("OnRedis.newIntent"), ping, "PING", 2.5),
    ("Redis", "repeat", median("OnRedis.sameIntent"), ping, "PING", 1.5),
    ("PostgreSQL", "new intent", median("OnPostgres.newIntent"), commit, "INSERT commit", 2.5),
    ("PostgreSQL", "repeat", median("OnPostgres.sameIntent"), select1, "SELECT 1", 1.5),
    ("file (Chronicle)", "new intent", median("AgentSilent.newIntent"), None, "", None),
    ("file (Chronicle)", "repeat", median("AgentSilent.sameIntent"), None, "", None),
]
print(f"bare round trips (median): Redis PING {ping:.1f} us ({ping_agent:.1f} us in the agent's fork), PostgreSQL "
      f"SELECT 1 {select1:.1f} us ({select1_agent:.1f} us in the agent's fork), single-row INSERT commit {commit:.1f} us\n")
print("| store | call | median | ratio | target |")
print("|---|---|---|---|---|")
for store, call, value, unit, unit_name, target in rows:
    if value is None:
        continue
    ratio = f"{value / unit:.2f} x {unit_name}" if unit else ""
    goal = f"<= {target}" if target else ""
    print(f"| {store} | {call} | {value:.1f} us | {ratio} | {goal} |")
