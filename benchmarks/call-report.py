#!/usr/bin/env python3
"""Summarises a JMH text log of the call-overhead benchmarks (benchmarks/results/jdkNN/call.txt).

    python3 benchmarks/call-report.py benchmarks/results/jdk17/call.txt

For each benchmark: the median and p99 of all samples (JMH's merged histogram), the spread of the
per-iteration medians and p99s (min / median / max over forks x iterations: the error bar of a
percentile), the mean with JMH's 99.9% error, and the median added to the baseline's median.
"""
import re
import sys
from collections import OrderedDict

def parse(path):
    text = open(path, encoding='utf-8').read()
    per_iter = OrderedDict()
    current = None
    measuring = False
    for line in text.splitlines():
        m = re.match(r'# Benchmark: \S+\.call\.(\w+\.\w+)$', line)
        if m:
            current = m.group(1)
            per_iter.setdefault(current, {'p50': [], 'p99': []})
            continue
        if line.startswith('# Warmup Iteration'):
            measuring = False
        elif line.startswith('Iteration '):
            measuring = True
        m = re.match(r'\s+p0\.(50|99):\s+([\d.]+) ns/op', line)
        if m and current and measuring:
            per_iter[current]['p' + m.group(1)].append(float(m.group(2)))
    final = {}
    for m in re.finditer(r'^(\w+\.\w+)(:p0\.50|:p0\.99)?\s+sample\s+(\d+)?\s+([\d.]+)(?:\s+±\s+([\d.]+))?\s+ns/op', text, re.M):
        name, pct, cnt, score, err = m.groups()
        d = final.setdefault(name, {})
        if pct is None:
            d['n'], d['mean'], d['err'] = int(cnt), float(score), float(err)
        else:
            d[pct[1:]] = float(score)
    return per_iter, final

def spread(values):
    if not values:
        return '-'
    v = sorted(values)
    mid = v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2
    return '%s / %s / %s' % (fmt(v[0]), fmt(mid), fmt(v[-1]))

def fmt(ns):
    return '%.0f' % ns if ns < 10000 else '%.1f us' % (ns / 1000)

def main():
    per_iter, final = parse(sys.argv[1])
    print('| benchmark | samples | median ns | median per iteration (min / med / max) | p99 ns | p99 per iteration (min / med / max) | mean ± 99.9% err ns | median added vs baseline ns |')
    print('|---|---|---|---|---|---|---|---|')
    order = [b for b in ['Baseline.newIntent', 'Baseline.sameIntent', 'AgentSilent.newIntent', 'AgentSilent.sameIntent',
                         'AgentLogged.newIntent', 'AgentLogged.sameIntent'] if b in final]
    for name in order:
        f = final[name]
        base = final.get('Baseline.' + name.split('.')[1], {}).get('p0.50')
        added = '-' if name.startswith('Baseline') or base is None else '+%.0f' % (f['p0.50'] - base)
        print('| %s | %d | %s | %s | %s | %s | %.0f ± %.0f | %s |' % (
            name, f['n'], fmt(f['p0.50']), spread(per_iter[name]['p50']), fmt(f['p0.99']),
            spread(per_iter[name]['p99']), f['mean'], f['err'], added))

if __name__ == '__main__':
    main()
