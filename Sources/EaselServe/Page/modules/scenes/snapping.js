// Interface Builder's alignment guides: a drag of instances snaps their edges and centres onto the
// other instances' and the scene's, within 4 screen pixels, and the lines they meet are drawn.
import { $ } from "../dom.js";
import { shownScene } from "../subject.js";
import { sceneSize } from "./scenes.js";

/** The offset (`dx`, `dy`, in points) of instances `group` (frames `starts`) moved so that their
 *  bounds' left, centre or right (top, middle or bottom) lie on another instance's, or on the
 *  scene's edges or centre, when within 4 screen pixels; and the guides to draw
 *  ({axis: "x"|"y", at: points}). */
export function snapMove(group, starts, dx, dy, zoom) {
  const tolerance = 4 / zoom;
  const targets = snapTargets(group);
  const low = { x: Math.min(...starts.map((f) => f[0])), y: Math.min(...starts.map((f) => f[1])) };
  const high = { x: Math.max(...starts.map((f) => f[0] + f[2])), y: Math.max(...starts.map((f) => f[1] + f[3])) };
  const offset = { x: dx, y: dy };
  const guides = [];
  for (const axis of ["x", "y"]) {
    const edges = () => [low[axis] + offset[axis], (low[axis] + high[axis]) / 2 + offset[axis], high[axis] + offset[axis]];
    let best = null;
    for (const edge of edges()) for (const t of targets[axis]) {
      const d = t - edge;
      if (Math.abs(d) <= tolerance && (best === null || Math.abs(d) < Math.abs(best))) best = d;
    }
    if (best === null) continue;
    offset[axis] += best;
    const on = edges();
    for (const t of new Set(targets[axis])) if (on.some((edge) => Math.abs(edge - t) < 1e-9)) guides.push({ axis, at: t });
  }
  return { dx: offset.x, dy: offset.y, guides };
}

/** What a drag of instances `group` snaps onto: the scene's edges and centre and every other
 *  instance's edges and centre ({x: [points], y: [points]}). */
function snapTargets(group) {
  const [sw, sh] = sceneSize();
  const targets = { x: [0, sw / 2, sw], y: [0, sh / 2, sh] };
  shownScene().document.instances.forEach((inst, i) => {
    if (group.includes(i)) return;
    const [x, y, w, h] = inst.frame.split(",").map(Number);
    targets.x.push(x, x + w / 2, x + w);
    targets.y.push(y, y + h / 2, y + h);
  });
  return targets;
}

/** The alignment guides of a resize from `corner`: frame `f` (x, y, width, height) of instance
 *  `index`, changed in place so that its moving edges (left or right, top or bottom) lie on
 *  another instance's or the scene's edges or centre when within 4 screen pixels (the opposite
 *  edges stay put; at least a point a side); returns the guides to draw. */
export function snapResize(index, f, corner, zoom) {
  const tolerance = 4 / zoom;
  const targets = snapTargets([index]);
  const guides = [];
  for (const [axis, low] of [["x", corner.includes("w")], ["y", corner.includes("n")]]) {
    const [o, s] = axis === "x" ? [0, 2] : [1, 3];
    const edge = low ? f[o] : f[o] + f[s];
    let best = null;
    for (const t of targets[axis]) {
      const d = t - edge;
      if (Math.abs(d) <= tolerance && (best === null || Math.abs(d) < Math.abs(best))) best = d;
    }
    if (best === null) continue;
    const size = low ? f[s] - best : f[s] + best;
    if (size < 1) continue;
    if (low) f[o] += best;
    f[s] = size;
    guides.push({ axis, at: edge + best });
  }
  return guides;
}

/** Draws the alignment guides (thin lines across the scene) of a drag; none: they go. */
export function drawGuides(guides, zoom) {
  const layer = $("guides");
  layer.replaceChildren(...guides.map((g) => {
    const line = document.createElement("div");
    line.className = `guide guide-${g.axis}`;
    line.dataset.axis = g.axis;
    line.dataset.at = String(g.at);
    if (g.axis === "x") line.style.left = `${g.at * zoom}px`; else line.style.top = `${g.at * zoom}px`;
    return line;
  }));
}
