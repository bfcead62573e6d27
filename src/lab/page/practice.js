"use strict";
// Practice: before a step, the learner predicts what the search does
// next, and the page checks the prediction against the trace's events.
// Nothing of an algorithm is computed here: each kind of question (a row
// of PRACTICE_QUESTIONS) reads its answer, and the sentence explaining
// it, from the events. The drawing shows only the steps before the one
// asked about, and the leaves' values, the search's input. MCTS's
// question also gives what UCB1 needs, as the events before it reveal it
// (mcts.js gathers it), and its answer's explanation the scores computed
// from those numbers, the learner's exercise.
// Also the classic exercise: mark the leaves the search never evaluates
// and fill in the values the inner nodes return, checked against the
// trace. The page's script (page.js) calls practiceMake for each panel
// and practiceShown after each step it shows.

// A node's name as the trace writes it.
function practiceName(p) {
  return p === "" ? "root" : p;
}

// What a learner types, as the trace writes it: ∞ is oo, a leading + is
// dropped (+oo is oo, +inf is inf), spaces do not count.
function practiceNorm(text) {
  const s = String(text).replace(/\s+/g, "").replace(/\u221e/g, "oo").toLowerCase();
  if (s === "root") return "";
  return s.replace(/^\+/, "");
}

// A window as the trace writes it, `(a, b)`, as the pair [a, b].
function practicePair(w) {
  return w.replace(/^\(|\)$/g, "").split(", ");
}

// A node's child number `k`.
function practiceChild(p, k) {
  return (p === "" ? "" : p + ".") + k;
}

// The trace's line of event `i`, as the learner reads it.
function practiceLine(x, i) {
  return "step " + (i + 1) + ": \u201c" + x.ev[i].t.trim() + "\u201d";
}

// The last event before `i` at `p` of one of `kinds`, its index or -1.
function practiceBefore(x, i, p, kinds) {
  for (let j = i - 1; j >= 0; j--) {
    if (x.ev[j].p === p && kinds.includes(x.ev[j].k)) return j;
  }
  return -1;
}

// What the children of `p` said between event `from` and event `to`.
function practiceChildren(x, from, to, say) {
  const out = [];
  for (let j = from + 1; j < to; j++) {
    const e = x.ev[j];
    if (e.p !== "" && parent(e.p) === x.ev[from].p) {
      const said = say(e);
      if (said !== null) out.push(practiceName(e.p) + ": " + said);
    }
  }
  return out;
}

const PRACTICE_EVENTS_ENDING_A_CHILD = ["leaf", "returns", "settled", "evaluated", "tested"];

// The kinds of question, in the order they are asked at one step. Each
// `ask(x, i)` says whether it asks about event `i` (the step i + 1), and
// if so what: `at` the number of steps shown while it is asked, the
// prompt, the input (`choice` with options, `node`, `nodes`, `pair`,
// `state`), what else it shows (`shown`, if any, makes it), the answer as
// the input gives it, and `why`: what the trace did and why, one
// sentence. A new kind of question is one more row.
const PRACTICE_QUESTIONS = [
  { // The next leaf evaluated, asked right after the leaf before it.
    kind: "leaf",
    ask(x, i) {
      const e = x.ev[i];
      // MCTS's leaves are its playouts', random: nothing to predict.
      if (e.k !== "leaf" || x.proof || x.mcts) return null;
      let at = i;
      while (at > 0 && x.ev[at - 1].k !== "leaf") at--;
      const cuts = [];
      for (let j = at; j < i; j++) {
        if (x.ev[j].k === "cut" || x.ev[j].k === "testcut") cuts.push("\u201c" + x.ev[j].t.trim() + "\u201d");
      }
      return {
        at,
        prompt: (at === 0 ? "Which leaf does the search evaluate first?" : "Which leaf does the search evaluate next?") +
          " Click it in the drawing.",
        input: { type: "node" },
        answer: e.p,
        why: "The next leaf evaluated is " + practiceName(e.p) + " (" + practiceLine(x, i) + ")" +
          (cuts.length ? ", after the cuts " + cuts.join(", ") + " skipped the leaves before it" : "") + ".",
      };
    },
  },
  { // The window of an MT pass (a driver's next question).
    kind: "pass",
    ask(x, i) {
      const e = x.ev[i];
      if (e.k !== "pass" || x.proof) return null;
      const j = practiceBefore(x, i, "", ["returns", "settled"]);
      return {
        at: i,
        prompt: "Pass " + e.n + " begins. With which window does it search the root?",
        input: { type: "pair", labels: ["\u03b1", "\u03b2"] },
        answer: practicePair(e.w).map(practiceNorm).join(","),
        why: "Pass " + e.n + " searches with " + e.w + " (" + practiceLine(x, i) + ")" +
          (j < 0 ? ", the driver's first window" : ", set by the driver from what the pass before returned (" +
            practiceLine(x, j) + ")") + ".",
      };
    },
  },
  { // SCOUT: whether EVAL follows a child's TEST.
    kind: "eval",
    ask(x, i) {
      if (i === 0) return null;
      const before = x.ev[i - 1];
      if (before.k !== "tested" || before.p === "") return null;
      // Only where the parent is in its EVAL: its latest call is one.
      const call = practiceBefore(x, i, parent(before.p), ["eval", "test", "evaluated", "tested"]);
      if (call < 0 || x.ev[call].k !== "eval") return null;
      const yes = x.ev[i].k === "eval" && x.ev[i].p === before.p;
      const c = practiceName(before.p);
      return {
        at: i,
        prompt: c + "'s TEST answered " + before.holds + ". Does SCOUT now EVAL " + c + "?",
        input: { type: "choice", options: [["yes", "yes, EVAL " + c], ["no", "no"]] },
        answer: yes ? "yes" : "no",
        why: (yes ? "SCOUT EVALs " + c + " (" + practiceLine(x, i) + ")" : "SCOUT does not EVAL " + c + " (" + practiceLine(x, i) + ")") +
          ": it EVALs a child only when the child's TEST says it beats its parent's best so far (" +
          practiceLine(x, i - 1) + ").",
      };
    },
  },
  { // What a node does once a child is done: cut, go on, search again.
    kind: "next",
    ask(x, i) {
      if (i === 0 || x.proof) return null;
      const before = x.ev[i - 1];
      const c = before.p;
      const ends = PRACTICE_EVENTS_ENDING_A_CHILD.includes(before.k) || (before.k === "null" && before.w === null);
      if (!ends || c === "") return null;
      const p = parent(c);
      const k = Number(c.slice(c.lastIndexOf(".") + 1));
      if (!x.nodes.has(practiceChild(p, k + 1))) return null;
      const e = x.ev[i];
      let answer = null;
      let why = "";
      if ((e.k === "cut" || e.k === "testcut") && e.p === p) {
        answer = "cut";
        why = e.k === "testcut"
          ? practiceName(p) + "'s TEST is settled by what " + practiceName(c) + " answered, so its other children need no TEST"
          : e.max
            ? "at a MAX node, once the best so far (" + e.best + ") reaches \u03b2 (" + e.bound + "), the MIN node above will not let play come here"
            : "at a MIN node, once the best so far (" + e.best + ") falls to \u03b1 (" + e.bound + "), the MAX node above will choose elsewhere";
        why = practiceName(p) + " cuts (" + practiceLine(x, i) + "): " + why + ".";
      } else if (e.k === "null" && e.p === c && e.w !== null) {
        answer = "again";
        why = practiceName(c) + "'s null window gave a value inside " + practiceName(p) +
          "'s window, so it is searched again (" + practiceLine(x, i) + ").";
      } else if (e.p !== c && e.p !== "" && parent(e.p) === p && ["enter", "leaf", "settled", "test", "eval"].includes(e.k)) {
        answer = "next";
        why = practiceName(p) + " goes on to " + practiceName(e.p) + " (" + practiceLine(x, i) +
          "): nothing its children have returned so far settles it.";
      }
      if (answer === null) return null;
      const options = [["cut", "it cuts: skips the children left"], ["next", "it goes on to its next child"]];
      if (x.nulls) options.push(["again", "it searches " + practiceName(c) + " again, with a wider window"]);
      return {
        at: i,
        prompt: practiceName(c) + " is done (" + practiceLine(x, i - 1) + "). What does " + practiceName(p) + " do next?",
        input: { type: "choice", options },
        answer,
        why,
      };
    },
  },
  { // Which children a cut skips.
    kind: "skips",
    ask(x, i) {
      const e = x.ev[i];
      if (e.k !== "cut" && e.k !== "testcut") return null;
      const skipped = [];
      for (let j = 0; j < e.n; j++) skipped.push(practiceChild(e.p, e.f + j));
      return {
        at: i,
        prompt: practiceName(e.p) + " cuts. Which of its children does it skip? Click each, then check.",
        input: { type: "nodes" },
        answer: skipped.slice().sort().join(","),
        why: practiceName(e.p) + " skips " + skipped.join(", ") + " (" + practiceLine(x, i) +
          "): a cut skips every child not yet searched.",
      };
    },
  },
  { // The window a child is entered with.
    kind: "window",
    ask(x, i) {
      const e = x.ev[i];
      if (e.k !== "enter" || e.p === "" || x.proof) return null;
      const p = parent(e.p);
      const j = practiceBefore(x, i, p, ["enter"]);
      const returned = j < 0 ? [] : practiceChildren(x, j, i, (c) =>
        ["returns", "leaf", "settled"].includes(c.k) || (c.k === "null" && c.w === null) ? c.v : null);
      let why = practiceName(e.p) + " is entered with " + e.w + " (" + practiceLine(x, i) + ")";
      if (j >= 0) {
        why += ": its parent's window, " + x.ev[j].w + " (" + practiceLine(x, j) + ")" +
          (returned.length ? ", narrowed by what its children returned so far (" + returned.join(", ") + ")" : "");
      }
      if (x.nulls) why += "; NegaScout tries each child after the first with a null window first";
      return {
        at: i,
        prompt: practiceName(e.p) + " is entered next. With which window?",
        input: { type: "pair", labels: ["\u03b1", "\u03b2"] },
        answer: practicePair(e.w).map(practiceNorm).join(","),
        why: why + ".",
      };
    },
  },
  { // SCOUT: what a TEST at an inner node answers.
    kind: "test",
    ask(x, i) {
      const e = x.ev[i];
      if (e.k !== "tested") return null;
      const j = practiceBefore(x, i, e.p, ["test"]);
      if (j < 0) return null;
      const question = x.ev[j].t.trim().replace(/^[^:]*: /, "");
      const said = practiceChildren(x, j, i, (c) =>
        c.k === "tested" || (c.k === "leaf" && c.holds !== undefined) ? String(c.holds) : null);
      return {
        at: i,
        prompt: practiceName(e.p) + ": " + question + ". Does it hold?",
        input: { type: "choice", options: [["true", "true"], ["false", "false"]] },
        answer: String(e.holds),
        why: "It is " + e.holds + " (" + practiceLine(x, i) + "): a TEST at a MAX node holds once one child's holds, at a MIN node only if every child's does" +
          (said.length ? " (here " + said.join(", ") + ")" : "") + ".",
      };
    },
  },
  { // SSS*: the Γ case that applies to the state popped.
    kind: "case",
    ask(x, i) {
      const e = x.ev[i];
      if (e.k !== "open" || e.c === null || i === 0) return null;
      const [node, status, h] = x.ev[i - 1].o[0];
      const state = "(" + practiceName(node) + ", " + (status === "S" ? "solved" : "live") + ", " + h + ")";
      const options = Object.keys(CASES).map((c) => [c, "case " + c + ": " + CASES[c]]);
      return {
        at: i,
        prompt: "Step " + (i + 1) + " pops " + state + ", the first state of OPEN. Which \u0393 case applies?",
        input: { type: "choice", options },
        answer: String(e.c),
        why: "Case " + e.c + " (" + practiceLine(x, i) + "): " + state + " is " + CASES[e.c] + ".",
      };
    },
  },
  { // SSS*: the state popped next, first in OPEN after the step.
    kind: "popped",
    ask(x, i) {
      const e = x.ev[i];
      if (e.k !== "open" || i === 0 || e.o.length === 0) return null;
      const [node, status, h] = e.o[0];
      return {
        at: i,
        prompt: "After step " + (i + 1) + ", which state is first in OPEN, to be popped next? Click its node, then say live or solved.",
        input: { type: "state" },
        answer: node + "," + status,
        why: "After " + practiceLine(x, i) + " OPEN begins with (" + practiceName(node) + ", " +
          (status === "S" ? "solved" : "live") + ", " + h + "): OPEN is kept in order of merit h, highest first.",
      };
    },
  },
  { // How a pass ends: fails high or low (proves or disproves).
    kind: "outcome",
    ask(x, i) {
      const e = x.ev[i];
      if (e.fail === undefined) return null;
      const j = practiceBefore(x, i, "", ["pass"]);
      if (j < 0) return null;
      const pass = x.ev[j];
      const options = x.proof
        ? [["high", "it proves the value \u2265 " + pass.q], ["low", "it disproves it: the value < " + pass.q]]
        : [["high", "it fails high: the value \u2265 \u03b2"], ["low", "it fails low: the value \u2264 \u03b1"]];
      const word = x.proof ? (e.fail === "high" ? "proves" : "disproves") : "fails " + e.fail;
      return {
        at: i,
        prompt: "How does pass " + pass.n + " (window " + pass.w + ") end?",
        input: { type: "choice", options },
        answer: e.fail,
        why: "Pass " + pass.n + " " + word + ": " + practiceLine(x, i) + (x.proof
          ? (e.fail === "high" ? ", a proof number 0 proves" : ", a disproof number 0 disproves")
          : (e.fail === "high" ? ", at least \u03b2 of " : ", at most \u03b1 of ") + pass.w) + ".",
      };
    },
  },
  { // pns: the most-proving node, expanded next.
    kind: "mpn",
    ask(x, i) {
      const e = x.ev[i];
      if (e.k !== "mpn") return null;
      return {
        at: i,
        prompt: "Which node does pns expand next, the most-proving node? Click it.",
        input: { type: "node" },
        answer: e.p,
        why: "It is " + practiceName(e.p) + " (" + practiceLine(x, i) + "): from the root pns follows at each MAX node " +
          "the child of least proof number, at each MIN node the child of least disproof number, down to a node not yet expanded.",
      };
    },
  },
  { // df-pn: the thresholds a child is entered with.
    kind: "thresholds",
    ask(x, i) {
      const e = x.ev[i];
      if (e.k !== "thresholds" || e.p === "") return null;
      const j = practiceBefore(x, i, parent(e.p), ["thresholds"]);
      return {
        at: i,
        prompt: "df-pn enters " + practiceName(e.p) + " next. With which thresholds?",
        input: { type: "pair", labels: ["pn <", "dn <"] },
        answer: practiceNorm(e.pn) + "," + practiceNorm(e.dn),
        why: practiceName(e.p) + " gets pn < " + e.pn + ", dn < " + e.dn + " (" + practiceLine(x, i) + ")" +
          (j < 0 ? "" : ", from its parent's (" + practiceLine(x, j) + ")") +
          ": at a MAX node the child of least pn gets pn < min(the parent's, the second least pn + 1) and dn < the parent's less " +
          "the other children's dn; at a MIN node the same with pn and dn swapped.",
      };
    },
  },
  { // MCTS: the child UCB1 selects, from what the trace has shown.
    kind: "ucb",
    ask(x, i) {
      const e = x.ev[i];
      const ch = x.choices[i];
      // A node of one child leaves nothing to choose.
      if (!ch || ch.kids.length < 2) return null;
      const how = e.ucb === null
        ? "the first child, in the tree's order, not settled and never visited"
        : "every child not settled has been visited, and it has the highest mean + C\u221a(ln N / n)";
      return {
        at: i,
        prompt: "Iteration " + ch.iteration + ", selection at " + practiceName(ch.at) +
          ": which child does UCB1 select next? Click it.",
        input: { type: "node" },
        shown: () => mctsChoiceShown(ch),
        answer: e.p,
        why: "UCB1 selects " + practiceName(e.p) + " (" + practiceLine(x, i) + "): " + how +
          ". From the numbers given: " + mctsScores(ch).join("; ") + ".",
      };
    },
  },
];

// The questions on a run, in the order asked: by the step shown, then
// by the table's order.
function practiceQuestions(panel) {
  const ev = panel.run.steps;
  const x = {
    ev,
    proof: panel.proof,
    nulls: ev.some((e) => e.k === "null"),
    nodes: panel.nodes,
    mcts: ev.some((e) => e.k === "iteration"),
    choices: mctsChoices(ev, panel.nodes),
  };
  const out = [];
  ev.forEach((_, i) => {
    PRACTICE_QUESTIONS.forEach((row, r) => {
      const q = row.ask(x, i);
      if (q) out.push(Object.assign(q, { kind: row.kind, i, row: r }));
    });
  });
  return out.sort((a, b) => a.at - b.at || a.i - b.i || a.row - b.row);
}

// The classic exercise's answers, from the events: the leaves never
// evaluated (a leaf event, or SSS*'s case 1, evaluates one) and the value
// each inner node returned last (none where the trace returns none).
function practiceExerciseAnswers(panel) {
  const evaluated = new Map();
  const values = new Map();
  panel.run.steps.forEach((e, i) => {
    if (e.k === "leaf" || (e.k === "open" && e.c === 1)) {
      if (!evaluated.has(e.p)) evaluated.set(e.p, i);
    }
    if (["returns", "evaluated", "settled"].includes(e.k) && !panel.leafNodes.includes(e.p)) values.set(e.p, i);
  });
  return { evaluated, values };
}

function practiceMake(panel) {
  panel.leafNodes = [];
  panel.inner = [];
  panel.nodes.forEach((g, p) => {
    const inner = panel.nodes.has(practiceChild(p, 1));
    (inner ? panel.inner : panel.leafNodes).push(p);
    g.addEventListener("click", () => practicePick(panel, p));
  });
  const box = make("div", "practice");
  const button = (label, cls, action) => {
    const b = make("button", cls, label);
    b.addEventListener("click", () => { setFocus(panel); action(); });
    box.appendChild(b);
    return b;
  };
  button("practise: predict each step", "practise", () => practiceStart(panel));
  button("exercise: mark and fill", "exercise", () => practiceExercise(panel));
  const next = button("next tree", "next-tree", () => practiceNextTree(panel));
  next.hidden = Number(panel.el.dataset.tree) >= data.length;
  button("stop", "stop", () => practiceStop(panel));
  panel.practiceArea = make("div", "practice-area");
  box.appendChild(panel.practiceArea);
  panel.el.insertBefore(box, panel.stepno.parentNode);
  panel.practiceBox = box;
  panel.practice = null;
  panel.exercise = null;
}

// After page.js shows a step: stepping by other means (keys, a link)
// leaves practice; while practising, the leaves show their values.
function practiceShown(panel, n) {
  if (panel.practice && panel.practice.showing !== n) practiceStop(panel);
  if (panel.exercise && n !== 0) practiceStop(panel);
  const on = panel.practice !== null || panel.exercise !== null;
  panel.leafNodes.forEach((p) => {
    const g = panel.nodes.get(p);
    const value = g.querySelector(".value");
    const given = on && !value.textContent;
    if (given) value.textContent = g.dataset.value;
    value.classList.toggle("given", given);
    g.classList.toggle("pruned", panel.exercise !== null && panel.exercise.marked.has(p));
  });
  panel.nodes.forEach((g, p) => {
    g.classList.toggle("picked", panel.practice !== null && panel.practice.picked.has(p));
  });
}

function practiceStop(panel) {
  panel.practice = null;
  panel.exercise = null;
  panel.el.classList.remove("practising", "exercising");
  panel.practiceArea.textContent = "";
  show(panel, panel.step);
}

function practiceShow(panel, n) {
  if (panel.practice) panel.practice.showing = n;
  show(panel, n);
}

function practiceStart(panel) {
  panel.exercise = null;
  panel.el.classList.remove("exercising");
  panel.el.classList.add("practising");
  panel.solution.checked = false;
  panel.practice = {
    questions: practiceQuestions(panel), k: 0, right: 0, first: null, showing: -1,
    picked: new Set(), node: null, last: null,
  };
  practiceAsk(panel);
}

// The learner clicked a node of the drawing.
function practicePick(panel, p) {
  if (panel.exercise) {
    if (!panel.leafNodes.includes(p)) return;
    const box = panel.practiceArea.querySelector("input[data-leaf=\"" + p + "\"]");
    if (box) box.checked = !box.checked;
    practiceMarks(panel);
    return;
  }
  const st = panel.practice;
  if (!st || st.k >= st.questions.length) return;
  const type = st.questions[st.k].input.type;
  if (type === "node") practiceAnswer(panel, p);
  else if (type === "nodes") {
    if (st.picked.has(p)) st.picked.delete(p);
    else st.picked.add(p);
    practiceShow(panel, st.showing);
  } else if (type === "state") {
    st.picked = new Set([p]);
    practiceShow(panel, st.showing);
  }
}

// A text field that keeps its keys from the page's stepping keys.
function practiceField(label, cls) {
  const wrap = make("label", cls, label + " ");
  const input = make("input");
  input.type = "text";
  input.size = 8;
  input.addEventListener("keydown", (event) => event.stopPropagation());
  wrap.appendChild(input);
  return [wrap, input];
}

function practiceAsk(panel) {
  const st = panel.practice;
  const area = panel.practiceArea;
  const feedback = area.querySelector(".feedback");
  area.textContent = "";
  if (feedback) area.appendChild(feedback);
  st.picked = new Set();
  if (st.k >= st.questions.length) {
    practiceShow(panel, panel.run.steps.length);
    practiceSummary(panel);
    return;
  }
  const q = st.questions[st.k];
  practiceShow(panel, q.at);
  const box = make("div", "question");
  box.dataset.kind = q.kind;
  box.dataset.step = String(q.i + 1);
  box.dataset.number = String(st.k + 1);
  box.appendChild(make("div", "count", "Question " + (st.k + 1) + " of " + st.questions.length +
    " \u00b7 score " + st.right + " of " + st.k));
  box.appendChild(make("p", "prompt", q.prompt));
  if (q.shown) box.appendChild(q.shown());
  const row = make("div", "answers");
  const check = (read) => {
    const b = make("button", "check", "check");
    b.addEventListener("click", () => practiceAnswer(panel, read()));
    row.appendChild(b);
  };
  const type = q.input.type;
  if (type === "choice") {
    q.input.options.forEach(([value, label]) => {
      const b = make("button", "option", label);
      b.dataset.answer = value;
      b.addEventListener("click", () => practiceAnswer(panel, value));
      row.appendChild(b);
    });
  } else if (type === "pair") {
    const [a, ai] = practiceField(q.input.labels[0], "first");
    const [b, bi] = practiceField(q.input.labels[1], "second");
    row.appendChild(a);
    row.appendChild(b);
    check(() => practiceNorm(ai.value) + "," + practiceNorm(bi.value));
  } else if (type === "node") {
    const [f, fi] = practiceField("or type its path", "path");
    row.appendChild(f);
    check(() => practiceNorm(fi.value));
  } else if (type === "nodes") {
    check(() => [...st.picked].sort().join(","));
  } else if (type === "state") {
    [["L", "live"], ["S", "solved"]].forEach(([value, label]) => {
      const b = make("button", "option", label);
      b.dataset.answer = value;
      b.addEventListener("click", () => {
        if (st.picked.size) practiceAnswer(panel, [...st.picked][0] + "," + value);
      });
      row.appendChild(b);
    });
  }
  box.appendChild(row);
  area.appendChild(box);
}

// Checks an answer against the trace, says why, and asks the next.
function practiceAnswer(panel, given) {
  const st = panel.practice;
  const q = st.questions[st.k];
  const right = given === q.answer;
  if (right) st.right += 1;
  else if (st.first === null) st.first = { q, number: st.k + 1 };
  const area = panel.practiceArea;
  let feedback = area.querySelector(".feedback");
  if (!feedback) feedback = make("p", "feedback");
  feedback.dataset.verdict = right ? "right" : "wrong";
  feedback.dataset.step = String(q.i + 1);
  feedback.dataset.number = String(st.k + 1);
  feedback.textContent = (right ? "\u2713 Right. " : "\u2717 Not so (step " + (q.i + 1) + "). ") + q.why;
  area.prepend(feedback);
  st.k += 1;
  practiceAsk(panel);
}

function practiceSummary(panel) {
  const st = panel.practice;
  const n = st.questions.length;
  const box = make("div", "summary");
  box.dataset.right = String(st.right);
  box.dataset.asked = String(n);
  box.appendChild(make("p", "score", "Score: " + st.right + " of " + n + (st.right === n ? ". Every prediction right." : ".")));
  if (st.first) {
    const first = make("p", "first-mistake", "Your first mistake, question " + st.first.number + " (before step " +
      (st.first.q.i + 1) + "): " + st.first.q.prompt + " " + st.first.q.why);
    first.dataset.step = String(st.first.q.i + 1);
    box.appendChild(first);
  }
  const again = make("button", "retry", "try again");
  again.addEventListener("click", () => practiceStart(panel));
  box.appendChild(again);
  panel.practiceArea.appendChild(box);
}

// The classic exercise: on the bare tree, mark the leaves never
// evaluated and fill in what each inner node returns.
function practiceExercise(panel) {
  panel.practice = null;
  panel.el.classList.remove("practising");
  panel.el.classList.add("exercising");
  panel.solution.checked = false;
  panel.exercise = { marked: new Set() };
  const area = panel.practiceArea;
  area.textContent = "";
  const answers = practiceExerciseAnswers(panel);
  const form = make("div", "exercise-form");
  form.appendChild(make("p", "", "Mark the leaves " + panel.run.algo +
    " never evaluates: click them in the drawing, or tick them here."));
  const leaves = make("div", "leaves");
  panel.leafNodes.forEach((p) => {
    const label = make("label", "", " " + practiceName(p));
    const box = make("input");
    box.type = "checkbox";
    box.dataset.leaf = p;
    box.addEventListener("change", () => practiceMarks(panel));
    label.prepend(box);
    leaves.appendChild(label);
  });
  form.appendChild(leaves);
  const inputs = new Map();
  if (answers.values.size) {
    form.appendChild(make("p", "", "Fill in the value each inner node returns (the last, if it returns more than once; " +
      "a bound where it returns one); leave it empty where it returns none."));
    const values = make("div", "values");
    panel.inner.forEach((p) => {
      const [wrap, input] = practiceField(practiceName(p), "inner");
      input.dataset.inner = p;
      input.size = 4;
      inputs.set(p, input);
      values.appendChild(wrap);
    });
    form.appendChild(values);
  }
  const check = make("button", "check", "check");
  check.addEventListener("click", () => practiceExerciseCheck(panel, answers, inputs));
  form.appendChild(check);
  area.appendChild(form);
  show(panel, 0);
}

function practiceMarks(panel) {
  const marked = new Set();
  panel.practiceArea.querySelectorAll("input[data-leaf]").forEach((b) => { if (b.checked) marked.add(b.dataset.leaf); });
  panel.exercise.marked = marked;
  show(panel, 0);
}

function practiceExerciseCheck(panel, answers, inputs) {
  const ev = panel.run.steps;
  const wrong = [];
  panel.leafNodes.forEach((p) => {
    const never = !answers.evaluated.has(p);
    if (never === panel.exercise.marked.has(p)) return;
    if (!never) {
      wrong.push(practiceName(p) + " is evaluated, at step " + (answers.evaluated.get(p) + 1) + ": \u201c" +
        ev[answers.evaluated.get(p)].t.trim() + "\u201d.");
    } else {
      const cut = ev.findIndex((e) => (e.k === "cut" || e.k === "testcut") &&
        Array.from({ length: e.n }, (_, j) => practiceChild(e.p, e.f + j)).some((r) => within(p, r)));
      wrong.push(practiceName(p) + " is never evaluated" +
        (cut < 0 ? ": the search ends without reaching it." : ": \u201c" + ev[cut].t.trim() + "\u201d skipped it."));
    }
  });
  inputs.forEach((input, p) => {
    const j = answers.values.get(p);
    const want = j === undefined ? "" : ev[j].v;
    if (practiceNorm(input.value) === practiceNorm(want)) return;
    wrong.push(j === undefined
      ? practiceName(p) + " returns no value in this search: leave it empty."
      : practiceName(p) + " returns " + want + ", at step " + (j + 1) + ": \u201c" + ev[j].t.trim() + "\u201d.");
  });
  let result = panel.practiceArea.querySelector(".result");
  if (!result) {
    result = make("p", "result");
    panel.practiceArea.appendChild(result);
  }
  result.dataset.verdict = wrong.length ? "wrong" : "right";
  result.textContent = wrong.length
    ? "\u2717 " + wrong.length + " wrong. The first: " + wrong[0] + " Change it and check again."
    : "\u2713 Right: every leaf marked and every value as the trace has them.";
}

// The next tree of the page, with the same backend, in the same mode.
function practiceNextTree(panel) {
  const t = Number(panel.el.dataset.tree) + 1;
  const own = panels.filter((q) => q.el.dataset.tree === String(t));
  const target = own.find((q) => q.run.algo === panel.run.algo) || own[0];
  if (!target) return;
  const exercise = panel.exercise !== null;
  if (panel.practice || panel.exercise) practiceStop(panel);
  showTree(t);
  activate(own, target);
  target.el.scrollIntoView();
  if (exercise) practiceExercise(target);
  else practiceStart(target);
}
