import json, statistics, sys
d = json.load(open(sys.argv[1]))
n = len(d['none'])
def paired(c, f):
    diffs = sorted(f(d[c][i]) - f(d['none'][i]) for i in range(n))
    return statistics.median(diffs), diffs
def main_cpu(r): return r['threads'].get('java', 0)
def comp(r): return r['threads'].get('C# CompilerThre', 0)
def ours(r): return sum(v for k, v in r['threads'].items() if k.startswith('intentguard'))
print(f"{n} rounds")
print("| | " + " | ".join(c for c in d if c != 'none') + " |")
for label, f in [("time to ready", lambda r: r['up']), ("process CPU at ready", lambda r: r['cpu']), ("main thread CPU", main_cpu), ("JIT threads CPU", comp)]:
    cells = []
    for c in d:
        if c == 'none': continue
        m, diffs = paired(c, f)
        cells.append(f"{m:+.0f} [{diffs[1]:+.0f}, {diffs[-2]:+.0f}]" if n >= 10 else f"{m:+.0f}")
    base = statistics.median(f(r) for r in d['none'])
    print(f"| {label} (none: {base:.0f} ms) | " + " | ".join(cells) + " |")
if 'before' in d and 'after' in d:
    for label, f in [("time to ready", lambda r: r['up']), ("main thread CPU", main_cpu), ("process CPU", lambda r: r['cpu'])]:
        diffs = sorted(f(d['after'][i]) - f(d['before'][i]) for i in range(n))
        print("after - before", label, statistics.median(diffs), diffs)
