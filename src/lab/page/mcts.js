"use strict";
// MCTS (`--algo mcts`): what its pane keeps, from the events of its
// iterations (`iteration`, `selected`, `expanded`, `playout`, `backed`),
// and the pane: the iteration's selected path with the UCB1 scores that
// chose it, its playout, and the visits, mean reward and bounds of the
// current node's children. page.js calls `mctsStep` on every event and
// `mctsPane` when a run has MCTS events; nothing here models the search.
const MCTS_KINDS = new Set(["iteration", "selected", "expanded", "playout", "backed"]);

function mctsStep(s, e) {
  // The leaf a playout reached follows it (page.js numbers it).
  if (e.k === "leaf" && s.mcts && s.mcts.playout && s.mcts.playout.leaf === e.p) {
    s.mcts.playout.v = e.v;
  }
  if (!MCTS_KINDS.has(e.k)) return;
  if (!s.mcts) s.mcts = { iteration: 0, path: [], playout: null, stats: new Map(), ucb: new Map() };
  const m = s.mcts;
  switch (e.k) {
    case "iteration": m.iteration = e.n; m.path = []; m.playout = null; break;
    case "selected":
      m.path.push(e);
      m.ucb.set(e.p, e.ucb === null ? "never visited" : e.ucb);
      break;
    case "playout": m.playout = { leaf: e.leaf, v: null }; break;
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
  if (m.playout) {
    const leaf = m.playout.v === null ? "" : ": leaf " + m.playout.v;
    p.appendChild(make("p", "mcts-playout", "Playout to " + name(m.playout.leaf) + leaf));
  }
  // The current node's children, or its siblings if it has none.
  const children = (q) => [...panel.nodes.keys()].filter((c) => c !== "" && parent(c) === q);
  let at = here === null ? "" : here;
  if (!children(at).length && parent(at) !== null) at = parent(at);
  const kids = children(at);
  if (!kids.length) return;
  p.appendChild(make("h4", "", "Children of " + name(at) + " (mean: MAX's reward, 0 to 1)"));
  const table = make("table", "mcts");
  const tr = make("tr");
  ["child", "visits", "mean", "pess to opt", "last ucb"].forEach((h) => tr.appendChild(make("th", "", h)));
  table.appendChild(tr);
  kids.forEach((c) => {
    const st = m.stats.get(c);
    const row = make("tr");
    row.appendChild(make("td", "", c));
    row.appendChild(make("td", "", st ? String(st.n) : "0"));
    row.appendChild(make("td", "", st ? st.mean : ""));
    row.appendChild(make("td", "", st ? st.lo + " to " + st.hi : ""));
    row.appendChild(make("td", "", m.ucb.get(c) || ""));
    table.appendChild(row);
  });
  p.appendChild(table);
}

// Practice's question at a selection step (practice.js asks it): which
// child UCB1 selects. C is the backend's: `--algo mcts` runs with its
// default options, which no setting changes, and UCB1's C there is √2.
const MCTS_C = { value: Math.SQRT2, text: "\u221a2" };

// A value as traces write it, as a number to compare: `inf` is the
// search's infinity (2^30), `+oo` lies beyond it.
function mctsValue(text) {
  const inf = 2 ** 30;
  const named = { "inf": inf, "-inf": -inf, "+oo": inf + 1, "-oo": -inf - 1 };
  return text in named ? named[text] : Number(text);
}

// At each `selected` event (indexed by event, none elsewhere) what the
// events before it have revealed of the node selection is at: its
// visits, its side, the window selection carries there, and each child
// in the tree's order. `nodes` are the panel's drawn nodes.
function mctsChoices(ev, nodes) {
  const out = [];
  const s = {};
  ev.forEach((e, i) => {
    if (e.k === "selected") out[i] = mctsChoice(s.mcts, parent(e.p), nodes);
    mctsStep(s, e);
  });
  return out;
}

// The node `at`, as the replayed state `m` knows it, with the window
// narrowed from the root down (a MAX node is sure of its pess, a MIN node
// of its opt), and each child: visits, mean reward for the side choosing
// at `at` in thousandths (null if never visited), bounds (the last
// `backed` of it; a leaf never visited is its value, as the search knows
// it: expanding a node looks at each child), and whether the bounds
// settle the window (the solver's rule: selection skips it).
function mctsChoice(m, at, nodes) {
  const max = (q) => nodes.get(q).classList.contains("max");
  const w = { a: "-oo", b: "+oo" };
  for (let q = at; q !== null; q = parent(q)) {
    const st = m.stats.get(q);
    if (max(q) && mctsValue(st.lo) > mctsValue(w.a)) w.a = st.lo;
    if (!max(q) && mctsValue(st.hi) < mctsValue(w.b)) w.b = st.hi;
  }
  const kids = [];
  for (let k = 1; nodes.has(practiceChild(at, k)); k++) {
    const c = practiceChild(at, k);
    const st = m.stats.get(c);
    const kid = { c, n: 0, mean: null, lo: "-inf", hi: "inf" };
    if (st) {
      const mean = Math.round(Number(st.mean) * 1000);
      Object.assign(kid, { n: st.n, mean: max(at) ? mean : 1000 - mean, lo: st.lo, hi: st.hi });
    } else if (!nodes.has(practiceChild(c, 1))) {
      kid.lo = kid.hi = nodes.get(c).dataset.value;
    }
    const [lo, hi] = [mctsValue(kid.lo), mctsValue(kid.hi)];
    kid.settled = lo === hi || hi <= mctsValue(w.a) || lo >= mctsValue(w.b);
    kids.push(kid);
  }
  return { at, iteration: m.iteration, max: max(at), n: m.stats.get(at).n, w, kids };
}

// A child's UCB1 score from what `mctsChoiceShown` shows (`n` > 0).
function mctsScore(ch, kid) {
  return kid.mean / 1000 + MCTS_C.value * Math.sqrt(Math.log(ch.n) / kid.n);
}

function mctsMean(kid) {
  return kid.mean === null ? "\u2013" : (kid.mean / 1000).toFixed(3);
}

// What the learner is given: the rule, N, C, the window, and a row per
// child; nothing of this step's scores.
function mctsChoiceShown(ch) {
  const box = make("div", "ucb");
  const side = ch.max ? "MAX" : "MIN";
  box.appendChild(make("p", "help", "UCB1 at a node: skip each child whose bounds settle the window " +
    "(pess = opt, opt \u2264 \u03b1 or pess \u2265 \u03b2; \u03b1 the highest pess of the MAX nodes from the root " +
    "down to here, \u03b2 the lowest opt of the MIN nodes). Of the rest, a child never visited comes first, " +
    "in the tree's order; if none is left, the highest mean + C\u221a(ln N / n), ties to the first " +
    "(mean: the reward of the side choosing here, 0 to 1; N: this node's visits; n: the child's)."));
  box.appendChild(make("p", "given", "At " + practiceName(ch.at) + " (" + side + "): N = " + ch.n +
    "; C = " + MCTS_C.text + " \u2248 " + MCTS_C.value.toFixed(4) + "; window (" + ch.w.a + ", " + ch.w.b + ")."));
  const table = make("table", "ucb");
  const tr = make("tr");
  const head = ["child", "visits n", "mean for " + side, "pess to opt", "settled"];
  head.forEach((h) => tr.appendChild(make("th", "", h)));
  table.appendChild(tr);
  ch.kids.forEach((kid) => {
    const row = make("tr");
    [kid.c, String(kid.n), mctsMean(kid), kid.lo + " to " + kid.hi, kid.settled ? "settled: skipped" : ""]
      .forEach((text) => row.appendChild(make("td", "", text)));
    table.appendChild(row);
  });
  box.appendChild(table);
  return box;
}

// Each child's score, or why it has none, from the numbers shown.
function mctsScores(ch) {
  return ch.kids.map((kid) => kid.c + ": " + (kid.settled ? "settled"
    : kid.n === 0 ? "never visited"
      : mctsMean(kid) + " + " + MCTS_C.text + "\u00b7\u221a(ln " + ch.n + " / " + kid.n + ") = " + mctsScore(ch, kid).toFixed(3)));
}
