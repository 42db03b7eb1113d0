// Undo and Redo of scene edits (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y; the toolbar's buttons), as in
// Interface Builder: every edit this page sends (a value, a move, a resize, a removal) can be taken
// back, one step at a time; values typed into one editor of one instance in a row are one step.
// An undo is an edit like any other (it is sent, checked and can be saved). A removed instance put
// back is the same instance (its identity: what the server holds for it is its own again).
// The history is the page's, per scene; a change of the scene made elsewhere (another tab, the
// file on disk) forgets it, as undoing across it would undo the other's work too.
// This module owns the histories.
import { $ } from "../dom.js";
import { notice } from "../notices.js";
import { shownScene, subjectChanged } from "../subject.js";
import { renderCanvas } from "../canvas.js";
import { postScene } from "./sync.js";
import { reloadScene, markSceneEdited } from "./scenes.js";

const histories = new Map(); // scene index → { undo: [], redo: [], base, lastKey, lastAt, revision }

/** The open scene's state, as an undo step holds it (the selection by the instances' identities). */
function snapshot() {
  const scene = shownScene();
  return { document: structuredClone(scene.document), ids: [...scene.ids], selected: scene.selected,
           many: scene.many ? scene.many.map((i) => scene.ids[i]) : null };
}

/** After the scene was read: the history goes on when the read shows the revision this page
 *  last made or saw (also after another class or scene was shown meanwhile), else it starts again
 *  from what was read. */
export function keepHistory(index) {
  const h = histories.get(index);
  if (!h || h.revision !== shownScene().revision) {
    histories.set(index, { undo: [], redo: [], base: snapshot(), lastKey: null, lastAt: 0, revision: shownScene().revision });
  } else {
    h.base = snapshot();
  }
  updateHistoryButtons();
}

/** The server took an edit of scene `index`: it is at `revision` now. */
export function noteRevision(index, revision) {
  const h = histories.get(index);
  if (h) h.revision = revision;
}

/** The selection changed: the state the next edit starts from holds it (undoing that edit selects
 *  what it acted on). */
export function noteSelection() {
  const scene = shownScene();
  const h = histories.get(scene.index);
  if (h?.base) {
    h.base.selected = scene.selected;
    h.base.many = scene.many ? scene.many.map((i) => scene.ids[i]) : null;
  }
}

/** Called as an edit is sent: the state before it becomes an undo step (unless it continues the
 *  last step: the same `mergeKey` within 1.5 s). Returns the step added, if one was. */
export function recordEdit(mergeKey) {
  const h = histories.get(shownScene().index);
  if (!h) return null;
  const now = performance.now();
  let step = null;
  if (!(mergeKey && mergeKey === h.lastKey && now - h.lastAt < 1500)) {
    step = h.base;
    h.undo.push(step);
    if (h.undo.length > 200) h.undo.shift();
  }
  h.redo = [];
  h.lastKey = mergeKey || null;
  h.lastAt = now;
  h.base = snapshot();
  updateHistoryButtons();
  return step;
}

/** Takes back the undo step an edit the server refused had added. */
export function forgetStep(index, step) {
  const h = histories.get(index);
  const i = step && h ? h.undo.lastIndexOf(step) : -1;
  if (i < 0) return;
  h.undo.splice(i, 1);
  h.lastKey = null;
  updateHistoryButtons();
}

/** Undoes (`backwards`) or redoes the open scene's last edit, and sends the scene. */
export async function stepHistory(backwards) {
  const scene = shownScene();
  if (!scene) return;
  const h = histories.get(scene.index);
  const from = backwards ? h?.undo : h?.redo;
  if (!from || !from.length) { notice(backwards ? "Nothing to undo" : "Nothing to redo"); return; }
  const target = from.pop();
  (backwards ? h.redo : h.undo).push(snapshot());
  restore(scene, target);
  h.base = snapshot();
  h.lastKey = null;
  updateHistoryButtons();
  const sceneIndex = scene.index;
  subjectChanged();
  try {
    await postScene(null, { record: false });
  } catch (e) {
    if (e.superseded || shownScene()?.index !== sceneIndex) return;
    await reloadScene(sceneIndex, shownScene().selected);
    notice(String(e.message || e), "error");
    return;
  }
  markSceneEdited();
  subjectChanged();
  await renderCanvas();
}

/** Puts undo step `target` back into `scene`, keeping the selection on the same instances where
 *  they are still there. */
function restore(scene, target) {
  const keepId = scene.ids[scene.selected];
  const keepMany = scene.many ? scene.many.map((i) => scene.ids[i]) : null;
  scene.document = structuredClone(target.document);
  scene.ids = [...target.ids];
  const again = scene.ids.indexOf(keepId);
  scene.selected = keepId !== undefined && again >= 0 ? again : target.selected ?? null;
  // A multiple selection stays when its instances are all there, else the step's comes back (the
  // instances a group removal took).
  const kept = keepMany && keepMany.every((id) => scene.ids.includes(id)) && again >= 0 ? keepMany : target.many;
  const many = (kept || []).map((id) => scene.ids.indexOf(id)).filter((i) => i >= 0);
  scene.many = many.length > 1 ? many.sort((a, b) => a - b) : null;
  if (scene.many && !scene.many.includes(scene.selected)) scene.selected = scene.many.at(-1);
}

/** Undo and Redo are shown with a scene, enabled when there is a step to take. */
export function updateHistoryButtons() {
  const h = shownScene() ? histories.get(shownScene().index) : null;
  $("undo").hidden = $("redo").hidden = !shownScene();
  $("undo").disabled = !h?.undo.length;
  $("redo").disabled = !h?.redo.length;
}
