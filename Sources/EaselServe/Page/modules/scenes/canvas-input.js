// The pointer on the open scene's canvas beside the instances: a click deselects, a drag draws a
// rubber band that selects what it touches, and a library entry dropped there adds an instance.
import { $ } from "../dom.js";
import { shownScene } from "../subject.js";
import { lastFrameSize } from "../canvas.js";
import { selection, setSelection, selectInstance } from "./selection.js";
import { addInstance } from "./instances.js";
import { sceneSize } from "./scenes.js";

/** Wires the canvas area's pointer and drop handling for scenes. */
export function initSceneCanvas() {
  const area = $("canvas-area");
  area.addEventListener("dragover", (e) => {
    if (shownScene() && e.dataTransfer.types.includes("application/x-easel-class")) { e.preventDefault(); e.dataTransfer.dropEffect = "copy"; }
  });
  area.addEventListener("drop", (e) => {
    const name = e.dataTransfer.getData("application/x-easel-class");
    if (!shownScene() || !name || !lastFrameSize()) return;
    e.preventDefault();
    const r = $("canvas").getBoundingClientRect();
    const zoom = r.width / lastFrameSize().width;
    addInstance(name, { x: (e.clientX - r.left) / zoom, y: (e.clientY - r.top) / zoom });
  });
  // A click on the canvas beside every instance deselects, as in Interface Builder.
  // (Only a press that began there too: a drag ending beside the instance it moved is no such click.)
  let pressedBeside = false;
  area.addEventListener("pointerdown", (e) => {
    pressedBeside = !e.target.closest?.(".instance, #overlay, #resize-handle");
    if (pressedBeside && shownScene() && e.button === 0) marqueeSelect(e, () => { pressedBeside = false; });
  });
  area.addEventListener("click", (e) => {
    if (shownScene() && pressedBeside && !e.target.closest?.(".instance, #overlay")) selectInstance(null);
  });
}

/** Rubber-band selection, as in Interface Builder: a drag begun on the canvas beside every
 *  instance draws a rectangle; on release every instance it touches is selected (with Shift, Ctrl
 *  or Cmd held, added to the selection). A press without a drag is left to the click (which
 *  deselects); `dragged` is called when there was a drag (its click then deselects nothing). */
function marqueeSelect(e, dragged) {
  const area = $("canvas-area");
  if (e.target === area && (e.offsetX >= area.clientWidth || e.offsetY >= area.clientHeight)) return; // (its scroll bars)
  const canvas = $("canvas").getBoundingClientRect();
  const zoom = canvas.width / sceneSize()[0];
  if (!(zoom > 0)) return;
  const point = (ev) => ({ x: (ev.clientX - canvas.left) / zoom, y: (ev.clientY - canvas.top) / zoom });
  const from = point(e);
  const adding = e.shiftKey || e.ctrlKey || e.metaKey;
  const before = selection();
  let band = null;
  const bounds = (ev) => {
    const to = point(ev);
    return { x0: Math.min(from.x, to.x), y0: Math.min(from.y, to.y), x1: Math.max(from.x, to.x), y1: Math.max(from.y, to.y) };
  };
  const move = (ev) => {
    if (!band && Math.hypot(ev.clientX - e.clientX, ev.clientY - e.clientY) < 4) return;
    ev.preventDefault(); // (no text selection meanwhile)
    if (!band) {
      band = document.createElement("div");
      band.id = "marquee";
      band.setAttribute("aria-hidden", "true");
      $("frame").append(band);
    }
    const r = bounds(ev);
    Object.assign(band.style, { left: `${r.x0 * zoom}px`, top: `${r.y0 * zoom}px`, width: `${(r.x1 - r.x0) * zoom}px`, height: `${(r.y1 - r.y0) * zoom}px` });
  };
  // (A press that began a drag of the page's own, e.g. of text selected meanwhile, is the band's.)
  const noDrag = (ev) => ev.preventDefault();
  const end = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", end);
    window.removeEventListener("dragstart", noDrag);
    band?.remove();
  };
  const up = (ev) => {
    end();
    if (!band) return;
    dragged();
    if (!shownScene()) return;
    const touched = touchedBy(bounds(ev));
    setSelection(adding ? [...before, ...touched] : touched, touched.at(-1) ?? shownScene().selected);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", end);
  window.addEventListener("dragstart", noDrag);
}

/** The places of the open scene's instances that rectangle `r` (scene points) touches. */
function touchedBy(r) {
  const touched = [];
  shownScene().document.instances.forEach((inst, i) => {
    const [x, y, w, h] = inst.frame.split(",").map(Number);
    if (x < r.x1 && x + w > r.x0 && y < r.y1 && y + h > r.y0) touched.push(i);
  });
  return touched;
}
