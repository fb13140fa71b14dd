J=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
JAR=/tmp/bench-new.jar
for i in 1 2; do for b in c95a381 new; do
$J -Dintentguard.agent.jar=/tmp/agent-$b.jar -Dintentguard.bench.max-intents=1000000 -Dintentguard.bench.retention=2s -javaagent:$JAR=log=silent -cp $JAR dev.intentguard.bench.tail.TailLatency 20 75 ab-$b-$i.md 2> ab-$b-$i.err > /dev/null
echo "$b $i $(grep -A2 '^| median' ab-$b-$i.md | tail -1)" >> ab-summary.txt
done; done
echo done >> ab-summary.txt
