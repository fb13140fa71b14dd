#!/usr/bin/env bash
# Jedis or Lettuce for the Redis store (docs/architecture.md, "Why Jedis and pgjdbc"): each client's jar size with its
# dependencies, and the time from the JVM's start to a PING and an EVAL answered by Redis on 127.0.0.1:6379, in
# interleaved launches (an empty JVM beside them). benchmarks/client-choice/run.sh [LAUNCHES] (default 12).
set -euo pipefail
cd "$(dirname "$0")"
N=${1:-12}
W=target
mkdir -p $W
for c in jedis lettuce pg; do
  rm -rf $W/libs-$c
  mvn -B -q -P$c dependency:copy-dependencies -DoutputDirectory=$W/libs-$c -DincludeScope=runtime
  echo "$c: $(du -cb $W/libs-$c/*.jar | tail -1 | cut -f1) bytes in $(ls $W/libs-$c | wc -l) jars"
done
javac -d $W/cls-empty src/Empty.java
javac -d $W/cls-jedis -cp "$W/libs-jedis/*" src/JedisPing.java
javac -d $W/cls-lettuce -cp "$W/libs-lettuce/*" src/LettucePing.java
: > $W/times.txt
for i in $(seq "$N"); do
  echo "empty $(java -cp $W/cls-empty Empty "$(date +%s%3N)")" >> $W/times.txt
  echo "jedis $(java -cp "$W/cls-jedis:$W/libs-jedis/*" JedisPing "$(date +%s%3N)" 2>/dev/null)" >> $W/times.txt
  echo "lettuce $(java -cp "$W/cls-lettuce:$W/libs-lettuce/*" LettucePing "$(date +%s%3N)" 2>/dev/null)" >> $W/times.txt
done
python3 - $W/times.txt <<'PY'
import statistics, sys
t = {}
for line in open(sys.argv[1]):
    k, v = line.split()
    t.setdefault(k, []).append(int(v))
for k, v in t.items():
    print(f"{k}: median {statistics.median(v):.0f} ms (min {min(v)}, max {max(v)}, {len(v)} launches)")
PY
