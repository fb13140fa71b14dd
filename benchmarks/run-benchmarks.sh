#!/usr/bin/env bash
# Runs every benchmark of docs/performance.md on one JDK, one JVM process at a time.
#   benchmarks/run-benchmarks.sh [JAVA_HOME] [OUT_DIR] [what...]
# what: call http adapter startup rounds spring ready store tail (default: all but spring, store and tail, which needs Redis on 127.0.0.1:6379 and
# PostgreSQL on 127.0.0.1:5432, database test). Build first, from the repository root:
#   mvn -B -q -pl benchmarks -am package -DskipTests
# Takes ~3 min (call) + ~6 min (http) + ~4-10 min (startup) + ~2-5 min (rounds) + ~3 min (ready) + ~4 min (store) + ~13 min (tail) on
# 2 cores, more under load.
# The load average is sampled every 10 s into OUT/loadavg.txt: other people's builds show up in the error bars.
set -euo pipefail
cd "$(dirname "$0")/.."
JH=${1:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
JAVA="$JH/bin/java"
FEATURE=$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
OUT=${2:-benchmarks/results/jdk$FEATURE}
shift $(( $# > 2 ? 2 : $# ))
WHAT=${*:-call http adapter startup rounds ready}
# BENCH_JAR: another build of the benchmarks jar (an A/B against an older agent in the same sitting).
JAR=${BENCH_JAR:-benchmarks/target/benchmarks.jar}
mkdir -p "$OUT"
echo "JDK $FEATURE ($JAVA) -> $OUT: $WHAT"
( while sleep 10; do echo "$(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"; done >> "$OUT/loadavg.txt" ) &
SAMPLER=$!
trap 'kill $SAMPLER' EXIT
for w in $WHAT; do
  case $w in
    call)
      # SampleTime, 3 forks x (3 x 1 s warm-up + 4 x 0.25 s measurement) per benchmark, 6 benchmarks.
      echo "$(date +%T) call: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/loadavg.txt"
      "$JAVA" -jar "$JAR" 'dev.intentguard.bench.call.' -rf csv -rff "$OUT/call.csv" -o "$OUT/call.txt" ;;
    http)
      # The Idempotency-Key on whole POSTs on a loopback server (HeaderInjection: HttpBaseline vs HttpAgent),
      # 2 forks x (5 x 2 s + 5 x 2 s).
      echo "$(date +%T) http: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/loadavg.txt"
      "$JAVA" -jar "$JAR" 'dev.intentguard.bench.http.' -rf csv -rff "$OUT/http.csv" -o "$OUT/http.txt" ;;
    adapter)
      # Each HTTP client plugin's steps per request, in-process on the library's own objects (AdapterSteps: none,
      # outside a tool, inside one), 2 forks x (4 x 1 s + 5 x 1 s) per client and place.
      echo "$(date +%T) adapter: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/loadavg.txt"
      "$JAVA" -cp "$JAR:$(cat benchmarks/target/agent-classpath.txt)" org.openjdk.jmh.Main 'dev.intentguard.bench.adapter.' \
        -rf csv -rff "$OUT/adapter.csv" -o "$OUT/adapter.txt" ;;
    startup)
      # SingleShotTime, 2 forks x (5 warm-up + 40 measured launches) per app x agent.
      rm -f "$OUT/startup.csv"
      "$JAVA" -Dintentguard.bench.startup.csv="$OUT/startup.csv" -jar "$JAR" 'dev.intentguard.bench.startup.Startup' \
        -rf csv -rff "$OUT/startup-jmh.csv" -o "$OUT/startup.txt"
      "$JAVA" -cp "$JAR" dev.intentguard.bench.startup.StartupReport "$OUT/startup.csv" > "$OUT/startup-report.md" ;;
    rounds)
      # The same launches, interleaved: 3 warm-up + 40 rounds of all 6 configurations in shuffled order.
      "$JAVA" -cp "$JAR" dev.intentguard.bench.startup.StartupRounds 40 "$OUT/startup-rounds.csv" > "$OUT/startup-rounds.md" ;;
    spring)
      # Start-up on a real application: Spring Boot 4 + Spring AI (benchmarks/spring-ai-app, built here), interleaved
      # launches without and with the agent, time to ApplicationReadyEvent and process CPU.
      mvn -B -q -f benchmarks/spring-ai-app/pom.xml package -DskipTests
      "$JAVA" -cp "$JAR" dev.intentguard.bench.startup.SpringBootStartup benchmarks/spring-ai-app/target/spring-ai-app.jar \
        ${SPRING_ROUNDS:-15} "$OUT/spring-startup.csv" > "$OUT/spring-startup.md" ;;
    ready)
      "$JAVA" -cp "$JAR" dev.intentguard.bench.startup.ReadyProbe 15 5000 > "$OUT/ready.md" ;;
    store)
      # Shared stores: bare round trips (Redis PING, PostgreSQL SELECT 1 and an INSERT commit) and the agent's no-op
      # call on Redis, on PostgreSQL and on the file store, in one run; 2 forks x (3 x 1 s + 4 x 1 s) each.
      echo "$(date +%T) store: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/loadavg.txt"
      "$JAVA" -jar "$JAR" 'dev.intentguard.bench.store.' 'dev.intentguard.bench.call.AgentSilent' -f 2 -wi 3 -w 1 -i 4 -r 1 \
        -rf csv -rff "$OUT/store.csv" -o "$OUT/store.txt"
      python3 benchmarks/store-report.py "$OUT/store.csv" > "$OUT/store.md" ;;
    tail)
      # Issue 20: 30 s warm-up + 300 s of new intents at full speed in a store of 1 M (the default max-intents), which
      # fills, makes room in the background and (second run) expires intents after a 2 s retention swept every 2 s;
      # then the same loop without the agent for 60 s. One JVM at a time; GC logs beside the reports.
      echo "$(date +%T) tail: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/loadavg.txt"
      TAIL_S=${TAIL_SECONDS:-300}
      "$JAVA" -Xlog:gc:file="$OUT/tail-gc.log" -Dintentguard.bench.max-intents=1000000 -javaagent:"$JAR"=log=silent \
        -cp "$JAR" dev.intentguard.bench.tail.TailLatency 30 "$TAIL_S" "$OUT/tail.md" 2> "$OUT/tail-stderr.txt"
      "$JAVA" -Xlog:gc:file="$OUT/tail-swept-gc.log" -Dintentguard.bench.max-intents=1000000 -Dintentguard.bench.retention=2s \
        -javaagent:"$JAR"=log=silent -cp "$JAR" dev.intentguard.bench.tail.TailLatency 30 "$TAIL_S" "$OUT/tail-swept.md" \
        2> "$OUT/tail-swept-stderr.txt"
      "$JAVA" -Xlog:gc:file="$OUT/tail-baseline-gc.log" -Dintentguard.bench.tail.baseline=true -cp "$JAR" \
        dev.intentguard.bench.tail.TailLatency 10 60 "$OUT/tail-baseline.md" ;;
    *) echo "unknown: $w" >&2; exit 2 ;;
  esac
done
