// The tree's view in its panel: zoom, fit, pan, and following the step's
// node. What the page shows is page.js's; this only moves the drawing.

// Set while the page opens at a link: the window is moved once, after.
let settling = false;

// Zoom out, zoom in, fit, follow: the tree of up to 200 leaves readable
// in its panel, the step's node kept in view unless the learner pans away.
function zoomControls(panel, controls) {
  const button = (label, title, action) => {
    const b = make("button", "zoom", label);
    b.title = title;
    b.addEventListener("click", () => { setFocus(panel); action(); });
    controls.appendChild(b);
    return b;
  };
  button("-", "zoom out", () => zoomBy(panel, 1 / 1.25));
  panel.zoomText = make("span", "zoomed");
  controls.appendChild(panel.zoomText);
  button("+", "zoom in", () => zoomBy(panel, 1.25));
  button("fit", "fit the tree to the panel", () => fitTree(panel));
  panel.followButton = button("follow", "keep the step's node in view", () => setFollow(panel, !panel.following));
  panel.followButton.classList.add("follow");
  setFollow(panel, true);
}

function setFollow(panel, on) {
  panel.following = on;
  panel.followButton.classList.toggle("on", on);
  panel.followButton.setAttribute("aria-pressed", String(on));
  if (on && panel.stage) follow(panel);
}

// Zooming passes through 100%, the tree as drawn, rather than over it.
function zoomBy(panel, factor, at) {
  panel.fitted = false;
  const z = panel.zoom * factor;
  const across = (panel.zoom < 1 && z > 1) || (panel.zoom > 1 && z < 1);
  setZoom(panel, across ? 1 : z, at);
  follow(panel);
}

// Draws the tree at `z` (1: as drawn), the point `at` of the stage (its
// centre by default) kept where it is.
function setZoom(panel, z, at) {
  const stage = panel.stage;
  z = Math.max(0.02, Math.min(4, z));
  const ax = at ? at.x : stage.clientWidth / 2;
  const ay = at ? at.y : stage.clientHeight / 2;
  const cx = (stage.scrollLeft + ax) / panel.zoom;
  const cy = (stage.scrollTop + ay) / panel.zoom;
  panel.zoom = z;
  panel.svg.setAttribute("width", String(panel.size.w * z));
  panel.svg.setAttribute("height", String(panel.size.h * z));
  scrollStage(panel, cx * z - ax, cy * z - ay);
  panel.zoomText.textContent = Math.round(z * 100) + "%";
}

// The whole tree in the panel: as wide as the panel, as tall as the stage
// may be, never drawn larger than it is.
function fitTree(panel) {
  const stage = panel.stage;
  if (!stage.clientWidth) return;
  const high = parseFloat(getComputedStyle(stage).maxHeight) || window.innerHeight;
  const z = Math.min(1, (stage.clientWidth - 2) / panel.size.w, (high - 2) / panel.size.h);
  setZoom(panel, z);
  panel.fitted = true;
  follow(panel);
}

// A panel not zoomed by the learner is fitted again when its room changes.
function fitIfAsked(panel) {
  if (panel.fitted) fitTree(panel);
}

function refit(sec) {
  sec.own.forEach((p) => fitIfAsked(p));
}

function scrollStage(panel, left, top) {
  const stage = panel.stage;
  stage.scrollLeft = Math.max(0, left);
  stage.scrollTop = Math.max(0, top);
  panel.expect = { left: stage.scrollLeft, top: stage.scrollTop };
}

// Panning: drag the tree, scroll it, or its scroll bars; a wheel with
// Ctrl (or Alt, or Cmd) zooms at the pointer. Moving the view by hand
// stops following the step's node, until "follow" is pressed again.
function panning(panel) {
  const stage = panel.stage;
  let drag = null;
  stage.addEventListener("pointerdown", (e) => {
    panel.touched = Date.now();
    if (e.button !== 0 || e.target === stage) return;
    drag = { x: e.clientX, y: e.clientY, left: stage.scrollLeft, top: stage.scrollTop };
    stage.classList.add("dragging");
  });
  stage.addEventListener("pointermove", (e) => {
    if (!drag) return;
    panel.touched = Date.now();
    stage.scrollLeft = drag.left - (e.clientX - drag.x);
    stage.scrollTop = drag.top - (e.clientY - drag.y);
  });
  const stop = () => { drag = null; stage.classList.remove("dragging"); };
  stage.addEventListener("pointerup", stop);
  stage.addEventListener("pointerleave", stop);
  stage.addEventListener("wheel", (e) => {
    panel.touched = Date.now();
    if (!(e.ctrlKey || e.altKey || e.metaKey)) return;
    e.preventDefault();
    const box = stage.getBoundingClientRect();
    zoomBy(panel, e.deltaY < 0 ? 1.15 : 1 / 1.15, { x: e.clientX - box.left, y: e.clientY - box.top });
  }, { passive: false });
  stage.addEventListener("scroll", () => {
    const moved = Math.abs(stage.scrollLeft - panel.expect.left) > 2 ||
      Math.abs(stage.scrollTop - panel.expect.top) > 2;
    if (moved && Date.now() - panel.touched < 1500 && panel.following) setFollow(panel, false);
  });
}

// Keeps the step's node in view: in its stage, scrolled to the middle if
// it went out; and in the window, below the sticky controls.
function follow(panel) {
  if (!panel.following || !panel.stage.clientWidth) return;
  const g = panel.el.querySelector("g.node.here");
  if (!g) return;
  const stage = panel.stage.getBoundingClientRect();
  let node = g.getBoundingClientRect();
  const margin = 30;
  const outside = node.left < stage.left + margin || node.right > stage.right - margin ||
    node.top < stage.top + margin || node.bottom > stage.bottom - margin;
  if (outside) {
    const dx = (node.left + node.right) / 2 - (stage.left + stage.right) / 2;
    const dy = (node.top + node.bottom) / 2 - (stage.top + stage.bottom) / 2;
    scrollStage(panel, panel.stage.scrollLeft + dx, panel.stage.scrollTop + dy);
    node = g.getBoundingClientRect();
  }
  // Only the panel stepped moves the window, not those in lockstep with
  // it, nor the page setting itself up at a link.
  if (syncing || settling) return;
  const controls = panel.el.querySelector(".controls").getBoundingClientRect();
  const top = Math.max(0, controls.bottom) + 8;
  if (node.bottom > window.innerHeight - 8) window.scrollBy(0, node.bottom - window.innerHeight + 8 + margin);
  else if (node.top < top) window.scrollBy(0, node.top - top - margin);
}
