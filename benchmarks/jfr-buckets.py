#!/usr/bin/env python3
"""Where a guarded call's time goes, from a JFR recording of a call-overhead benchmark
(java -jar benchmarks.jar 'call.AgentSilent.newIntent' -bm avgt -prof 'jfr:dir=DIR;stackDepth=512'; JFR's
default stack depth of 64 can cut Chronicle's deep stacks before the agent frame that called it: such
samples are charged by Chronicle's own entry point, get / putIfAbsent / replace).

    jfr print --json --stack-depth 512 --events jdk.ExecutionSample DIR/<benchmark>/profile.jfr | python3 benchmarks/jfr-buckets.py

Each execution sample of the benchmark thread goes to the step whose frame is on its stack (innermost
first); only samples with no such step go to "other agent code" or to the harness.
"""
import collections
import json
import sys

# (bucket, frame prefix) in priority order: the innermost matching frame wins.
BUCKETS = [
    ('log line (agent logger + host backend)', ('dev/intentguard/agent/log/', 'org/slf4j/')),
    ('intent key + fingerprint (canonical JSON, SHA-256, base64)', ('dev/intentguard/agent/key/',)),
    ('store read (Chronicle get + record decode)', ('dev/intentguard/agent/store/ChronicleIntentStore.get',)),
    ('store write-ahead IN_FLIGHT (Chronicle putIfAbsent + encode)', ('dev/intentguard/agent/store/ChronicleIntentStore.putIfAbsent',)),
    ('store DONE record (Chronicle replace + encode)', ('dev/intentguard/agent/store/ChronicleIntentStore.replace',)),
    ('result to JSON (Jackson)', ('dev/intentguard/agent/tool/ResultJson.of',)),
    ('already_done reply (JSON payload: parse stored result, build, write)', ('dev/intentguard/agent/tool/StatusReply.',)),
    ('in-flight registry (ConcurrentHashMap + latch)', ('dev/intentguard/agent/tool/InFlightCalls.',)),
    ('new IN_FLIGHT record (owner, thread name)', ('dev/intentguard/agent/store/IntentRecord.inFlight',)),
    ('other agent code (dispatch, advice, scope, state machine)', ('dev/intentguard/',)),
]
CHRONICLE_ENTRY = [
    ('store read (Chronicle get + record decode)', ('net/openhft/chronicle/map/VanillaChronicleMap.optimizedGet',
                                                    'net/openhft/chronicle/map/VanillaChronicleMap.get')),
    ('store write-ahead IN_FLIGHT (Chronicle putIfAbsent + encode)', ('net/openhft/chronicle/map/MapMethods.putIfAbsent',
                                                                      'net/openhft/chronicle/map/VanillaChronicleMap.putIfAbsent')),
    ('store DONE record (Chronicle replace + encode)', ('net/openhft/chronicle/map/MapMethods.replace',
                                                        'net/openhft/chronicle/map/VanillaChronicleMap.replace')),
]
HARNESS = 'tool method frame (woven advice + body) and JMH loop'
TRUNCATED = 'Chronicle Map, caller not in the (truncated) stack'

def main():
    data = json.load(sys.stdin)
    counts = collections.Counter()
    total = 0
    for e in data['recording']['events']:
        v = e['values']
        thread = (v.get('sampledThread') or {}).get('javaName') or ''
        if 'jmh-worker' not in thread:
            continue
        frames = [f['method']['type']['name'] + '.' + f['method']['name'] for f in v['stackTrace']['frames']]
        total += 1
        bucket = HARNESS
        for buckets in (BUCKETS[:-1], BUCKETS[-1:]):   # a specific step anywhere on the stack, else "other"
            for frame in frames:                  # innermost first
                hit = next((b for b, prefixes in buckets if any(frame.startswith(p) for p in prefixes)), None)
                if hit and not frame.startswith('dev/intentguard/bench/'):
                    bucket = hit
                    break
            if bucket != HARNESS:
                break
        if bucket == HARNESS and any(f.startswith('net/openhft/') for f in frames):
            # The agent frame was cut off: name the store step from Chronicle's own entry point.
            bucket = TRUNCATED
            for frame in frames:
                hit = next((b for b, prefixes in CHRONICLE_ENTRY if any(frame.startswith(p) for p in prefixes)), None)
                if hit:
                    bucket = hit
                    break
        counts[bucket] += 1
    print('| step | share of samples |')
    print('|---|---|')
    for b, c in counts.most_common():
        print('| %s | %.0f%% |' % (b, 100.0 * c / total))
    print('| (samples) | %d |' % total)

if __name__ == '__main__':
    main()
