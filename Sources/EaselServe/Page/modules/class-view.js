// A class shown on its own: picking it, drawing its frame (or its last good preview when it cannot
// be drawn now), and following the values the server holds for it (an animation, another tab).
import { $ } from "./dom.js";
import { getJSON } from "./api.js";
import { shownClass, shownScene, setClassDetail, updateTitle, subjectChanged, valuesSentCount } from "./subject.js";
import { renderLibrary } from "./library.js";
import { remember } from "./address.js";
import { zoomScale, renderScale, renderCanvas, showFrame, showNoFrame, lastFrameSize } from "./canvas.js";
import { requestedSize, showSizeRefusal, resetSize, setShownSize, setNaturalSize } from "./sizing.js";
import { showFailure, hideOverlay } from "./overlay.js";
import { editsInFlight } from "./values.js";
import { clearDrawRefusals } from "./inspector/refusals.js";
import { leaveScene } from "./scenes/scenes.js";
import { refreshCommand } from "./command.js";

/** Shows class `name` alone (and puts it in the page's address). */
export async function selectClass(name) {
  remember("class", name);
  leaveScene();
  setClassDetail(await getJSON(`/api/classes/${encodeURIComponent(name)}`));
  resetSize();
  renderLibrary();
  subjectChanged();
  updateTitle();
  hideOverlay();
  await renderCanvas();
}

/** The address of the class's preview in `format` (png, svg, pdf) as the canvas shows it: the size
 *  asked for, at the zoom's scale (PNG); `download` asks for it as a file. */
export function previewURL(format, download) {
  const size = requestedSize();
  // (The size of the last frame when it was this class's: a scene's or another class's size chose
  // the zoom of the first frame of a class picked after it.)
  const own = $("canvas").dataset.className === shownClass().class.name;
  const known = (own && lastFrameSize()) || shownClass()?.class.defaultSize;
  const zoom = zoomScale(known?.width, known?.height);
  const scale = format === "png" ? renderScale(zoom) : 1;
  const q = new URLSearchParams({ class: shownClass().class.name, scale: String(scale), format });
  if (size) q.set("size", size);
  if (download) q.set("download", "1");
  return { url: "/api/preview?" + q.toString(), scale, zoom };
}

/** Draws the class shown (the canvas's drawer while a class is shown); `signal` aborts its requests
 *  (renderCanvas, when the page leaves the class). A frame that arrives after the page moved on
 *  (another class, a scene: a loaded machine) is dropped. */
export async function drawClass(signal) {
  const cls = shownClass()?.class;
  if (!cls) return;
  const still = () => !shownScene() && shownClass()?.class.name === cls.name;
  const { url, scale, zoom } = previewURL("png");
  // (No answer at all: the server is gone. The status line says so, and the page draws again once
  // it is back; the rejection escaped to whoever asked for the frame, as a script error.)
  const r = await fetch(url, { cache: "no-store", signal }).catch((e) => { if (e.name === "AbortError") throw e; return null; });
  if (!r || !still()) return;
  if (!r.ok && r.status === 422 && requestedSize()) {
    // The size typed is refused (bad data, not a failing build): said at the fields, and the
    // frame shown stays as it was, neither dimmed nor under the build-failure overlay.
    const body = await r.json().catch(() => ({}));
    if (still()) showSizeRefusal(body.error?.message || r.statusText);
    return;
  }
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    if (!still()) return;
    await showLastGoodFrame(cls, signal);
    if (!still()) return;
    showFailure({ className: cls.name, displayName: cls.displayName, failure: body.error || { message: r.statusText }, status: r.status });
    return;
  }
  const size = requestedSize();
  showSizeRefusal(null);
  clearDrawRefusals();
  setShownSize(size);
  const blob = await r.blob();
  if (!still()) return;
  await showFrame(blob, scale, zoom, `${cls.displayName}${size ? " at " + size.replace("x", "×") : ""}`, cls.name);
  if (!size) setNaturalSize(lastFrameSize());
  if (!shownClass()?.state?.failing) hideOverlay();
}

/** The scale of the server's last good preview of a class (GET /api/thumbnail/NAME: host serve
 *  renders its previews at 2×). */
const THUMBNAIL_SCALE = 2;

/** When the class's own frame cannot be drawn now: its last good preview (the library's thumbnail),
 *  never the frame of the class shown before. Without one, no frame at all ("no frame yet").
 *  Returns whether a frame is shown. */
async function showLastGoodFrame(cls, signal) {
  if ($("canvas").dataset.className === cls.name) return !$("frame").hidden; // already this class's frame
  const r = await fetch(`/api/thumbnail/${encodeURIComponent(cls.name)}`, { cache: "no-store", signal })
    .catch((e) => { if (e.name === "AbortError") throw e; return null; });
  if (r?.ok) {
    await showFrame(await r.blob(), THUMBNAIL_SCALE, zoomScale(cls.defaultSize?.width, cls.defaultSize?.height),
                    `${cls.displayName} (last good frame)`, cls.name);
    return true;
  }
  showNoFrame(`No frame of ${cls.displayName} yet: it has not rendered once.`);
  return false;
}

/** Reads class `name` (the one shown) again, as its build or the server changed, and draws it. */
export async function reloadShownClass(name) {
  setClassDetail(await getJSON(`/api/classes/${encodeURIComponent(name)}`));
  subjectChanged();
  await renderCanvas();
}

let valuesTimer = null, valuesDue = 0, valuesRead = 0;

/** The editors follow what an animation changes, without a request per frame: the class's values
 *  are read again 150 ms after its last frame, and at least every 500 ms while frames come. (They
 *  showed the value of the animation's first frame, and Copy as command gave it.) With `redraw`,
 *  the canvas is drawn again too when a value moved. */
export function refreshValuesSoon(className, redraw) {
  const now = performance.now();
  if (!valuesTimer) valuesDue = now + 500;
  clearTimeout(valuesTimer);
  valuesTimer = setTimeout(async () => {
    valuesTimer = null;
    // Not under a slider being dragged (its editor would be drawn anew mid-drag): a little later.
    if ($("properties").querySelector(":active")) { refreshValuesSoon(className, redraw); return; }
    // An edit in flight answers with the values itself; a class left meanwhile is not redrawn.
    const left = () => shownScene() || shownClass()?.class.name !== className || editsInFlight();
    if (left()) return;
    // Reads answered out of order (a loaded machine) must not put an older value back.
    const read = ++valuesRead, sent = valuesSentCount();
    try {
      const detail = await getJSON(`/api/classes/${encodeURIComponent(className)}`);
      if (read !== valuesRead || sent !== valuesSentCount()) return; // (this page's own edit answered meanwhile)
      if (left()) return;
      // Drawn again only when a value moved (which also keeps what the editors and actions say).
      const before = new Map(shownClass().class.properties.map((p) => [p.name, p.valueText]));
      if (detail.class.properties.every((p) => before.has(p.name) && before.get(p.name) === p.valueText)) return;
      setClassDetail(detail);
      subjectChanged();
      if (redraw) await renderCanvas(); // (an animation's frames come on their own)
      refreshCommand();
    } catch { /* the next frame or reload says more */ }
  }, Math.max(0, Math.min(150, valuesDue - now)));
}
