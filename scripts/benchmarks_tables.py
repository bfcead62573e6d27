#!/usr/bin/env python3
"""Tables of BENCHMARKS.md made from the runs of scripts/benchmarks.sh, and
the written tree it times. Standard library only.

Usage: benchmarks_tables.py TABLE ARGS...
  per-leaf PERLEAF.tsv         the cost per evaluated leaf and per node
  pn ENHANCED.csv RAW.csv      the proof-number section's table
  empty-row TABLE < STATS      one row of the empty board's table from a
                               run's --stats (TABLE: yes or no)
  efficiency ENHANCED.csv RAW.csv
                               efficiency per class and backend
  ordered-row SHAPE ORDERING < STATS
                               one row of the ordered trees' efficiency
  written-tree                 a uniform tree of branching 4 and depth 11,
                               leaf values from Python's seeded generator
"""
import csv
import random
import sys


def per_leaf(args):
    """Time per evaluated leaf and per node reached, and both against
    alpha-beta's on the same shape."""
    rows = [line.split() for line in open(args[0])]
    base = {s: (int(l), int(n), float(t)) for s, c, a, l, n, t in rows if a == "alphabeta"}
    for s, c, a, l, n, t in rows:
        l, n, t = int(l), int(n), float(t)
        bl, bn, bt = base[s]
        leaf, node = t * 1e6 / l, t * 1e6 / n
        print(f"| {s} | {c} | {a} | {l} | {n} | {t:.2f} ms | {leaf:.1f} | {node:.1f} "
              f"| {leaf / (bt * 1e6 / bl):.2f} | {node / (bt * 1e6 / bn):.2f} |")


def load_rows(path):
    """A `winmove compare --format csv` file: {group: {backend: row}}."""
    rows = {}
    for r in csv.DictReader(open(path)):
        rows.setdefault(r['group'], {})[r['backend']] = r
    return rows


def pn(args):
    """Alpha-beta, pns and dfpn per class, with every enhancement and raw."""
    enh, raw = load_rows(args[0]), load_rows(args[1])

    def f(x):
        return '-' if x in ('', None) else f"{float(x):,.1f}"
    print("| class | setting | alphabeta leaves | alphabeta nodes | pns leaves | pns expansions | dfpn leaves | dfpn expansions | minimal tree | pns / alphabeta | dfpn / alphabeta |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, table in (("every enhancement", enh), ("raw tree", raw)):
        for group, rows in table.items():
            if 'pns' not in rows:
                continue
            ab, p, d = rows['alphabeta'], rows['pns'], rows['dfpn']
            ratio = lambda r: '-' if float(ab['leaves_mean']) == 0 else f"{float(r['leaves_mean']) / float(ab['leaves_mean']):.2f}"
            print(f"| {group} | {name} | {f(ab['leaves_mean'])} | {f(ab['nodes_mean'])} | {f(p['leaves_mean'])} | {f(p['expansions_mean'])} | {f(d['leaves_mean'])} | {f(d['expansions_mean'])} | {f(ab['minimal_mean'])} | {ratio(p)} | {ratio(d)} |")


def empty_row(args):
    """One row of the empty board's table from a run's --stats (standard
    input)."""
    lines = sys.stdin.read().splitlines()
    total = dict(f.split("=") for f in next(l for l in lines if l.startswith("total")).split()[1:])
    n = lambda k: f"{int(total[k]):,}" if k in total else "-"
    kept = n("held") if "held" in total else n("table")
    kept += " (full)" if any(l.startswith("warning") for l in lines) else ""
    print(f"| {total['algo']} | {args[0]} | {n('leaves')} | {n('nodes')} | {n('expansions')} | {kept} | {n('minimal')} |")


def efficiency(args):
    """Efficiency per class and backend, with every enhancement and raw."""
    for name, path in (("every enhancement", args[0]), ("raw tree", args[1])):
        table = {g: {a: r['efficiency'] for a, r in rows.items()}
                 for g, rows in load_rows(path).items()}
        groups = list(table)
        algos = list(next(iter(table.values())))
        print(f"| {name} | " + " | ".join(groups) + " |")
        print("|---|" + "---:|" * len(groups))
        for a in algos:
            cells = [table[g].get(a) or '-' for g in groups]
            print(f"| {a} | " + " | ".join(f"{float(c):.2f}" if c != '-' else c for c in cells) + " |")
        print()


def ordered_row(args):
    """One row of the ordered trees' table: each backend's leaves over the
    minimal tree's, from the total lines of a run's --stats (standard
    input)."""
    shape, ordering = args[0], args[1]
    cells = []
    for line in sys.stdin:
        if not line.startswith("total"):
            continue
        f = dict(x.split("=") for x in line.split()[1:])
        leaves, minimal = int(f["leaves"]), int(f["minimal"])
        cells.append(f"{leaves / minimal:.3f}")
    print(f"| {shape} | {ordering} | " + " | ".join(cells) + " |")


def written_tree(args):
    """A uniform tree of branching 4 and depth 11 in bracket notation."""
    random.seed(1)

    def tree(d):
        if d == 0:
            return str(random.randint(-1000000, 1000000))
        return "[" + ",".join(tree(d - 1) for _ in range(4)) + "]"
    print(tree(11))


{
    "per-leaf": per_leaf,
    "pn": pn,
    "empty-row": empty_row,
    "efficiency": efficiency,
    "ordered-row": ordered_row,
    "written-tree": written_tree,
}[sys.argv[1]](sys.argv[2:])
