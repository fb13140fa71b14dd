# Main thread of a Spring Boot + Spring AI start, async-profiler collapsed stacks (cpu, 1 ms, threads):
# what the agent adds there, by where it runs. python3 profile-main.py prof-agent.txt prof-none.txt
import collections, sys
def cats(f):
    c = collections.Counter()
    for line in open(f):
        stack, n = line.rsplit(' ', 1)
        n = int(n)
        if not stack.startswith('[main '):
            continue
        if 'loadClassAndCallPremain' in stack:
            k = 'premain'
        elif 'InstrumentationImpl.transform' in stack:
            k = 'the transformers (Java)'
        elif 'post_class_file_load_hook' in stack or 'check_shared_class_file_load_hook' in stack:
            k = "the JVM's class-file hook (native: the class bytes' array, JNI)"
        else:
            k = 'the rest'
        c[k] += n
    return c
a, b = cats(sys.argv[1]), cats(sys.argv[2])
for k in sorted(set(a) | set(b)):
    print(f"| {k} | {a[k]} | {b[k]} |")
