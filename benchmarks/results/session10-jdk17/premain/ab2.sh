#!/bin/bash
# alternating launches: premain ms printed and wall ms of the whole run
N=${1:-20}
for i in $(seq 1 $N); do
  for j in A B; do
    if [ $(( (i + ( $j == old ? 0 : 1 )) % 2 )) -eq 0 ]; then :; fi
  done
  order="$A $B"; [ $((i % 2)) -eq 0 ] && order="$B $A"
  for j in $order; do
    rm -rf /tmp/floor/store/*
    s=$(date +%s%N)
    p=$(java -javaagent:/tmp/$j.jar=config=/tmp/floor/intentguard.yaml -cp benchmarks/target/startup-app.jar dev.intentguard.bench.app.TrivialMain 2>&1 | grep -o "started in [0-9]* ms" | grep -o "[0-9]*")
    e=$(date +%s%N)
    echo "$i $j $p $(( (e - s) / 1000000 ))"
  done
done
