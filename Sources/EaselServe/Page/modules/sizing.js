// The size a class alone is drawn at: the W×H fields and the resize handle (a scene's instances
// have their own grips). This module owns the size of the frame shown and the class's natural size.
import { $ } from "./dom.js";
import { shownClass, shownScene } from "./subject.js";
import { zoomScale, renderCanvas, lastFrameSize } from "./canvas.js";

let shownSize = null;    // the W×H asked for the class's frame shown (null: its natural size)
let naturalSize = null;  // the size of the class's last frame drawn at its natural size

/** The W×H asked for the frame shown ("Copy as command" names it), null for the natural size. */
export function shownFrameSize() { return shownSize; }

/** The class's frame about to be shown was asked for at `size` (the W×H, null: its natural size). */
export function setShownSize(size) { shownSize = size; }

/** The class's natural size in points (its frame drawn without a size asked for). */
export function setNaturalSize(size) { naturalSize = size; }

/** Another class is shown: the fields are emptied, and what was known of the size forgotten. */
export function resetSize() {
  $("width").value = "";
  $("height").value = "";
  shownSize = null;
  naturalSize = null;
  showSizeRefusal(null);
}

/** The W×H typed, or null (the natural size) when both fields are empty; a field left empty takes
 *  the natural size's (a width typed alone did nothing). A size the server refuses (0, negative,
 *  too large) is sent all the same: its message goes under the fields. */
export function requestedSize() {
  const w = $("width").value, h = $("height").value;
  if (w === "" && h === "") return null;
  const natural = naturalSize || shownClass()?.class.defaultSize || { width: 100, height: 100 };
  return `${w === "" ? natural.width : Number(w)}x${h === "" ? natural.height : Number(h)}`;
}

/** The server's message about the size typed, under the W×H fields (null clears it). */
export function showSizeRefusal(text) {
  $("size-error").textContent = text || "";
  for (const id of ["width", "height"]) {
    if (text) $(id).setAttribute("aria-invalid", "true"); else $(id).removeAttribute("aria-invalid");
  }
}

/** Wires the W×H fields and the resize handle (dragged, or moved with the arrow keys). */
export function initSizing() {
  for (const id of ["width", "height"]) $(id).addEventListener("change", () => renderCanvas());
  const handle = $("resize-handle");
  const apply = async (w, h) => {
    $("width").value = Math.max(1, Math.round(w));
    $("height").value = Math.max(1, Math.round(h));
    await renderCanvas();
  };
  handle.addEventListener("pointerdown", (e) => {
    if (!shownClass() || shownScene()) return;
    e.preventDefault();
    const zoom = zoomScale(lastFrameSize()?.width, lastFrameSize()?.height);
    const start = lastFrameSize() || { width: 100, height: 100 };
    const x0 = e.clientX, y0 = e.clientY;
    const move = (ev) => apply(start.width + (ev.clientX - x0) / zoom, start.height + (ev.clientY - y0) / zoom);
    const up = () => { window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up); };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  });
  handle.addEventListener("keydown", (e) => {
    if (!shownClass() || shownScene()) return;
    const step = e.shiftKey ? 10 : 1;
    const d = { ArrowRight: [step, 0], ArrowLeft: [-step, 0], ArrowDown: [0, step], ArrowUp: [0, -step] }[e.key];
    if (!d) return;
    e.preventDefault();
    // From the size asked for last (the fields), not the last frame shown: presses faster than
    // frames add up, and the renders in between are coalesced (renderCanvas draws the latest).
    const asked = requestedSize();
    const s = asked ? { width: Number(asked.split("x")[0]), height: Number(asked.split("x")[1]) }
                    : lastFrameSize() || { width: 100, height: 100 };
    apply(s.width + d[0], s.height + d[1]);
  });
}
