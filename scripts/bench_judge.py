#!/usr/bin/env python3
"""Times whole commands reading a file on standard input, several runs each
in turn (A B C A B C ...), and prints the median wall time of each and its
ratio to the first. Standard library only. (No memory figure: a child forked
from Python inherits Python's peak resident size in the kernel's accounting,
so `ru_maxrss` would report Python's; benchmarks.sh measures memory with
GNU time instead.)

usage: scripts/bench_judge.py [--runs N] INPUT 'NAME=COMMAND' ['NAME=COMMAND' ...]
"""
import argparse
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv, path):
    with open(path, "rb") as stdin:
        start = time.perf_counter()
        proc = subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"{argv[0]} failed with status {proc.returncode}: {proc.stderr.decode(errors='replace')}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("input")
    parser.add_argument("commands", nargs="+", help="NAME=COMMAND")
    args = parser.parse_args()
    commands = []
    for spec in args.commands:
        name, _, command = spec.partition("=")
        commands.append((name, shlex.split(command)))
    times = {name: [] for name, _ in commands}
    for name, argv in commands:  # warm-up
        run_once(argv, args.input)
    for _ in range(args.runs):
        for name, argv in commands:
            times[name].append(run_once(argv, args.input))
    first = statistics.median(times[commands[0][0]])
    print(f"{'command':<24} {'median ms':>10} {'min ms':>8} {'max ms':>8} {'ratio':>8}")
    for name, _ in commands:
        t = times[name]
        med = statistics.median(t)
        print(f"{name:<24} {med * 1e3:10.2f} {min(t) * 1e3:8.2f} {max(t) * 1e3:8.2f} {med / first:8.2f}")
    print(f"({args.runs} runs each, after one warm-up run)")


if __name__ == "__main__":
    main()
