// The open scene's instances on the canvas: a box per instance over the frame (a button named as
// the instance), which a click selects, a drag moves (its corners resize it) and the arrow keys
// nudge. This module owns whether an instance is being dragged.
import { $ } from "../dom.js";
import { shownScene } from "../subject.js";
import { isSelected, selection, selectInstance, toggleInstance } from "./selection.js";
import { commitFrame } from "./instances.js";
import { instanceLabel } from "./outline.js";
import { snapMove, snapResize, drawGuides } from "./snapping.js";

let dragging = false;      // an instance is being dragged (the scene is not read again under the pointer)
let justDragged = false;   // the click that ends a drag selects nothing

/** Whether an instance is being dragged now. */
export function isDragging() { return dragging; }

/** Draws the instances' boxes over the frame at `zoom`. */
export function drawInstanceBoxes(zoom) {
  const scene = shownScene();
  const box = $("instance-boxes");
  // The boxes are drawn anew after every frame: the one that had the focus gets it back (arrow keys
  // pressed faster than frames otherwise left it on <body> and the next presses went nowhere).
  const focused = [...box.children].indexOf(document.activeElement);
  box.replaceChildren();
  scene.document.instances.forEach((inst, i) => box.append(instanceBox(scene, inst, i, zoom)));
  if (focused >= 0) box.children[focused]?.focus();
}

function instanceBox(scene, inst, i, zoom) {
  const [x, y, w, h] = inst.frame.split(",").map(Number);
  const b = document.createElement("button");
  b.type = "button";
  const chosen = isSelected(i);
  b.className = "instance" + (chosen ? " selected" : "") + (chosen && scene.many ? " many" : "");
  b.setAttribute("aria-pressed", String(chosen));
  b.style.left = `${x * zoom}px`; b.style.top = `${y * zoom}px`;
  b.style.width = `${w * zoom}px`; b.style.height = `${h * zoom}px`;
  b.setAttribute("aria-label", instanceLabel(inst, i));
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    // Shift-, Ctrl- or Cmd-click adds the instance to the selection or takes it out of it.
    if (e.shiftKey || e.ctrlKey || e.metaKey) toggleInstance(i);
    else if (!justDragged) selectInstance(i);
    justDragged = false;
  });
  // The bottom right grip, and the other three corners' (Interface Builder's handles: a frame
  // could be resized only from its bottom right corner).
  b.addEventListener("pointerdown", (e) => dragInstance(e, i, zoom, e.target.classList.contains("grip") ? "se" : e.target.dataset.corner || null));
  b.addEventListener("keydown", (e) => nudgeInstance(e, i));
  const grip = document.createElement("span");
  grip.className = "grip";
  b.append(grip);
  for (const corner of ["nw", "ne", "sw"]) {
    const c = document.createElement("span");
    c.className = "corner";
    c.dataset.corner = corner;
    b.append(c);
  }
  return b;
}

/** Frame `start` (x, y, width, height) resized from `corner` by `dx`, `dy` points: the opposite
 *  corner stays put; at least a point a side. */
function resized(start, corner, dx, dy) {
  const f = [...start];
  if (corner.includes("w")) { f[2] = Math.max(1, start[2] - dx); f[0] = start[0] + start[2] - f[2]; }
  else f[2] = Math.max(1, start[2] + dx);
  if (corner.includes("n")) { f[3] = Math.max(1, start[3] - dy); f[1] = start[1] + start[3] - f[3]; }
  else f[3] = Math.max(1, start[3] + dy);
  return f;
}

/** Drags instance `index`: moves it (and every other selected instance with it, when it is
 *  selected: one edit, one undo step), snapping to the other instances' and the scene's edges and
 *  centres (not with Alt held), or with `corner` ("nw", "ne", "sw", "se") resizes it from that
 *  corner (the opposite corner stays put; at least a point a side). */
function dragInstance(e, index, zoom, corner) {
  if (e.shiftKey || e.ctrlKey || e.metaKey) return; // (a click that changes the selection)
  const group = !corner && isSelected(index) ? selection() : [index];
  const insts = group.map((i) => shownScene().document.instances[i]);
  const starts = insts.map((inst) => inst.frame.split(",").map(Number));
  const start = starts[group.indexOf(index)];
  const x0 = e.clientX, y0 = e.clientY;
  let moved = false;
  dragging = true; // (the scene is not read again under the pointer)
  const move = (ev) => {
    let dx = Math.round((ev.clientX - x0) / zoom), dy = Math.round((ev.clientY - y0) / zoom);
    if (!moved && Math.abs(dx) + Math.abs(dy) < 2) return;
    moved = true;
    if (corner) {
      const f = resized(start, corner, dx, dy);
      const guides = ev.altKey ? [] : snapResize(index, f, corner, zoom);
      insts[0].frame = f.join(",");
      drawInstanceBoxes(zoom);
      drawGuides(guides, zoom);
      return;
    }
    const snapped = ev.altKey ? { dx, dy, guides: [] } : snapMove(group, starts, dx, dy, zoom);
    insts.forEach((inst, k) => {
      const f = starts[k];
      inst.frame = [f[0] + snapped.dx, f[1] + snapped.dy, f[2], f[3]].join(",");
    });
    drawInstanceBoxes(zoom);
    drawGuides(snapped.guides, zoom);
  };
  const up = async () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    dragging = false;
    drawGuides([], zoom);
    if (!moved) return;
    // (The click that ends a drag selects nothing: a group moved stays selected.)
    justDragged = true;
    setTimeout(() => { justDragged = false; }, 0);
    await commitFrame(group.length > 1 ? null : index);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
}

// Arrow keys move the focused instance by a point (Shift: 10), and every selected instance with it
// when it is selected; with Alt they resize them. (No snapping: a press moves by what it says.)
async function nudgeInstance(e, index) {
  const d = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[e.key];
  if (!d) return;
  e.preventDefault();
  const step = e.shiftKey ? 10 : 1;
  const group = isSelected(index) ? selection() : [index];
  for (const i of group) {
    const inst = shownScene().document.instances[i];
    const f = inst.frame.split(",").map(Number);
    if (e.altKey) { f[2] = Math.max(1, f[2] + d[0] * step); f[3] = Math.max(1, f[3] + d[1] * step); }
    else { f[0] += d[0] * step; f[1] += d[1] * step; }
    inst.frame = f.join(",");
  }
  // (A burst of presses is one undo step.)
  await commitFrame(group.length > 1 ? null : index, `nudge:${group.map((i) => shownScene().ids[i]).join(",")}`);
  document.querySelectorAll(".instance")[index]?.focus();
}
