// The canvas: the frame shown (an <img> of a PNG the server drew), its zoom and background, and the
// render loop. This module owns what the last frame was (its size in points, its scale, a version
// counter) and whether a render is running; what to draw is the drawer app.js sets (the class
// alone or the scene).
import { $ } from "./dom.js";

let drawer = async () => {};   // draws the current view's frame (set by setDrawer)
let viewOf = () => "";         // names the current view ("class Gauge", "scene 0"; set by setDrawer)
let running = null;            // the draw running: { view, again } (again: asked for once more meanwhile)
let frameVersion = 0;          // counts canvas frames shown (tests wait on it: #canvas's data-version)
let lastSize = null;           // the size (points) of the last frame shown
let lastScale = 1;             // the pixels per point of the last frame shown ("Copy as command" names it)
const frameListeners = [];

/** Sets what renderCanvas runs to draw a frame, `draw(signal)` (its requests aborted through the
 *  AbortSignal when the page leaves the view), and `view()`, the name of the view it draws now. */
export function setDrawer(draw, view) { drawer = draw; viewOf = view; }

/** Calls `listener()` after every frame shown (the downloads and the command follow the view). */
export function onFrameShown(listener) { frameListeners.push(listener); }

/** The size, in points, of the last frame shown (null before the first). */
export function lastFrameSize() { return lastSize; }

/** The pixels per point the last frame shown was rendered at. */
export function lastFrameScale() { return lastScale; }

/** Whether a frame is being drawn. */
export function isRendering() { return running !== null; }

/** The canvas's zoom for a frame of `naturalWidth`×`naturalHeight` points: the zoom picked, or for
 *  Fit and Auto what fits the canvas area. */
export function zoomScale(naturalWidth, naturalHeight) {
  const z = $("zoom").value;
  if (z !== "fit" && z !== "auto") return Number(z);
  const area = $("canvas-area").getBoundingClientRect();
  // (No size yet, or the canvas tab hidden: what Auto and Fit come to is not known; 2× and 1×.)
  if (!naturalWidth || !naturalHeight || !area.width || !area.height) return z === "auto" ? 2 : 1;
  const fit = Math.max(0.25, Math.min(8, Math.min((area.width - 48) / naturalWidth, (area.height - 48) / naturalHeight)));
  // Auto (the default): 2×, or less when that does not fit (a whole scene at first sight, not its
  // top left corner), in quarter steps down to 1× and tenths below (scales a command line can
  // name: --scale 0.75, --scale 0.4; quarters alone showed a scene that fits at 0.48× at 0.25×).
  if (z !== "auto") return fit;
  const step = fit >= 1 ? 0.25 : 0.1;
  return Math.min(2, Math.max(0.25, Math.round(Math.floor(fit / step + 1e-9) * step * 100) / 100));
}

/** Pixels per point to render at: the zoom times the screen's pixel ratio, within the renderer's
 *  scales (0.1 to 16, which the server enforces: fit on a small class at a ratio of 3 asked for 24). */
export function renderScale(zoom) {
  return Math.min(16, Math.max(0.1, Math.round(zoom * (window.devicePixelRatio || 1) * 100) / 100));
}

/** Draws the current view's frame, one draw at a time (frames land in order); calls made while one
 *  is drawn are coalesced into one more. A draw of a view the page has left (a class whose frame is
 *  slow, then a scene opened) is abandoned: the drawer's requests are aborted through the signal it
 *  is given, so the new view's frame does not wait for the old one's (the scene waited for the
 *  class's frame). Drawing the two at once instead let the old one's last-good frame land last. */
export async function renderCanvas() {
  if (running) {
    running.again = true;
    if (running.view !== viewOf()) running.controller.abort();
    return;
  }
  running = { view: viewOf(), again: true, controller: new AbortController() };
  try {
    while (running.again) {
      running.again = false;
      running.view = viewOf();
      if (running.controller.signal.aborted) running.controller = new AbortController();
      await drawer(running.controller.signal).catch((e) => { if (e?.name !== "AbortError") throw e; });
    }
  } finally {
    running = null;
  }
}

/** Shows a frame: `scale` its pixels per point, `zoom` the canvas's zoom, `className` the class it
 *  shows ("" for a scene). Dispatches `easel:frame` on the document ({detail: {version}}). */
export async function showFrame(blob, scale, zoom, description, className) {
  const img = $("canvas");
  const url = URL.createObjectURL(blob);
  const next = new Image();
  next.src = url;
  await next.decode();
  const w = next.naturalWidth / scale, h = next.naturalHeight / scale;
  lastSize = { width: w, height: h };
  lastScale = scale;
  const old = img.src;
  img.src = url;
  img.alt = description;
  img.dataset.className = className;
  img.style.width = `${w * zoom}px`;
  img.style.height = `${h * zoom}px`;
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("frame").hidden = false;
  $("empty").hidden = true;
  $("frame").classList.remove("stale");
  frameVersion += 1;
  img.dataset.version = String(frameVersion);
  for (const listener of frameListeners) listener();
  document.dispatchEvent(new CustomEvent("easel:frame", { detail: { version: frameVersion } }));
}

/** No frame at all: the canvas says `text` instead ("no frame of … yet"). */
export function showNoFrame(text) {
  $("frame").hidden = true;
  $("canvas").removeAttribute("src");
  $("canvas").alt = "";
  $("canvas").dataset.className = "";
  $("empty").textContent = text;
  $("empty").hidden = false;
}

/** The W×H fields and the resize handle size a class on its own; a scene's instances are sized by
 *  their own grips, so there they are hidden (out of sight and out of the tab order). */
export function showClassSizeTools(shown) {
  $("size-fields").hidden = !shown;
  $("resize-handle").hidden = !shown;
}

/** Wires the canvas's own tools: the zoom (`naturalSize()`: the [width, height] in points of what
 *  is shown, or null), the background, and Fit and Auto following the canvas area's size. */
export function initCanvas({ naturalSize }) {
  $("zoom").addEventListener("change", () => renderCanvas());
  $("background").addEventListener("change", () => {
    $("canvas-area").className = "bg-" + $("background").value;
  });
  // Fit follows the canvas area, whatever changes its size (the window, the command row, notices,
  // the build log): a frame is rendered again when the fitting scale differs from the one shown.
  new ResizeObserver(() => {
    if (!["fit", "auto"].includes($("zoom").value) || !lastSize) return;
    const natural = naturalSize();
    if (natural && renderScale(zoomScale(...natural)) !== lastScale) renderCanvas();
  }).observe($("canvas-area"));
}
