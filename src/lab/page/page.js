"use strict";
// Replays the trace's events: step N shows the state after the first N
// events, the N-th one's line and node. No algorithm is modelled here.
const data = JSON.parse(document.getElementById("data").textContent);
const panels = [];
let focused = null;

function make(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// The step buttons' icons, drawn: the page needs no font (Debian's
// DejaVu and Liberation have no U+23EE or U+23ED).
const ICONS = {
  first: "M1 1h2v10H1zM11 1v10L4 6z",
  back: "M9 1v10L2 6z",
  next: "M3 1v10l7-5z",
  last: "M1 1v10l7-5zM9 1h2v10H9z",
};

function icon(d) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", "12");
  svg.setAttribute("height", "12");
  svg.setAttribute("viewBox", "0 0 12 12");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  svg.appendChild(path);
  return svg;
}

function parent(p) {
  const i = p.lastIndexOf(".");
  return i < 0 ? (p === "" ? null : "") : p.slice(0, i);
}

function within(p, root) {
  return p === root || p.startsWith(root + ".");
}

function build() {
  const place = document.getElementById("trees");
  data.forEach((tree, t) => {
    const section = make("section", "tree");
    section.id = "tree-" + (t + 1);
    section.appendChild(make("h2", "", tree.title));
    const tabs = make("div", "tabs");
    const row = make("div", "row");
    const side = make("label", "", " side by side");
    const box = make("input");
    box.type = "checkbox";
    box.addEventListener("change", () => row.classList.toggle("side", box.checked));
    side.prepend(box);
    const own = [];
    tree.runs.forEach((run) => {
      const panel = makePanel(t, run);
      own.push(panel);
      row.appendChild(panel.el);
      const tab = make("button", "", run.algo);
      tab.addEventListener("click", () => activate(own, panel));
      panel.tab = tab;
      tabs.appendChild(tab);
    });
    tabs.appendChild(side);
    section.appendChild(tabs);
    section.appendChild(row);
    place.appendChild(section);
    if (own.length) activate(own, own[0]);
  });
}

function activate(own, panel) {
  own.forEach((p) => {
    p.el.classList.toggle("active", p === panel);
    p.tab.classList.toggle("on", p === panel);
  });
  setFocus(panel);
}

function setFocus(panel) {
  if (focused) focused.el.classList.remove("focus");
  focused = panel;
  panel.el.classList.add("focus");
}

function makePanel(t, run) {
  const el = make("div", "panel");
  el.dataset.algo = run.algo;
  el.dataset.tree = String(t + 1);
  el.appendChild(make("h3", "", run.algo));
  // A proof-number search's run: its pane shows its numbers.
  const proof = run.steps.some((e) => e.k === "numbers");
  const panel = { el, run, proof, step: 0, timer: null };
  panels.push(panel);
  const controls = make("div", "controls");
  const button = (label, title, action) => {
    const b = make("button", "", label);
    if (ICONS[label]) {
      b.textContent = "";
      b.appendChild(icon(ICONS[label]));
      b.setAttribute("aria-label", title);
    }
    b.title = title;
    b.addEventListener("click", () => { setFocus(panel); action(); });
    controls.appendChild(b);
    return b;
  };
  const n = run.steps.length;
  button("first", "first step", () => show(panel, Math.min(1, n)));
  button("back", "back", () => show(panel, Math.max(panel.step - 1, 0)));
  button("next", "next", () => show(panel, Math.min(panel.step + 1, n)));
  button("last", "last step", () => show(panel, n));
  panel.play = button("play", "play or pause", () => toggle(panel));
  const speed = make("select");
  [["0.5", 2000], ["1", 1000], ["2", 500], ["4", 250], ["10", 100]].forEach(([label, ms]) => {
    const o = make("option", "", label + " steps/s");
    o.value = String(ms);
    if (ms === 500) o.selected = true;
    speed.appendChild(o);
  });
  panel.speed = speed;
  controls.appendChild(speed);
  // The solved tree, on request: every node's minimax value.
  const solution = make("label", "solution", " show the solution");
  const box = make("input");
  box.type = "checkbox";
  box.addEventListener("change", () => { setFocus(panel); show(panel, panel.step); });
  solution.prepend(box);
  panel.solution = box;
  controls.appendChild(solution);
  const slider = make("input");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(n);
  slider.addEventListener("input", () => { setFocus(panel); show(panel, Number(slider.value)); });
  panel.slider = slider;
  controls.appendChild(slider);
  el.appendChild(controls);
  panel.stepno = make("div", "stepno");
  el.appendChild(panel.stepno);
  panel.line = make("pre", "line");
  el.appendChild(panel.line);
  const stage = make("div", "stage");
  const template = document.getElementById("stage-" + (t + 1));
  stage.appendChild(template.content.cloneNode(true));
  el.appendChild(stage);
  panel.nodes = new Map();
  stage.querySelectorAll("g.node").forEach((g) => panel.nodes.set(g.dataset.path, g));
  panel.edges = new Map();
  stage.querySelectorAll("line.edge").forEach((e) => panel.edges.set(e.dataset.path, e));
  panel.pane = make("div", "pane");
  el.appendChild(panel.pane);
  el.addEventListener("click", () => setFocus(panel));
  show(panel, Math.min(1, n));
  return panel;
}

function toggle(panel) {
  if (panel.timer) {
    clearInterval(panel.timer);
    panel.timer = null;
    panel.play.textContent = "play";
    return;
  }
  if (panel.step >= panel.run.steps.length) show(panel, 0);
  panel.play.textContent = "pause";
  panel.timer = setInterval(() => {
    if (panel.step >= panel.run.steps.length) toggle(panel);
    else show(panel, panel.step + 1);
  }, Number(panel.speed.value));
}

// The state after the first `n` events.
function replay(events, n) {
  const s = {
    window: new Map(), returned: new Map(), order: new Map(), visited: new Set(),
    cut: new Map(), skipped: [], count: 0, open: null, stack: [], passes: [],
    table: [], nulls: [], pass: 0,
    // Proof-number searches: each node's numbers with their pass, the
    // pass's question, pns's most-proving node, dfpn's calls in progress.
    numbers: new Map(), question: null, mpn: null, calls: [],
    // What the search has established of each node's value, as the
    // events say it (`b`): `6`, or a bound such as `≥2`.
    known: new Map(),
  };
  const visit = (p) => {
    for (let q = p; q !== null && !s.visited.has(q); q = parent(q)) s.visited.add(q);
  };
  const number = (p) => {
    s.count += 1;
    if (!s.order.has(p)) s.order.set(p, []);
    s.order.get(p).push(s.count);
  };
  for (let i = 0; i < n; i++) {
    const e = events[i];
    const p = e.p;
    visit(p);
    // A node reached again: the cuts that skipped it are over.
    if (e.k !== "pass") {
      s.cut.forEach((_, c) => { if (within(p, c)) s.cut.delete(c); });
      s.skipped = s.skipped.filter((root) => !within(p, root));
    }
    // A node searched anew: what it and its subtree returned before is over.
    if (e.k === "enter" || e.k === "eval" || e.k === "test") {
      s.returned.forEach((_, q) => { if (within(q, p)) s.returned.delete(q); });
    }
    if (e.b) e.b.forEach(([q, text]) => s.known.set(q, text));
    switch (e.k) {
      case "enter": s.window.set(p, { w: e.w, pass: s.pass }); break;
      case "leaf": number(p); break;
      case "returns": case "evaluated": s.returned.set(p, "\u2192 " + e.v); break;
      case "settled":
        s.returned.set(p, "\u2192 " + e.v + (e.table ? " (table)" : ""));
        if (e.table) s.table.push(e.t.trim());
        break;
      case "tested": s.returned.set(p, e.holds ? "true" : "false"); s.stack.pop(); break;
      case "cut": case "testcut": {
        const child = (p === "" ? "" : p + ".") + e.f;
        const text = e.k === "cut" ? e.t.trim().replace(/^[^:]*: cut, /, "").replace(/:.*$/, "") : "settled";
        s.cut.set(child, { text: "\u2702 " + text, pass: s.pass });
        for (let j = 0; j < e.n; j++) s.skipped.push((p === "" ? "" : p + ".") + (e.f + j));
        break;
      }
      case "eval": case "test": s.stack.push({ p, t: e.t.trim() }); break;
      // A pass keeps the windows of the passes before, each with its pass.
      case "pass":
        s.pass = e.n; s.passes.push(e.t.trim()); s.returned.clear();
        s.question = e.q; s.mpn = null; s.calls = [];
        break;
      case "numbers": {
        s.numbers.set(p, { pn: e.pn, dn: e.dn, pass: s.pass });
        const top = s.calls[s.calls.length - 1];
        if (top && top.p === p) {
          top.pn = e.pn; top.dn = e.dn;
          if (e.returns) s.calls.pop();
        }
        break;
      }
      case "mpn": s.mpn = p; break;
      case "thresholds":
        s.calls.length = Math.min(s.calls.length, p === "" ? 0 : p.split(".").length);
        s.calls.push({ p, th: "pn < " + e.pn + ", dn < " + e.dn, pn: null, dn: null });
        break;
      case "null": s.nulls.push(e.t.trim()); break;
      case "open":
        if (e.c === 1) number(p);
        s.popped = s.open ? s.open.o[0] : null;
        s.open = e;
        e.o.forEach((st) => visit(st[0]));
        break;
    }
    if (e.k === "evaluated") s.stack.pop();
    mctsStep(s, e);
  }
  return s;
}

function show(panel, n) {
  const events = panel.run.steps;
  panel.step = n;
  panel.slider.value = String(n);
  const s = replay(events, n);
  s.proof = panel.proof;
  const last = n === events.length;
  const here = n > 0 ? events[n - 1].p : null;
  panel.el.dataset.step = String(n);
  panel.stepno.textContent = n === 0
    ? "before the search (" + events.length + " steps)"
    : "step " + n + " of " + events.length;
  panel.line.textContent = n > 0 ? events[n - 1].t : "";
  panel.nodes.forEach((g, p) => {
    const grey = !s.visited.has(p) && (last || s.skipped.some((root) => within(p, root)));
    g.classList.toggle("here", p === here);
    g.classList.toggle("visited", s.visited.has(p));
    g.classList.toggle("evaluated", s.order.has(p));
    g.classList.toggle("grey", grey);
    const entered = s.window.get(p);
    const stale = entered !== undefined && entered.pass !== s.pass;
    // A window of an earlier pass is greyed; the pane says which pass. A
    // proof-number search's windows are its pass's question, in the pane.
    g.querySelector(".window").textContent = entered === undefined || s.proof ? "" : entered.w;
    g.querySelector(".window").classList.toggle("stale", stale);
    g.querySelector(".returned").textContent = s.returned.get(p) || "";
    // Numbers of an earlier pass are greyed, as windows are.
    const numbers = s.numbers.get(p);
    const shown = g.querySelector(".numbers");
    shown.textContent = numbers === undefined ? "" : numbers.pn + "/" + numbers.dn;
    shown.classList.toggle("stale", numbers !== undefined && numbers.pass !== s.pass);
    g.querySelector(".order").textContent = (s.order.get(p) || []).join(",");
    // Inside a node, what the search knows of its value; with the
    // solution asked for, its minimax value (greyed where not yet known).
    const known = s.known.get(p);
    const solved = panel.solution.checked;
    const value = g.querySelector(".value");
    value.textContent = solved ? g.dataset.value : known || "";
    value.classList.toggle("solution", solved && known !== g.dataset.value);
    fit(value, g);
    const cut = g.querySelector(".cut");
    // A cut of an earlier pass, its subtree not searched since, is paler.
    const skip = s.cut.get(p);
    const staleCut = skip !== undefined && skip.pass !== s.pass;
    if (cut) {
      cut.textContent = skip ? skip.text : "";
      cut.classList.toggle("stale", staleCut);
    }
    const edge = panel.edges.get(p);
    if (edge) {
      edge.classList.toggle("grey", grey);
      edge.classList.toggle("cut", skip !== undefined);
      edge.classList.toggle("stale", staleCut);
    }
  });
  pane(panel, s, here);
}

// Squeezes a node's text into its shape if too long (`≥2 ≤6`).
function fit(text, g) {
  text.removeAttribute("textLength");
  if (!text.textContent) return;
  const shape = g.querySelector("rect, ellipse");
  const room = (shape.tagName === "rect" ? Number(shape.getAttribute("width"))
    : 2 * Number(shape.getAttribute("rx"))) - 4;
  if (text.getComputedTextLength() > room) {
    text.setAttribute("textLength", String(room));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

function list(title, items, ordered) {
  const box = make("div");
  box.appendChild(make("h4", "", title));
  const l = make(ordered ? "ol" : "ul");
  items.forEach((i) => l.appendChild(make("li", "", i)));
  box.appendChild(l);
  return box;
}

// What each Γ case does, by the Polish number the trace writes, in
// Stockman's words (h: the merit of the state popped).
const CASES = {
  1: "a live leaf: evaluated, it goes back solved with merit min(h, its value)",
  2: "a live MIN node: its first child goes in live with merit h",
  3: "a live MAX node: all its children go in live with merit h",
  4: "a solved child of a MAX node: the parent goes in solved with merit h, and the states below it leave OPEN",
  5: "a solved last child of a MIN node: the parent goes in solved with merit h",
  6: "a solved child of a MIN node, not its last: the next child goes in live with merit h",
};

// What the algorithm keeps, from the events replayed.
function pane(panel, s, here) {
  const p = panel.pane;
  p.textContent = "";
  if (s.mcts) return mctsPane(panel, p, s, here);
  if (s.open) {
    const e = s.open;
    const head = e.c === null
      ? "OPEN at step " + e.n + ": the root, live"
      : "OPEN at step " + e.n + ", after \u0393 case " + e.c + " (Stockman's case " + e.s + ")";
    p.appendChild(make("h4", "open-title", head));
    if (s.popped) {
      const [node, status, h] = s.popped;
      const what = "Popped (" + (node === "" ? "root" : node) + ", " +
        (status === "S" ? "solved" : "live") + ", " + h + "), the first state of OPEN before: " +
        (CASES[e.c] || "") + ".";
      p.appendChild(make("p", "popped", what));
    } else {
      p.appendChild(make("p", "popped", "OPEN starts with the root, live, merit " + e.o[0][2] + "."));
    }
    const table = make("table", "open");
    const tr = make("tr");
    ["", "node", "status", "merit h"].forEach((h) => tr.appendChild(make("th", "", h)));
    table.appendChild(tr);
    e.o.forEach((st, i) => {
      const row = make("tr");
      row.appendChild(make("td", "", String(i + 1)));
      row.appendChild(make("td", "", st[0] === "" ? "root" : st[0]));
      row.appendChild(make("td", "", st[1] === "S" ? "solved" : "live"));
      row.appendChild(make("td", "", st[2]));
      table.appendChild(row);
    });
    p.appendChild(table);
    return;
  }
  if (s.stack.length) {
    p.appendChild(list("SCOUT's calls in progress (outermost first)", s.stack.map((c) => c.t), false));
  }
  if (s.proof && s.question !== null) proofPane(p, s);
  else if (s.passes.length) p.appendChild(list("MT passes", s.passes, true));
  if (s.table.length) p.appendChild(list("Answered by the table", s.table, false));
  if (s.nulls.length) p.appendChild(list("NegaScout's null windows", s.nulls, true));
  if (here !== null && !s.proof) {
    const chain = [];
    for (let q = here; q !== null; q = parent(q)) {
      const entered = s.window.get(q);
      if (entered === undefined) continue;
      const pass = entered.pass > 0 ? ", pass " + entered.pass : "";
      chain.push((q === "" ? "root" : q) + ": " + entered.w + pass);
    }
    if (chain.length) p.appendChild(list("Windows from this node up", chain, false));
  }
}

// A node's numbers as the pane writes them, if known in this pass.
function numbersOf(s, q) {
  const n = s.numbers.get(q);
  return n === undefined || n.pass !== s.pass ? "not yet" : "pn " + n.pn + ", dn " + n.dn;
}

// A proof-number search's pane: the pass's question, the root's numbers,
// pns's most-proving path or dfpn's calls in progress with thresholds.
function proofPane(p, s) {
  const name = (q) => (q === "" ? "root" : q);
  p.appendChild(make("h4", "question", "Pass " + s.pass + ": is the value \u2265 " + s.question + "?"));
  p.appendChild(make("div", "root-numbers", "root: " + numbersOf(s, "") +
    " (proven at pn 0, disproven at dn 0; beside each node: pn/dn)"));
  if (s.mpn !== null) {
    const path = [];
    for (let q = s.mpn; q !== null; q = parent(q)) path.unshift(q);
    const items = path.map((q) => name(q) + (q === s.mpn ? ": most-proving" : ": " + numbersOf(s, q)));
    p.appendChild(list("Most-proving path (least pn at MAX, least dn at MIN)", items, false));
  }
  if (s.calls.length) {
    p.appendChild(make("h4", "", "Calls in progress, the root first"));
    const table = make("table", "calls");
    const tr = make("tr");
    ["node", "thresholds", "numbers"].forEach((h) => tr.appendChild(make("th", "", h)));
    table.appendChild(tr);
    s.calls.forEach((c) => {
      const row = make("tr");
      row.appendChild(make("td", "", name(c.p)));
      row.appendChild(make("td", "", c.th));
      row.appendChild(make("td", "", c.pn === null ? "not yet" : "pn " + c.pn + ", dn " + c.dn));
      table.appendChild(row);
    });
    p.appendChild(table);
  }
}

function fromAddress() {
  const args = new URLSearchParams(location.hash.slice(1));
  const t = Number(args.get("tree") || "1");
  const algo = args.get("algo");
  const step = args.get("step");
  const own = panels.filter((panel) => panel.el.dataset.tree === String(t));
  const asked = own.find((q) => q.run.algo === algo);
  const panel = asked || own[0];
  // A link to what the page does not hold says so, rather than show
  // another backend's search as if it were the one asked for.
  const notice = document.getElementById("notice");
  if (!panel) {
    notice.textContent = "Tree " + t + " is not in this page: it holds " + data.length + ".";
    notice.hidden = false;
    return;
  }
  notice.hidden = algo === null || asked !== undefined;
  if (!notice.hidden) {
    notice.textContent = algo + " is not in this page, which holds " +
      own.map((q) => q.run.algo).join(", ") + " (a build without it, or --algo left it out); showing " +
      panel.run.algo + ".";
  }
  activate(own, panel);
  if (step !== null && notice.hidden) {
    const n = Math.max(0, Math.min(Number(step) || 0, panel.run.steps.length));
    show(panel, n);
  }
  panel.el.scrollIntoView();
}

document.addEventListener("keydown", (event) => {
  if (!focused || event.target.tagName === "SELECT") return;
  const n = focused.run.steps.length;
  const moves = {
    ArrowRight: () => Math.min(focused.step + 1, n),
    ArrowLeft: () => Math.max(focused.step - 1, 0),
    Home: () => Math.min(1, n),
    End: () => n,
  };
  if (moves[event.key]) {
    event.preventDefault();
    show(focused, moves[event.key]());
  } else if (event.key === " ") {
    event.preventDefault();
    toggle(focused);
  }
});

build();
fromAddress();
window.addEventListener("hashchange", fromAddress);
