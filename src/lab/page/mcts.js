"use strict";
// MCTS (`--algo mcts`): what its pane keeps, from the events of its
// iterations (`iteration`, `selected`, `expanded`, `playout`, `backed`),
// and the pane: the iteration's selected path with the UCB1 scores that
// chose it, its playout, and the visits, mean reward and bounds of the
// current node's children. page.js calls `mctsStep` on every event and
// `mctsPane` when a run has MCTS events; nothing here models the search.
const MCTS_KINDS = new Set(["iteration", "selected", "expanded", "playout", "backed"]);

function mctsStep(s, e) {
  if (!MCTS_KINDS.has(e.k)) return;
  if (!s.mcts) s.mcts = { iteration: 0, path: [], playout: null, stats: new Map(), ucb: new Map() };
  const m = s.mcts;
  switch (e.k) {
    case "iteration": m.iteration = e.n; m.path = []; m.playout = null; break;
    case "selected":
      m.path.push(e);
      m.ucb.set(e.p, e.ucb === null ? "never visited" : e.ucb);
      break;
    case "playout": {
      m.playout = e;
      // The leaf the playout reached is evaluated, its path visited.
      for (let q = e.leaf; q !== null && !s.visited.has(q); q = parent(q)) s.visited.add(q);
      s.count += 1;
      if (!s.order.has(e.leaf)) s.order.set(e.leaf, []);
      s.order.get(e.leaf).push(s.count);
      break;
    }
    case "backed": m.stats.set(e.p, { n: e.n, mean: e.mean, lo: e.lo, hi: e.hi }); break;
  }
}

function mctsPane(panel, p, s, here) {
  const m = s.mcts;
  const name = (q) => (q === "" ? "root" : q);
  p.appendChild(make("h4", "mcts-title", m.iteration ? "Iteration " + m.iteration : "Before the first iteration"));
  if (m.path.length) {
    const steps = m.path.map((e) => name(e.p) + ": " + (e.ucb === null ? "never visited" : "ucb " + e.ucb));
    p.appendChild(list("Selected, from the root down", steps, true));
  }
  if (m.playout) p.appendChild(make("p", "mcts-playout", "Playout to " + name(m.playout.leaf) + ": leaf " + m.playout.v));
  // The current node's children, or its siblings if it has none.
  const children = (q) => [...panel.nodes.keys()].filter((c) => c !== "" && parent(c) === q);
  let at = here === null ? "" : here;
  if (!children(at).length && parent(at) !== null) at = parent(at);
  const kids = children(at);
  if (!kids.length) return;
  p.appendChild(make("h4", "", "Children of " + name(at) + " (mean: MAX's reward, 0 to 1)"));
  const table = make("table", "mcts");
  const tr = make("tr");
  ["child", "visits", "mean", "bounds", "last ucb"].forEach((h) => tr.appendChild(make("th", "", h)));
  table.appendChild(tr);
  kids.forEach((c) => {
    const st = m.stats.get(c);
    const row = make("tr");
    row.appendChild(make("td", "", c));
    row.appendChild(make("td", "", st ? String(st.n) : "0"));
    row.appendChild(make("td", "", st ? st.mean : ""));
    row.appendChild(make("td", "", st ? "[" + st.lo + ", " + st.hi + "]" : ""));
    row.appendChild(make("td", "", m.ucb.get(c) || ""));
    table.appendChild(row);
  });
  p.appendChild(table);
}
