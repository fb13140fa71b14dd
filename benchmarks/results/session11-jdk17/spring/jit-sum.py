# Sum jdk.Compilation durations by top package group, from `jfr print --json --events jdk.Compilation`
import json, sys, collections
d = json.load(open(sys.argv[1]))
ev = d['recording']['events']
def group(t):
    t = t.replace('/', '.')
    for p in ['dev.intentguard.bench', 'dev.intentguard.agent', 'dev.intentguard.bridge', 'dev.intentguard', 'net.bytebuddy', 'org.yaml', 'org.slf4j', 'org.springframework', 'java.', 'jdk.', 'sun.']:
        if t.startswith(p): return p
    return 'other'
def dur(s):
    # "PT0.001234S" or number in ns
    if isinstance(s, (int, float)): return s / 1e6
    s = s.strip('PTS')
    return float(s) * 1000 if s else 0
by = collections.defaultdict(lambda: [0, 0.0, 0])
for e in ev:
    v = e['values']
    m = v['method']
    g = group(m['type']['name'])
    tier = v.get('compileLevel', 0)
    key = (g, 'C2' if tier == 4 else 'C1')
    by[key][0] += 1; by[key][1] += dur(v['duration']); by[key][2] += v.get('codeSize', 0) or 0
tot = sum(x[1] for x in by.values())
print(f"total {tot:.0f} ms in {sum(x[0] for x in by.values())} compilations")
for k, (n, ms, size) in sorted(by.items(), key=lambda kv: -kv[1][1])[:20]:
    print(f"{k[0]:28s} {k[1]} n={n:5d} {ms:8.1f} ms code {size/1024:.0f} KB")
