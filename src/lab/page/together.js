// Several trees, one shown at a time; several panels side by side, moved
// together in lockstep, and where their searches part. What each step
// shows is page.js's; the leaves each search evaluates are read from its
// trace's events.

// "Previous tree", "next tree": a page of several trees shows one.
function treeNav() {
  const nav = make("nav", "treenav");
  const back = make("button", "", "\u2190 previous tree");
  back.title = "previous tree";
  back.addEventListener("click", () => showTree(currentTree - 1));
  const next = make("button", "", "next tree \u2192");
  next.title = "next tree";
  next.addEventListener("click", () => showTree(currentTree + 1));
  const where = make("span", "where");
  nav.append(back, where, next);
  return nav;
}

// Shows tree `t` (from 1) alone; the others wait, each at its step.
function showTree(t) {
  if (t < 1 || t > sections.length) return;
  currentTree = t;
  sections.forEach((sec) => { sec.el.hidden = sec.t + 1 !== t; });
  const nav = document.querySelector(".treenav");
  if (nav) {
    const [back, where, next] = nav.children;
    where.textContent = "tree " + t + " of " + sections.length + ": " + data[t - 1].title;
    back.disabled = t === 1;
    next.disabled = t === sections.length;
  }
  const sec = sections[t - 1];
  const shown = sec.own.find((p) => p.el.classList.contains("active")) || sec.own[0];
  if (shown) setFocus(shown);
  refit(sec);
}

// Side by side: the panels chosen (at first the one shown and the next)
// as columns, each fitted to its column.
function setSide(sec, on) {
  sec.side = on;
  sec.sideBox.checked = on;
  sec.row.classList.toggle("side", on);
  sec.lockChoice.disabled = !on;
  if (on && sec.own.filter((p) => p.beside).length < 2) {
    const first = sec.own.find((p) => p.el.classList.contains("active")) || sec.own[0];
    const next = sec.own[(sec.own.indexOf(first) + 1) % sec.own.length];
    sec.own.forEach((p) => { p.beside = p === first || p === next; });
  }
  tabsOn(sec);
  setLock(sec, on ? sec.lock : "off");
}

function besides(sec, panel, on) {
  // Side by side keeps at least one panel.
  if (!on && sec.own.filter((p) => p.beside).length < 2) return;
  panel.beside = on;
  tabsOn(sec);
  setLock(sec, sec.lock);
  if (on) setFocus(panel);
}

function tabsOn(sec) {
  sec.own.forEach((p) => {
    const on = sec.side ? p.beside : p.el.classList.contains("active");
    p.tab.classList.toggle("on", on);
    p.el.classList.toggle("beside", sec.side && p.beside);
  });
  refit(sec);
}

// The panels that move together: side by side, with a lockstep chosen.
function locked(sec) {
  return sec.side && sec.lock !== "off" ? sec.own.filter((p) => p.beside) : [];
}

function setLock(sec, how) {
  sec.lock = how;
  sec.lockChoice.value = how;
  const group = locked(sec);
  partings(sec, group);
  const lead = group.includes(focused) ? focused : group[0];
  if (lead) show(lead, lead.step);
  else sec.own.forEach((p) => markPart(p));
}

// The step of `other` that matches step `n` of `lead`: the same step, or
// by leaves the step at which `other` has evaluated as many leaves (before
// its first leaf while `lead` has evaluated none).
function matching(lead, other, how, n) {
  const last = other.run.steps.length;
  if (how === "step") return Math.min(n, last);
  const count = lead.leaves.filter((l) => l.step <= n).length;
  if (count === 0) {
    return Math.min(n, other.leaves.length ? other.leaves[0].step - 1 : last);
  }
  return count <= other.leaves.length ? other.leaves[count - 1].step : last;
}

// Where the panels part: against the first panel, the first leaf each
// evaluates that the other does not evaluate at that place in its order.
function partings(sec, group) {
  sec.parts.textContent = "";
  sec.own.forEach((p) => { p.parts = []; });
  sec.parts.hidden = group.length < 2;
  if (group.length < 2) return;
  const [first, ...rest] = group;
  const name = (q) => (q === "" ? "root" : q);
  rest.forEach((other) => {
    const a = first.leaves;
    const b = other.leaves;
    let k = 0;
    while (k < a.length && k < b.length && a[k].p === b[k].p) k += 1;
    const line = make("p", "part");
    if (k === a.length && k === b.length) {
      line.textContent = first.run.algo + " and " + other.run.algo +
        " evaluate the same " + k + " leaves in the same order.";
      sec.parts.appendChild(line);
      return;
    }
    const says = (q, l) => (k < l.length
      ? q.run.algo + " evaluates " + name(l[k].p) + " at its step " + l[k].step
      : q.run.algo + " no more (it evaluates " + l.length + ")");
    line.textContent = first.run.algo + " and " + other.run.algo + " part at leaf " + (k + 1) +
      ": " + says(first, a) + ", " + says(other, b) + ".";
    const go = make("button", "", "show where they part");
    const at = (l, q) => (k < l.length ? l[k].step : q.run.steps.length);
    go.addEventListener("click", () => {
      show(first, at(a, first));
      syncing = true;
      show(other, at(b, other));
      syncing = false;
    });
    line.appendChild(go);
    sec.parts.appendChild(line);
    first.parts.push({ step: at(a, first), with: other.run.algo, leaf: k + 1 });
    other.parts.push({ step: at(b, other), with: first.run.algo, leaf: k + 1 });
  });
}

// Beside the step's number, whether the panels part at this step.
function markPart(panel) {
  const here = (panel.parts || []).filter((q) => q.step === panel.step);
  panel.mark.textContent = here.map((q) => "parts from " + q.with + " here (leaf " + q.leaf + ")").join("; ");
  panel.mark.hidden = here.length === 0;
}

// Lockstep: the other panels side by side go to the step matching this
// one's (the same step, or as many leaves evaluated).
function lockstep(panel) {
  if (syncing) return;
  const sec = sections[Number(panel.el.dataset.tree) - 1];
  const group = sec ? locked(sec) : [];
  if (!group.includes(panel)) return;
  syncing = true;
  group.forEach((q) => { if (q !== panel) show(q, matching(panel, q, sec.lock, panel.step)); });
  syncing = false;
}
