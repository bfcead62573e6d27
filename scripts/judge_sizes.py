#!/usr/bin/env python3
"""The judge's whole process against parse-only, per size: for each file,
runs PARSE_ONLY and ENGINE on it (standard output to /dev/null) in turn,
RUNS pairs after one warm-up run each, and prints the median CPU time
(user + system, as the kernel accounts the child) of each per board and the
median of the paired ratios ENGINE / PARSE_ONLY (pairing keeps the ratio
steady when the machine's speed drifts), and the same ratio of wall times.
Standard library only; Unix (os.wait4).

usage: scripts/judge_sizes.py [--runs N] ENGINE PARSE_ONLY FILE [FILE ...]
"""
import argparse
import os
import statistics
import time


def run_once(argv, path):
    """(CPU seconds, wall seconds) of `argv` reading `path`."""
    with open(path, "rb") as stdin, open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            os.dup2(stdin.fileno(), 0)
            os.dup2(devnull.fileno(), 1)
            try:
                os.execv(argv[0], argv)
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{argv[0]} failed on {path} (wait status {status})")
    return usage.ru_utime + usage.ru_stime, wall


def boards(path):
    """The questions in `path`: its lines '?'."""
    with open(path, "rb") as f:
        return sum(1 for line in f if line.strip() == b"?")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("engine")
    parser.add_argument("parse_only")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    for path in args.files:
        n = boards(path)
        commands = [[args.parse_only], [args.engine]]
        for argv in commands:  # warm-up
            run_once(argv, path)
        cpu = ([], [])
        wall = ([], [])
        for _ in range(args.runs):
            for k, argv in enumerate(commands):
                c, w = run_once(argv, path)
                cpu[k].append(c)
                wall[k].append(w)
        ratio = statistics.median(e / p for p, e in zip(*cpu))
        wall_ratio = statistics.median(e / p for p, e in zip(*wall))
        per_board = [statistics.median(t) * 1e9 / n for t in cpu]
        print(
            f"{n} boards: CPU parse-only {per_board[0]:.1f} ns per board, "
            f"engine {per_board[1]:.1f} ns per board, ratio {ratio:.2f}; "
            f"wall ratio {wall_ratio:.2f} (medians of {args.runs} pairs of runs)"
        )


if __name__ == "__main__":
    main()
