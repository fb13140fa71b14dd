#!/usr/bin/env bash
# Runs every benchmark of docs/performance.md on one JDK, one JVM process at a time.
#   benchmarks/run-benchmarks.sh [JAVA_HOME] [OUT_DIR] [what...]
# what: call startup ready (default: all three). Build first, from the repository root:
#   mvn -B -q -pl benchmarks -am package -DskipTests
# Takes ~9 min (call) + ~6 min (startup) + ~2 min (ready) on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
JH=${1:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
JAVA="$JH/bin/java"
FEATURE=$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
OUT=${2:-benchmarks/results/jdk$FEATURE}
shift $(( $# > 2 ? 2 : $# ))
WHAT=${*:-call startup ready}
JAR=benchmarks/target/benchmarks.jar
mkdir -p "$OUT"
echo "JDK $FEATURE ($JAVA) -> $OUT: $WHAT"
for w in $WHAT; do
  case $w in
    call)
      # SampleTime, 3 forks x (5 x 1 s warm-up + 10 x 1 s measurement) per benchmark, 6 benchmarks.
      "$JAVA" -jar "$JAR" 'dev.intentguard.bench.call.' -rf csv -rff "$OUT/call.csv" -o "$OUT/call.txt" ;;
    startup)
      # SingleShotTime, 2 forks x (5 warm-up + 40 measured launches) per app x agent.
      rm -f "$OUT/startup.csv"
      "$JAVA" -Dintentguard.bench.startup.csv="$OUT/startup.csv" -jar "$JAR" 'dev.intentguard.bench.startup.Startup' \
        -rf csv -rff "$OUT/startup-jmh.csv" -o "$OUT/startup.txt"
      "$JAVA" -cp "$JAR" dev.intentguard.bench.startup.StartupReport "$OUT/startup.csv" > "$OUT/startup-report.md" ;;
    ready)
      "$JAVA" -cp "$JAR" dev.intentguard.bench.startup.ReadyProbe 20 3000 > "$OUT/ready.md" ;;
    *) echo "unknown: $w" >&2; exit 2 ;;
  esac
done
