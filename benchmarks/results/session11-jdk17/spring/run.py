import subprocess, sys, os, re, collections, time, json
APP="/work/main/benchmarks/spring-ai-app/target/spring-ai-app.jar"
def group(name):
    name = re.sub(r'\d+', '#', name)
    return name
def run(opts):
    p = subprocess.Popen(["java"] + opts + ["-jar", APP], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd="/tmp/sp", text=True)
    # app waits? it is run without 'exit' so it keeps running after READY
    for line in p.stdout:
        if line.startswith("READY"):
            break
    tick = os.sysconf('SC_CLK_TCK')
    res = collections.Counter()
    for t in os.listdir(f"/proc/{p.pid}/task"):
        try:
            with open(f"/proc/{p.pid}/task/{t}/stat") as f: s = f.read()
            comm = s[s.index('(')+1:s.rindex(')')]
            fields = s[s.rindex(')')+2:].split()
            res[group(comm)] += (int(fields[11]) + int(fields[12])) * 1000 // tick
        except FileNotFoundError: pass
    ready = line.split()
    p.kill(); p.wait()
    return res, int(ready[1]), int(ready[2])
configs = {"none": [], "bare": ["-javaagent:/work/main/benchmarks/target/transformer-only-agent.jar"]}
for spec in sys.argv[2].split(","):
    name, jar = spec.split("=")
    configs[name] = ["-javaagent:" + jar + "=config=/tmp/sp/intentguard.yaml"]
n = int(sys.argv[1])
import random
out = collections.defaultdict(list)
for r in range(n):
    order = list(configs); random.shuffle(order)
    for c in order:
        os.system("rm -rf /tmp/sp/store")
        res, cpu, up = run(configs[c])
        out[c].append({"threads": res, "cpu": cpu, "up": up})
        print(r, c, cpu, up, file=sys.stderr)
json.dump(out, open(sys.argv[3], "w"))
