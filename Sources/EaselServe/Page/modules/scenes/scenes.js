// Scenes: the library's list of them, opening (reading) one, drawing it, saving it, and leaving it
// for a class. The open scene's model is set here (subject.js holds it):
// {index, document, ids, file, selected, many, dirty, deletedOnDisk, classes, resources, unavailable, revision}.
import { $, basename } from "../dom.js";
import { getJSON, postJSON } from "../api.js";
import { notice } from "../notices.js";
import { shownScene, openScene, closeScene, updateTitle, subjectChanged } from "../subject.js";
import { renderLibrary } from "../library.js";
import { remember } from "../address.js";
import { zoomScale, renderScale, renderCanvas, showFrame, showNoFrame, showClassSizeTools } from "../canvas.js";
import { showFailure, hideOverlay } from "../overlay.js";
import { clearDrawRefusals } from "../inspector/refusals.js";
import { keepHistory, updateHistoryButtons, stepHistory } from "./history.js";
import { startFromRevision } from "./sync.js";
import { showSceneFile, initSceneFile } from "./scene-file.js";
import { drawInstanceBoxes } from "./boxes.js";

/** Reads the scenes the server edits (GET /api/scenes) into the library's list; returns how many. */
export async function loadScenes() {
  const list = await getJSON("/api/scenes");
  const ul = $("scene-list");
  ul.replaceChildren();
  list.scenes.forEach((s, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "entry scene";
    b.textContent = basename(s.file) + (s.newFile ? " (new)" : s.deletedOnDisk ? " (deleted on disk)" : s.dirty ? " (unsaved)" : "");
    b.setAttribute("aria-label", basename(s.file));
    b.addEventListener("click", () => { remember("scene", i); reloadScene(i, null); });
    li.append(b);
    ul.append(li);
  });
  $("scene-section").hidden = list.scenes.length === 0;
  return list.scenes.length;
}

/** After an edit the server took: Save is enabled, and the scene's library entry says "unsaved"
 *  (it said so only after a page reload). */
export function markSceneEdited() {
  const scene = shownScene();
  scene.dirty = true;
  updateTitle();
  $("save-scene").disabled = false;
  const entry = $("scene-list").querySelectorAll("button")[scene.index];
  if (entry && !scene.deletedOnDisk) entry.textContent = basename(scene.file) + " (unsaved)";
}

/** Opens scene `index` as the server holds it now (or reads the open one again), with instance
 *  `selected` selected. */
export async function reloadScene(index, selected) {
  // The selection stays on the same instance when it is still there (another tab or a file
  // changed on disk may have added, removed or reordered instances): by its identity, which the
  // server keeps for the same instance (a file read again: by name, else place and class). (It is
  // taken before the wait: another read of the scene may replace the document meanwhile.)
  const old = shownScene();
  let previous = selected != null && old?.index === index ? old.ids[selected] : undefined;
  // A multi-selection read again stays on the same instances (when the same one leads it).
  let previousMany = old?.index === index && old.many && selected === old.selected ? old.many.map((i) => old.ids[i]) : null;
  const picked = { selected: old?.selected, many: old?.many };
  const detail = await getJSON(`/api/scenes/${index}`);
  // An instance picked while the scene was on its way (a click, Enter) is the selection now.
  if (old && shownScene() === old && old.index === index && (old.selected !== picked.selected || old.many !== picked.many)) {
    selected = old.selected;
    previous = selected != null ? old.ids[selected] : undefined;
    previousMany = old.many ? old.many.map((i) => old.ids[i]) : null;
  }
  const ids = detail.instanceIds || detail.document.instances.map((_, i) => -1 - i);
  if (previous !== undefined) selected = ids.indexOf(previous) >= 0 ? ids.indexOf(previous) : null;
  const scene = { index, document: detail.document, ids, file: detail.file, selected, dirty: detail.dirty, classes: new Map(),
                  resources: detail.resources || {}, unavailable: detail.unavailable || {}, revision: detail.revision ?? 0, many: null };
  openScene(scene);
  const many = (previousMany || []).map((id) => ids.indexOf(id)).filter((i) => i >= 0).sort((a, b) => a - b);
  if (many.length > 1 && many.includes(selected)) scene.many = many;
  startFromRevision(scene.revision); // (posts queued on the document replaced here are not sent)
  keepHistory(index);
  for (const c of detail.classes) scene.classes.set(c.name, c);
  showClassSizeTools(false);
  $("save-scene").hidden = false;
  showSceneFile(detail);
  renderLibrary();
  subjectChanged();
  updateTitle();
  await renderCanvas();
}

/** Leaves the scene shown for a class alone: the scene's tools go. */
export function leaveScene() {
  closeScene();
  updateHistoryButtons();
  $("save-scene").hidden = true;
  $("scene-file").hidden = true;
  $("kept-edits").hidden = true;
  showClassSizeTools(true);
  $("instance-boxes").replaceChildren();
}

/** The open scene's size in points, [width, height]. */
export function sceneSize() {
  const [w, h] = shownScene().document.size.split(/[x,X]/).map(Number);
  return [w, h];
}

/** Draws the open scene (the canvas's drawer while a scene is shown), with its instances' boxes;
 *  `signal` aborts its request (renderCanvas, when the page leaves the scene). */
export async function drawScene(signal) {
  const zoom = zoomScale(...sceneSize());
  const scale = renderScale(zoom);
  const index = shownScene().index;
  // The page may have left the scene while the frame was drawn (a class picked, Back): it is not
  // shown then (reading the scene that was no longer there was an error).
  const left = () => !shownScene() || shownScene().index !== index;
  // (No answer at all: the server is gone; the page draws again once it is back, as for a class.)
  const r = await fetch(`/api/scenes/${index}/preview?scale=${scale}`, { cache: "no-store", signal })
    .catch((e) => { if (e.name === "AbortError") throw e; return null; });
  if (!r || left()) return;
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    if (left()) return;
    // Never the frame of what was shown before (a class's) as if it were this scene's.
    if ($("canvas").alt !== `Scene ${basename(shownScene().file)}`) {
      $("instance-boxes").replaceChildren();
      showNoFrame(`No frame of ${basename(shownScene().file)} yet: it has not rendered once.`);
    }
    showFailure({ className: null, failure: body.error || { message: r.statusText }, status: r.status });
    return;
  }
  const blob = await r.blob();
  if (left()) return;
  clearDrawRefusals();
  await showFrame(blob, scale, zoom, `Scene ${basename(shownScene().file)}`, "");
  if (left()) return;
  hideOverlay();
  drawInstanceBoxes(zoom);
}

/** Saves the open scene to its file (Save scene, Ctrl+S). */
export async function saveScene() {
  try {
    showSceneFile(await postJSON(`/api/scenes/${shownScene().index}/save`, {}));
    // (The scene shown now: a scene left meanwhile makes this throw, said as a failed save.)
    shownScene().dirty = false;
    $("save-scene").disabled = true;
    updateTitle();
    notice(`Saved ${basename(shownScene().file)}`, "ok");
    await loadScenes();
  } catch (e) {
    notice(e.message, "error");
  }
}

/** Wires the scene's toolbar buttons (Save scene, Undo, Redo) and its file's choices. */
export function initScenes() {
  $("save-scene").addEventListener("click", saveScene);
  initSceneFile();
  $("undo").addEventListener("click", () => stepHistory(true));
  $("redo").addEventListener("click", () => stepHistory(false));
}
