import subprocess, sys, os, re, collections, time, threading
APP="/work/main/benchmarks/spring-ai-app/target/spring-ai-app.jar"
tick = os.sysconf('SC_CLK_TCK')
def run(opts):
    p = subprocess.Popen(["java"] + opts + ["-jar", APP], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd="/tmp/sp", text=True)
    best = {}
    stop = [False]
    def sampler():
        while not stop[0]:
            try:
                for t in os.listdir(f"/proc/{p.pid}/task"):
                    try:
                        with open(f"/proc/{p.pid}/task/{t}/stat") as f: s = f.read()
                        comm = s[s.index('(')+1:s.rindex(')')]
                        fields = s[s.rindex(')')+2:].split()
                        best[(t, comm)] = (int(fields[11]) + int(fields[12])) * 1000 // tick
                    except (FileNotFoundError, ProcessLookupError): pass
            except FileNotFoundError: pass
            time.sleep(0.02)
    th = threading.Thread(target=sampler); th.start()
    for line in p.stdout:
        if line.startswith("READY"): break
    stop[0] = True; th.join()
    p.kill(); p.wait()
    return best, line
opts = sys.argv[1:]
best, line = run(opts)
agg = collections.Counter()
for (t, comm), v in best.items():
    agg[re.sub(r'\d+', '#', comm)] += v
print(line.strip())
for k, v in agg.most_common(20): print(f"{v:6d} {k}")
