// Zoom and pan on the canvas, as in a drawing tool: Ctrl (⌘) + wheel or a trackpad's pinch zooms
// about the pointer, Space + drag and a middle-button drag pan, and the keys 0 (fit), 1, 2, 3, + and
// - zoom. The frame is scaled at once (the last frame, stretched), then drawn again at the new scale
// once the zooming pauses. The zoom is the toolbar's Zoom select: a zoom of its own adds an option.
import { $, inFormControl } from "./dom.js";
import { lastFrameSize, renderCanvas, zoomScale } from "./canvas.js";

const MIN = 0.1, MAX = 16;
let renderTimer = null;
let spaceHeld = false;

/** The zoom shown now (what Auto and Fit come to, for those). */
export function currentZoom() {
  const size = lastFrameSize();
  return zoomScale(size?.width, size?.height);
}

/** Zooms to `value` ("fit", "auto", or a number), keeping the point at `anchor` ({x, y} in client
 *  coordinates; default: the canvas area's centre) where it is. */
export function setZoom(value, anchor) {
  const select = $("zoom");
  if (typeof value === "number") {
    const z = Math.round(Math.min(MAX, Math.max(MIN, value)) * 100) / 100;
    const text = String(z);
    let option = [...select.options].find((o) => o.value === text);
    if (!option) {
      for (const o of [...select.options]) if (o.dataset.custom) o.remove();
      option = new Option(`${Math.round(z * 100)}%`, text);
      option.dataset.custom = "true";
      select.add(option);
    }
    select.value = text;
  } else {
    select.value = value;
  }
  stretchFrame(anchor);
  clearTimeout(renderTimer);
  renderTimer = setTimeout(() => renderCanvas(), 120);
  updateZoomStatus();
}

/** Scales the frame shown to the zoom picked at once, keeping `anchor` still. */
function stretchFrame(anchor) {
  const size = lastFrameSize();
  const img = $("canvas");
  if (!size || $("frame").hidden) return;
  const area = $("canvas-area");
  const box = area.getBoundingClientRect();
  const at = anchor || { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  const before = img.getBoundingClientRect();
  const fx = before.width ? (at.x - before.left) / before.width : 0.5;
  const fy = before.height ? (at.y - before.top) / before.height : 0.5;
  const zoom = zoomScale(size.width, size.height);
  img.style.width = `${size.width * zoom}px`;
  img.style.height = `${size.height * zoom}px`;
  const after = img.getBoundingClientRect();
  area.scrollLeft += after.left + fx * after.width - at.x;
  area.scrollTop += after.top + fy * after.height - at.y;
}

/** The status bar's zoom ("Zoom 150%"). */
export function updateZoomStatus() {
  $("status-zoom").textContent = lastFrameSize() && !$("frame").hidden ? `Zoom ${Math.round(currentZoom() * 100)}%` : "";
}

function zoomBy(factor, anchor) { setZoom(currentZoom() * factor, anchor); }

/** The zoom keys (outside fields): 0 fit, 1 2 3, + and -. Returns whether the key was one. */
export function zoomKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || inFormControl(e.target)) return false;
  const named = { 0: "fit", 1: 1, 2: 2, 3: 3 }[e.key];
  if (named !== undefined) { setZoom(named); return true; }
  if (e.key === "+" || e.key === "=") { zoomBy(1.25); return true; }
  if (e.key === "-" || e.key === "_") { zoomBy(1 / 1.25); return true; }
  return false;
}

/** Wires the wheel, pinch and pan on the canvas area. */
export function initZoomPan() {
  const area = $("canvas-area");
  area.addEventListener("wheel", (e) => {
    if (!(e.ctrlKey || e.metaKey) || !lastFrameSize()) return;
    e.preventDefault(); // (the browser's page zoom is not meant)
    zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0025)), { x: e.clientX, y: e.clientY });
  }, { passive: false });
  document.addEventListener("keydown", (e) => {
    if (e.key !== " " || e.repeat || inFormControl(e.target) || e.target.closest?.("button, a, [role=tab], [role=separator]")) return;
    spaceHeld = true;
    area.classList.add("space-held");
    e.preventDefault();
  });
  document.addEventListener("keyup", (e) => {
    if (e.key !== " ") return;
    spaceHeld = false;
    area.classList.remove("space-held");
  });
  // In the capture phase: a pan started on an instance or in Interact mode pans, it edits nothing.
  area.addEventListener("pointerdown", (e) => {
    if (!(e.button === 1 || (e.button === 0 && spaceHeld))) return;
    e.preventDefault();
    e.stopPropagation();
    area.setPointerCapture(e.pointerId);
    area.classList.add("panning");
    let x = e.clientX, y = e.clientY;
    const move = (ev) => {
      area.scrollLeft -= ev.clientX - x;
      area.scrollTop -= ev.clientY - y;
      x = ev.clientX; y = ev.clientY;
    };
    const up = () => {
      area.classList.remove("panning");
      area.removeEventListener("pointermove", move);
      area.removeEventListener("pointerup", up);
      area.removeEventListener("pointercancel", up);
    };
    area.addEventListener("pointermove", move);
    area.addEventListener("pointerup", up);
    area.addEventListener("pointercancel", up);
  }, { capture: true });
  area.addEventListener("auxclick", (e) => { if (e.button === 1) e.preventDefault(); });
}
