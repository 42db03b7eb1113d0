"""Paired timing of two commands, as the benchmarks in Scripts/ quote them.

    python3 Scripts/bench/paired.py RUNS -- COMMAND A... -- COMMAND B...

Runs A and B alternately RUNS times each (after one warm-up of each), so that a machine whose speed
drifts affects both alike, and prints one line: median wall ms of A, of B, and the median of the
per-pair ratios A/B. Output of the commands is discarded; a command that fails stops the run.
"""
import subprocess
import sys
import time


def run(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - t) * 1000


def main():
    runs = int(sys.argv[1])
    rest = sys.argv[2:]
    assert rest[0] == "--"
    split = rest.index("--", 1)
    a, b = rest[1:split], rest[split + 1:]
    run(a), run(b)
    ta, tb, ratios = [], [], []
    for _ in range(runs):
        x, y = run(a), run(b)
        ta.append(x), tb.append(y), ratios.append(x / y)
    med = lambda v: sorted(v)[len(v) // 2]
    print(f"{med(ta):.2f} {med(tb):.2f} {med(ratios):.3f}")


main()
