#!/usr/bin/env python3
"""Sentences of BENCHMARKS.md that depend on the figures, computed from the
tables scripts/benchmarks.sh has just written (saved in its work directory).

Usage: benchmarks_checks.py CHECK WORK [ALGOS]
  CHECK: one of the names at the end of this file; WORK: the work directory;
  ALGOS: for `efficiency`, the comma-separated backends of ordered.md's
  columns. Standard library only."""
import csv
import math
import re
import sys

WORK = sys.argv[2]


def table(name):
    """A `winmove compare` table: {group: {backend: row}}, in order."""
    groups = {}
    for line in open(f"{WORK}/{name}.md"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        # A class no backend searched is one row, "every backend": no figures.
        if len(cells) < 9 or not cells[2].isdigit() or cells[1] == "every backend":
            continue
        counters = dict(
            (k, float(v))
            for k, v in (c.rsplit(" ", 1) for c in cells[7].split(", ") if " " in c)
        )
        groups.setdefault(cells[0], {})[cells[1]] = {
            "cases": int(cells[2]),
            "mean": float(cells[3]),
            "se": float(cells[4]),
            "max": int(cells[5]),
            "nodes": float(cells[6]),
            "counters": counters,
        }
    return groups


def shape(group):
    m = re.fullmatch(r"b=(\d+) d=(\d+)( 0/1)?", group)
    return int(m.group(1)), int(m.group(2)), bool(m.group(3))


def listing(items):
    items = list(items)
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def literature_holds():
    """Whether every claim `compare` checked case by case holds."""
    lines = [
        line
        for name in ("value", "trees")
        for line in open(f"{WORK}/{name}.md")
        if line.startswith("- ") and "Here: " in line
    ]
    return lines and not any("FAILS" in line for line in lines)


def sss_mt():
    """Where `sss` and `mt-sss` evaluate the same leaves (mean and max)."""
    names = [
        ("raw", "the raw-tree answers"),
        ("value", "the value searches of boards"),
        ("trees", "the uniform trees"),
        ("enhanced", "the answers with every enhancement"),
    ]
    parts, differ = [], []
    for name, title in names:
        t = table(name)
        both = [g for g, r in t.items() if "sss" in r and "mt-sss" in r]
        unlike = [
            g
            for g in both
            if (t[g]["sss"]["mean"], t[g]["sss"]["max"])
            != (t[g]["mt-sss"]["mean"], t[g]["mt-sss"]["max"])
        ]
        like = [g for g in both if g not in unlike]
        if not unlike:
            parts.append(f"in all {len(both)} groups of {title}")
        elif len(like) <= len(unlike):
            named = [
                f"`{g}`" + (", where neither evaluates one" if t[g]["sss"]["max"] == 0 else "")
                for g in like
            ]
            parts.append(
                f"in {len(like)} of the {len(both)} groups of {title}"
                + (" (" + listing(named) + ")" if like else "")
            )
            differ.append((name, unlike))
        else:
            parts.append(
                f"in {len(like)} of the {len(both)} groups of {title} (not "
                + listing(f"`{g}`" for g in unlike)
                + ")"
            )
            differ.append((name, unlike))
    holds = literature_holds()
    print(
        "- Stockman, Plaat et al. and Reinefeld: "
        + (
            "the claims above hold on every board and tree they were checked on, "
            "leaf by leaf (SSS* and NegaScout evaluate no leaf alpha-beta skips; "
            "MT-SSS* evaluates exactly SSS*'s leaves in SSS*'s order)."
            if holds
            else "a claim FAILS above (see the lines that say so)."
        )
        + " From the counts alone: `sss` and `mt-sss` evaluate the same number "
        "of leaves (group mean and largest) "
        + "; ".join(parts)
        + "."
    )
    notes = []
    for name, unlike in differ:
        if name == "enhanced":
            notes.append(
                "with every enhancement MT-SSS*'s memory is the engine's "
                "transposition table, which holds only positions of 8 or more "
                "empty squares (a leaf only if it has that many) and shares them between "
                "transpositions and searches, while SSS* has no table"
            )
        elif name == "value":
            t = table("value")
            for g in unlike:
                r = t[g]["mt-sss"]
                held = r["counters"].get("table", 0) * r["cases"]
                notes.append(
                    f"in the value searches, `{g}` holds the largest search (its "
                    "first board, 12 empty squares, outside the leaf-by-leaf "
                    "check), which fills MT-SSS*'s node table to its cap of "
                    f"2,097,152 nodes (`table` totals {held:,.0f} over the "
                    f"{r['cases']} boards), after which the nodes it cannot store "
                    "are searched again"
                )
        else:
            notes.append(f"{name}: " + listing(f"`{g}`" for g in unlike))
    if notes:
        print(
            "  Their equivalence is a theorem about one tree searched with a "
            "memory that forgets nothing, and the differences come from memory: "
            + "; ".join(notes)
            + "."
        )


def raw_sss():
    t = table("raw")
    more = [
        g
        for g, r in t.items()
        if r["sss"]["mean"] > r["alphabeta"]["mean"]
    ]
    fewer = [
        g
        for g, r in t.items()
        if r["sss"]["mean"] < r["alphabeta"]["mean"]
    ]
    print(
        "so here SSS* evaluates more leaves than alpha-beta on "
        + (listing(f"`{g}`" for g in more) if more else "no class")
        + (" (fewer on " + listing(f"`{g}`" for g in fewer) + ")" if fewer else "")
        + "."
    )


def knuth():
    # The last column: the efficiency, leaves over the exact minimal tree.
    worst = None
    for line in open(f"{WORK}/trees.md"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 11 and cells[2].isdigit():
            r = float(cells[10])
            if worst is None or r < worst[0]:
                worst = (r, cells[1], cells[0])
    print(
        "- Knuth and Moore: no backend's mean falls below the minimal tree; the "
        f"closest is `{worst[1]}` on `{worst[2]}`, {worst[0]:.3f} times it."
        if worst[0] >= 1
        else f"- Knuth and Moore: `{worst[1]}` on `{worst[2]}` is below the minimal tree ({worst[0]:.3f})."
    )


def negascout_sss():
    t = table("trees")
    tally = {False: [0, 0, 0], True: [0, 0, 0]}
    for g, r in t.items():
        _, _, zero_one = shape(g)
        n, s = r["negascout"]["mean"], r["sss"]["mean"]
        tally[zero_one][0 if n > s else 1 if n < s else 2] += 1
    wide, zo = tally[False], tally[True]
    v = table("value")
    board = [0, 0, 0]
    for g, r in v.items():
        n, s = r["negascout"]["mean"], r["sss"]["mean"]
        board[0 if n > s else 1 if n < s else 2] += 1

    def counts(c, groups):
        total = sum(c)
        if c[0] == total:
            return f"above SSS*'s in all {total} {groups}"
        if c[1] == total:
            return f"below SSS*'s in all {total} {groups}"
        return (
            f"above SSS*'s in {c[0]}, below in {c[1]} and equal in {c[2]} of the "
            f"{total} {groups}"
        )

    print(
        "- NegaScout and SSS*, by the means of the tables: NegaScout's mean "
        f"leaves are {counts(wide, 'wide-valued tree groups')}; "
        f"{counts(zo, '0/1 groups')}; and {counts(board, 'classes of value searches of boards')}."
    )


def ratio_se(a, b):
    """a/b and its standard error, the two taken as independent (the same
    trees are searched by both, so this overstates the noise)."""
    r = a["mean"] / b["mean"]
    return r, r * math.hypot(a["se"] / a["mean"], b["se"] / b["mean"])


def sss_alphabeta():
    t = table("trees")
    rows = []
    falls, flat = [], []
    for b in range(2, 9):
        seq = sorted(
            (shape(g)[1], ratio_se(r["sss"], r["alphabeta"]))
            for g, r in t.items()
            if shape(g)[0] == b and not shape(g)[2]
        )
        if len(seq) < 4:
            continue

        def pair(p):
            return (p[0][1][0] + p[1][1][0]) / 2, 0.5 * math.hypot(p[0][1][1], p[1][1][1])

        (first, se1), (last, se2) = pair(seq[2:4]), pair(seq[-2:])
        drop = first - last
        se = math.hypot(se1, se2)
        (falls if drop > 2 * se else flat).append(str(b))
        rows.append(
            f"| {b} | {seq[0][1][0]:.3f} | {seq[1][1][0]:.3f} | {first:.3f} | "
            f"{seq[-2][0]}–{seq[-1][0]}: {last:.3f} | {drop:+.3f} ± {se:.3f} |"
        )
    zo = [
        r["sss"]["mean"] / r["alphabeta"]["mean"]
        for g, r in t.items()
        if shape(g)[2]
    ]
    print(
        "- SSS*/alpha-beta (red in the figure), by branching, on wide values: the "
        "ratio at depths 2 and 3, the mean at depths 4 and 5 and at the two "
        "deepest, and how much it fell between those two means, ± its standard "
        "error (from the groups' standard errors taken as independent, which "
        "overstates it: both backends search the same trees):\n"
    )
    print("  | b | d=2 | d=3 | d=4–5 | deepest two | fall |")
    print("  |---|---|---|---|---|---|")
    for row in rows:
        print("  " + row)
    print(
        f"\n  It falls with depth by more than twice that noise for b = "
        f"{', '.join(falls) or 'none'}"
        + (f"; for b = {', '.join(flat)} it does not" if flat else "")
        + f". On 0/1 leaves (dashed) it stays between {min(zo):.3f} and "
        f"{max(zo):.3f} at every depth."
    )


def pearl():
    limit, cells = {}, []
    for line in open(f"{WORK}/trees.md"):
        m = re.match(r"\| (\d) \| (\d+\.\d+) \|(.*)", line)
        if not m:
            continue
        b, lim = int(m.group(1)), float(m.group(2))
        limit[b] = lim
        values = [c.strip() for c in m.group(3).split("|")]
        for d, cell in enumerate(values, start=4):
            cm = re.fullmatch(r"(\d+\.\d+) ± (\d+\.\d+)", cell)
            if cm:
                cells.append((b, d, float(cm.group(1)), float(cm.group(2)), lim))
    below = [c for c in cells if c[2] < c[4]]
    outside1 = [c for c in below if c[4] - c[2] > c[3]]
    outside2 = [c for c in below if c[4] - c[2] > 2 * c[3]]
    first, last = {}, {}
    for c in cells:
        if c[0] not in first or c[1] < first[c[0]][1]:
            first[c[0]] = c
        if c[0] not in last or c[1] > last[c[0]][1]:
            last[c[0]] = c
    above_first = sum(c[2] > c[4] for c in first.values())
    came_down = sum(last[b][2] < first[b][2] for b in first)
    if outside2:
        verdict = "The table does not agree with an approach from above, even within two standard errors."
    elif outside1:
        verdict = "So the table agrees with an approach from above within two standard errors, not within one."
    else:
        verdict = "So the table agrees with an approach from above within one standard error."
    print(
        "- Pearl: alpha-beta's measured branching factor is above ξ/(1−ξ) at the "
        f"shallowest depth for {above_first} of {len(first)} branching factors, and "
        f"lower at the deepest depth than at the shallowest for {came_down} of "
        f"{len(first)}. It does not stay above it: {len(below)} of the "
        f"{len(cells)} measured factors are below ξ/(1−ξ), {len(outside1)} by "
        "more than one standard error"
        + (
            " (" + listing(f"b={c[0]} d={c[1]}, {(c[4] - c[2]) / c[3]:.1f} s.e." for c in outside1) + ")"
            if outside1
            else ""
        )
        + f" and {len(outside2)} by more than two; a factor whose true value "
        "were ξ/(1−ξ) itself would be measured more than one standard error "
        "below it about one time in six. At each b's deepest depth the factor is "
        + listing(
            f"{(c[2] - c[4]) / c[3]:+.1f} s.e. (b={c[0]})" for c in last.values()
        )
        + " from ξ/(1−ξ). "
        + verdict
    )


def per_leaf_rows():
    """The per-leaf table: (shape, backend, leaves, nodes, ms)."""
    rows = []
    for line in open(f"{WORK}/perleaf.tsv"):
        s, _, a, leaves, nodes, ms = line.split()
        rows.append((s, a, int(leaves), int(nodes), float(ms)))
    return rows


def startup():
    start = float(open(f"{WORK}/startup.txt").read())
    rows = per_leaf_rows()
    shortest = min(rows, key=lambda r: r[4])
    times = sorted(r[4] for r in rows)
    median = times[len(times) // 2]
    print(
        "Start-up and exit, timed the same way on `winmove tree --uniform 2:1` "
        f"(one tree of two leaves): {start:.2f} ms, which is "
        f"{100 * start / shortest[4]:.1f}% of the shortest time above "
        f"(`{shortest[1]}` on {shortest[0]}) and {100 * start / median:.1f}% of "
        "the median one; the figures above include it."
    )


def mt_cost():
    by = {}
    for s, a, leaves, nodes, ms in per_leaf_rows():
        by.setdefault(s, {})[a] = (leaves, nodes, ms)
    per_leaf, nodes_ratio, node_cost, sss = [], [], [], []
    more_nodes = []
    for s, r in by.items():
        al, an, at = r["alphabeta"]
        for a in ("mt-sss", "mt-dual", "mtdf"):
            if a not in r:
                continue
            leaves, nodes, t = r[a]
            per_leaf.append((t / leaves) / (at / al))
            nodes_ratio.append((nodes / leaves) / (an / al))
            node_cost.append((t / nodes) / (at / an))
            if nodes_ratio[-1] >= node_cost[-1]:
                more_nodes.append(f"`{a}` on {s}")
        if "sss" in r:
            leaves, nodes, t = r["sss"]
            sss.append(((t / leaves) / (at / al), (t / nodes) / (at / an)))
    if per_leaf:
        print(
            f"Per evaluated leaf the MT drivers cost {min(per_leaf):.1f} to "
            f"{max(per_leaf):.1f} times alpha-beta here: the product of the nodes "
            f"they reach per evaluated leaf, {min(nodes_ratio):.2f} to "
            f"{max(nodes_ratio):.2f} times alpha-beta's (each pass walks the stored "
            "tree again from the root, and a node answered from the table counts), "
            f"and the cost of each node reached, {min(node_cost):.1f} to "
            f"{max(node_cost):.1f} times alpha-beta's (a lookup in a hash table "
            "at every node reached, and a store for every node searched). "
            + (
                "In every row the cost per node is the larger of the two factors."
                if not more_nodes
                else f"The cost per node is the larger factor in {len(per_leaf) - len(more_nodes)} "
                f"of the {len(per_leaf)} rows, the nodes per leaf in the others ("
                + listing(more_nodes)
                + ")."
            )
        )
    if sss:
        print(
            f"SSS* costs {min(p for p, _ in sss):.1f} to {max(p for p, _ in sss):.1f} "
            f"times alpha-beta per evaluated leaf here ({min(n for _, n in sss):.1f} "
            f"to {max(n for _, n in sss):.1f} times per node reached)."
        )


def ratios_met(name):
    """The ratios (the first on each line) of a saved run, and how many are
    within twice parse-only."""
    ratios = [
        float(re.search(r"ratio (\d+\.\d+)", line).group(1))
        for line in open(f"{WORK}/{name}.txt")
    ]
    return ratios, sum(r <= 2 for r in ratios)


def in_process():
    ratios, met = ratios_met("inprocess")
    print(
        f"The goal, an engine within twice parse-only, is met in {met} of these "
        f"{len(ratios)} runs (ratios {min(ratios):.2f} to {max(ratios):.2f})."
    )


def sizes():
    ratios, met = ratios_met("sizes")
    print(
        f"The goal, the whole process within twice parse-only at every size, is met "
        f"in {met} of these {len(ratios)} sizes (CPU ratios {min(ratios):.2f} to "
        f"{max(ratios):.2f})."
    )


def sss_steps():
    ns, times = {}, []
    for line in open(f"{WORK}/sss_steps.txt"):
        m = re.match(r"(\d+:\d+) (\w+): .*time=(\d+\.\d+)s ns_per_leaf=(\d+\.\d+)", line)
        if m:
            ns.setdefault(m.group(1), {})[m.group(2)] = float(m.group(4))
            times.append(float(m.group(3)) * 1e3)
    print(
        "Per evaluated leaf, SSS* against alpha-beta: "
        + listing(f"{s} {r['sss'] / r['alphabeta']:.2f} times" for s, r in ns.items())
        + f" (one search each, of {min(times):.0f} to {max(times):.0f} ms: a rerun "
        "moves these)."
    )


def beside(name):
    """The table under "Beside Plaat, Schaeffer, Pijls and de Bruin" of a
    `compare --depth` report: {group: (spread, mtdf/negascout, (mt-sss,
    mt-dual, mtdf passes per iteration), alphabeta/mt-sss)}."""
    rows, on = {}, False
    for line in open(f"{WORK}/{name}.md"):
        if line.startswith("### Beside"):
            on = True
        m = on and re.match(
            r"\| (.+? d=(\d+)) \| ([\d.]+)% \((\S+), (\S+)\) \| ([\d.]+) \| "
            r"([\d.]+), ([\d.]+), ([\d.]+) \| ([\d.]+) \|",
            line,
        )
        if m:
            g = m.groups()
            rows[g[0]] = {
                "depth": int(g[1]),
                "spread": float(g[2]) / 100,
                "mtdf": float(g[5]),
                "passes": tuple(float(x) for x in g[6:9]),
                "ab_sss": float(g[9]),
            }
    return rows


def depth_claims():
    """The claims of Plaat et al. (1996), at each run's deepest depth."""
    for name, title in (("depth", "with every enhancement"), ("depth-raw", "on the plain tree")):
        rows = beside(name)
        deepest = max(r["depth"] for r in rows.values())
        last = {g: r for g, r in rows.items() if r["depth"] == deepest}
        n = len(last)
        spread = sorted(r["spread"] for r in last.values())
        under = sum(s < 0.2 for s in spread)
        mtdf = [r["mtdf"] for r in last.values()]
        five_ten = sum(0.90 <= x <= 0.95 for x in mtdf)
        fewer = sum(x < 1 for x in mtdf)
        passes = {
            ev: [r["passes"] for g, r in last.items() if f" {ev} " in g]
            for ev in ("lines", "weighted")
        }
        mean = lambda xs: sum(xs) / len(xs)
        mt = lambda ev, i: mean([p[i] for p in passes[ev]])
        all_passes = [p for ev in passes.values() for p in ev]
        ab = [r["ab_sss"] for r in last.values()]
        print(
            f"- {title.capitalize()}, depth {deepest} ({n} groups: each position set "
            "and evaluation):"
        )
        print(
            f"  - Simulations exaggerate the differences (under 20% spread in real "
            f"programs): the spread here is {spread[0]:.0%} to {spread[-1]:.0%}, "
            f"under 20% in {under} of {n} groups: "
            + ("it holds." if under == n else "it does not hold on this game.")
        )
        print(
            f"  - MTD(f) 5–10% fewer leaves than aspiration NegaScout: mtdf/negascout "
            f"is {min(mtdf):.3f} to {max(mtdf):.3f}; fewer leaves in {fewer} of {n} "
            f"groups, 5–10% fewer in {five_ten}, more than 10% fewer in "
            f"{sum(x < 0.90 for x in mtdf)}: "
            + ("the direction holds, not the size." if fewer == n and five_ten < n
               else "it holds." if five_ten == n
               else "neither the direction nor the size holds throughout.")
        )
        print(
            f"  - MTD(f) 3–6 passes per iteration: here {min(p[2] for p in all_passes):.1f} "
            f"to {max(p[2] for p in all_passes):.1f}, within 3–6 in "
            f"{sum(3 <= p[2] <= 6 for p in all_passes)} of {n} groups."
        )
        print(
            f"  - MT-SSS* and MT-DUAL* need many passes, more with a wider range: here at "
            f"most {max(max(p[0], p[1]) for p in all_passes):.1f} per iteration; mean "
            f"over the groups, lines {mt('lines', 0):.1f} and {mt('lines', 1):.1f}, "
            f"weighted {mt('weighted', 0):.1f} and {mt('weighted', 1):.1f} (MT-SSS*, "
            "MT-DUAL*): "
            + ("many passes does not hold (nowhere near hundreds), more with the wider "
               "range does." if mt('weighted', 0) > mt('lines', 0) and mt('weighted', 1) > mt('lines', 1)
               else "neither part holds.")
        )
        full = table(name)
        ab_stockman = [full[g]["alphabeta"]["mean"] / full[g]["sss"]["mean"] for g in last]
        print(
            f"  - Iterative-deepening alpha-beta can beat SSS*: alphabeta/mt-sss is "
            f"{min(ab):.3f} to {max(ab):.3f}, below 1 in {sum(x < 1 for x in ab)} of {n} "
            f"groups; alphabeta/sss (Stockman's, which no table orders) is "
            f"{min(ab_stockman):.3f} to {max(ab_stockman):.3f}, below 1 in "
            f"{sum(x < 1 for x in ab_stockman)}: "
            + ("it can." if any(x < 1 for x in ab + ab_stockman) else "not here.")
        )


def depth_order():
    """What dynamic move ordering saves, from the runs with it and with
    `--static-order`, at each run's deepest depth."""
    spans = []
    for name, title in (("depth", "with every enhancement"), ("depth-raw", "on the plain tree")):
        guided, static = table(name), table(f"{name}-static")
        deepest = max(r["depth"] for r in beside(name).values())
        groups = [g for g in guided if g.endswith(f" d={deepest}")]
        algos = ("alphabeta", "negascout", "mt-sss", "mt-dual", "mtdf")
        parts = []
        for a in algos:
            r = [guided[g][a]["mean"] / static[g][a]["mean"] for g in groups]
            parts.append(f"{a} {min(r):.2f} to {max(r):.2f} (mean {sum(r) / len(r):.2f})")
        right = [
            guided[g][a]["counters"]["hint-best"] / guided[g][a]["counters"]["hinted"]
            for g in groups
            for a in algos
            if guided[g][a]["counters"].get("hinted")
        ]
        print(
            f"- {title.capitalize()}, depth {deepest}: mean leaves with the ordering over "
            f"mean leaves without, over the {len(groups)} groups: {listing(parts)}. The stored "
            f"move was the best again at {min(right):.0%} to {max(right):.0%} of the nodes "
            "that had one (hint-best / hinted, per group and backend)."
        )
        at_deepest = lambda rows: [r for r in rows.values() if r["depth"] == deepest]
        with_, without = at_deepest(beside(name)), at_deepest(beside(f"{name}-static"))
        spread = lambda rows: (
            f"{min(r['spread'] for r in rows):.0%} to {max(r['spread'] for r in rows):.0%}"
        )
        narrower = sum(
            guided_spread < static_spread
            for guided_spread, static_spread in zip(
                (r["spread"] for r in with_), (r["spread"] for r in without)
            )
        )

        def against(other):
            """alphabeta over `other` in the tree's own order, then ordered:
            the range and the groups below 1."""
            r = lambda t: [t[g]["alphabeta"]["mean"] / t[g][other]["mean"] for g in groups]
            below = lambda t: sum(x < 1 for x in r(t))
            return (
                f"alphabeta/{other} is {min(r(static)):.2f} to {max(r(static)):.2f} in the "
                f"tree's own order (below 1 in {below(static)} of {len(groups)} groups), "
                f"{min(r(guided)):.2f} to {max(r(guided)):.2f} ordered (below 1 in "
                f"{below(guided)})"
            )

        spans.append(
            f"  - {title.capitalize()} (depth {deepest}): the spread is {spread(without)} in "
            f"the tree's own order, {spread(with_)} ordered, narrower in {narrower} of "
            f"{len(with_)} groups; {against('sss')}; {against('mt-sss')}."
        )
    print(
        "- The spread between the backends Plaat et al. compared, and iterative-deepening "
        "alpha-beta against Stockman's SSS* (which reports no best move, so nothing orders "
        "it) and against MT-SSS* (the same search with a table, which the best-move table "
        "orders as it orders alpha-beta):"
    )
    print("\n".join(spans))


def depth_passes():
    """The most passes per iteration an MT driver took, at any depth of
    either run."""
    most = max(
        max(r["passes"])
        for name in ("depth", "depth-raw")
        for r in beside(name).values()
    )
    print(f"{most:.1f}", end="")


def efficiency_claims():
    """What the literature says of the minimal tree, against the efficiency
    tables (enhanced.csv, raw.csv, ordered.md) and the empty board's
    (empty.md)."""
    algos = sys.argv[3].split(",")
    ordered = {}
    for line in open(f"{WORK}/ordered.md"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        ordered[(cells[0], cells[1])] = dict(zip(algos, map(float, cells[2:])))
    shapes = sorted({s for s, _ in ordered}, key=lambda s: list(ordered).index((s, "best")))
    def span(values):
        lo, hi = min(values), max(values)
        return f"{lo:.2f}" if f"{lo:.2f}" == f"{hi:.2f}" else f"{lo:.2f} to {hi:.2f}"
    perfect = [a for a in algos if all(ordered[(s, "best")][a] == 1.0 for s in shapes)]
    above = [a for a in algos if a not in perfect]
    print("- Knuth and Moore (1975): on a best-ordered tree alpha-beta evaluates exactly the minimal tree, and no algorithm fewer. Here, on `best` trees, "
          + ", ".join(f"`{a}`" for a in perfect) + " meet it exactly on every shape"
          + ("" if not above else "; " + ", ".join(f"`{a}` ({span([ordered[(s, 'best')][a] for s in shapes])})" for a in above) + " do not")
          + f"; no backend goes below it on any tree (lowest efficiency {min(v for r in ordered.values() for v in r.values()):.3f}).")
    ab = lambda kind: [ordered[(s, kind)]["alphabeta"] for s in shapes]
    best_random = {s: min(ordered[(s, "random")].items(), key=lambda kv: kv[1]) for s in shapes}
    print(f"- Ordering is what brings a search close: alpha-beta's efficiency is {span(ab('strong'))} on strongly ordered trees, "
          f"{span(ab('random'))} on random ones and {span(ab('worst'))} on worst-ordered ones (shapes {', '.join(shapes)}). "
          "On random ordering the best backend per shape is "
          + ", ".join(f"`{a}` on {s} ({v:.2f})" for s, (a, v) in best_random.items())
          + ": the best-first and null-window searches recover part of what the order loses, none all of it.")
    def load(path):
        rows = {}
        for r in csv.DictReader(open(path)):
            if r["efficiency"]:
                rows.setdefault(r["group"], {})[r["backend"]] = float(r["efficiency"])
        return rows
    enh, raw = load(f"{WORK}/enhanced.csv"), load(f"{WORK}/raw.csv")
    below = sorted({(g, a) for g, row in enh.items() for a, e in row.items() if e < 1.0})
    empty = {}
    for line in open(f"{WORK}/empty.md"):
        cells = [c.strip().replace(",", "") for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[2].isdigit():
            empty[(cells[0], cells[1])] = (int(cells[2]), int(cells[6]))
    leaves, minimal = empty[("alphabeta", "yes")]
    nott, _ = empty[("alphabeta", "no")]
    graph = (f"{len(below)} (class, backend) pairs go below the minimal tree" if below else
             "no backend goes below the minimal tree in any class (forced moves and static bounds already shape the tree the minimal tree is taken on)")
    print(f"- Plaat et al. (TR 94-19): transpositions make the minimal graph smaller than the minimal tree. Here, with every enhancement, {graph}; "
          f"alpha-beta's efficiency there is {span([row['alphabeta'] for row in enh.values() if 'alphabeta' in row])}. "
          f"On the empty board without the shortcut and the bounds (the proof-number section's table), alpha-beta with the table evaluates {leaves:,} leaves, "
          f"{leaves / minimal:.2f} times the minimal tree's {minimal:,}, and without it {nott:,} ({nott / minimal:.1f} times): "
          "the graph of positions is much smaller than the tree.")
    rab = [row["alphabeta"] for row in raw.values() if "alphabeta" in row]
    best_raw = {g: min(row.items(), key=lambda kv: kv[1]) for g, row in raw.items()}
    print(f"- On the raw tree (moves in square order, nothing shared), alpha-beta is {span(rab)} times the minimal tree per class, "
          "and the closest backend per class is "
          + ", ".join(f"`{a}` on `{g}` ({v:.2f})" for g, (a, v) in best_raw.items())
          + ": far from the \"nearly optimal\" trees of enhanced programs, as the square order is far from a good move order.")


{
    "depth": depth_claims,
    "depth-order": depth_order,
    "depth-passes": depth_passes,
    "sss-mt": sss_mt,
    "raw-sss": raw_sss,
    "negascout": negascout_sss,
    "sss-alphabeta": sss_alphabeta,
    "pearl": pearl,
    "knuth": knuth,
    "startup": startup,
    "mt-cost": mt_cost,
    "in-process": in_process,
    "sizes": sizes,
    "sss-steps": sss_steps,
    "efficiency": efficiency_claims,
}[sys.argv[1]]()
