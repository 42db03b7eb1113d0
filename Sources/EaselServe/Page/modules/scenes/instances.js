// Edits of the open scene's instances: values, frames, adding, duplicating, copying and pasting,
// removing and reordering. Each is sent (one edit, one undo step); a refusal is said and the
// server's scene shown again. This module owns the instances last copied.
import { $ } from "../dom.js";
import { getJSON } from "../api.js";
import { notice } from "../notices.js";
import { shownScene, subjectChanged } from "../subject.js";
import { renderCanvas } from "../canvas.js";
import { showRefusal } from "../inspector/refusals.js";
import { postScene } from "./sync.js";
import { reloadScene, markSceneEdited } from "./scenes.js";
import { selectForEdit } from "./selection.js";

/** The instances last copied or cut (Ctrl+C, Ctrl+X), as a scene document's instance objects. */
let instanceClipboard = null;

/** Sets attributes of the open scene's instances: each `{instance, name, value}` on the instance
 *  of that identity, wherever it is now (gone: dropped); a null value removes the attribute. */
export function setInstanceAttributes(edits) {
  const scene = shownScene();
  for (const { name, value, instance } of edits) {
    const inst = scene.document.instances[scene.ids.indexOf(instance)];
    if (!inst) continue;
    inst.attributes = inst.attributes || {};
    if (value === null) delete inst.attributes[name]; else inst.attributes[name] = value;
  }
}

/** A copy of `inst` (class, variant, attributes; no name), 10 points right and down. */
function offsetCopy(inst) {
  const copy = structuredClone(inst);
  delete copy.name;
  const f = copy.frame.split(",").map(Number);
  copy.frame = [f[0] + 10, f[1] + 10, f[2], f[3]].join(",");
  return copy;
}

/** Copies instances `indices` of the open scene (Ctrl+C; Ctrl+X then removes them). */
export function copyInstances(indices) {
  instanceClipboard = indices.map((i) => structuredClone(shownScene().document.instances[i]));
}

/** Whether instances were copied (Ctrl+V has something to paste). */
export function hasCopiedInstances() { return instanceClipboard !== null; }

/** Pastes the instances copied last into the scene shown (without their names), 10 points right
 *  and down of where they were copied from, or of the last paste (pastes in a row cascade). */
export async function pasteInstances() {
  const copies = instanceClipboard.map(offsetCopy);
  instanceClipboard.forEach((inst, i) => { inst.frame = copies[i].frame; });
  await insertInstances(copies);
}

/** Copies of instances `indices` (class, variant, attributes; no name), 10 points right and down,
 *  on top of the others; they are then selected. */
export async function duplicateInstances(indices) {
  const insts = indices.map((i) => shownScene()?.document.instances[i]);
  if (!insts.length || !insts.every(Boolean)) return;
  await insertInstances(insts.map(offsetCopy));
}

/** Adds an instance of `className` to the scene shown, at its default size: centred on `at` (scene
 *  points, a drop), else a little below and right of the last one added; it is then selected. */
export async function addInstance(className, at) {
  if (!shownScene() || !className) return;
  const sceneIndex = shownScene().index;
  let size = { width: 100, height: 100 };
  try {
    const d = await getJSON(`/api/classes/${encodeURIComponent(className)}`);
    if (d.class.defaultSize?.width > 0 && d.class.defaultSize?.height > 0) size = d.class.defaultSize;
  } catch (e) { notice(String(e.message || e), "error"); return; }
  if (shownScene()?.index !== sceneIndex) return;
  const n = shownScene().document.instances.length;
  const w = Math.round(size.width), h = Math.round(size.height);
  const x = at ? Math.round(at.x - w / 2) : 20 + (n % 10) * 10, y = at ? Math.round(at.y - h / 2) : 20 + (n % 10) * 10;
  await insertInstances([{ class: className, frame: `${x},${y},${w},${h}` }]);
}

/** Sends the scene shown (scene `sceneIndex`) after an edit of its instances and marks it edited;
 *  returns whether the server took it. A refused edit is said and the server's scene shown again. */
async function sendSceneEdit(sceneIndex) {
  try {
    await postScene();
  } catch (e) {
    if (e.superseded || shownScene()?.index !== sceneIndex) return false;
    await reloadScene(sceneIndex, null);
    notice(String(e.message || e), "error");
    return false;
  }
  markSceneEdited();
  return true;
}

/** Puts `instances` (a document's instance objects) on top of the scene shown, sends the scene
 *  (one edit, one undo step), and selects them. */
async function insertInstances(instances) {
  const scene = shownScene();
  const sceneIndex = scene.index;
  const first = scene.document.instances.length;
  scene.document.instances.push(...instances);
  scene.ids.push(...instances.map(() => 0)); // (the server gives them their identities)
  const places = instances.map((_, k) => first + k);
  scene.selected = places.at(-1);
  scene.many = places.length > 1 ? places : null;
  const ours = { selected: scene.selected, many: scene.many };
  if (!(await sendSceneEdit(sceneIndex))) return;
  // Another instance picked while the edit was on its way is the selection (not the new ones).
  if (shownScene() !== scene || scene.selected !== ours.selected || scene.many !== ours.many) {
    await reloadScene(sceneIndex, shownScene() === scene ? scene.selected : null);
    return;
  }
  await reloadScene(sceneIndex, places.at(-1)); // (the inspector then has the class's editors)
  document.querySelectorAll(".instance")[shownScene()?.selected ?? -1]?.focus();
}

/** Takes instances `indices` out of the scene (an unsaved edit, one undo step, as a move is). */
export async function removeInstances(indices) {
  const scene = shownScene();
  const sceneIndex = scene.index;
  // The focus leaves a removed instance's box for the canvas, not for the next instance's box
  // (where another Delete would remove that one too).
  const gone = new Set(indices);
  const boxes = [...$("instance-boxes").children];
  if (boxes.some((b, i) => gone.has(i) && (b === document.activeElement || b.contains(document.activeElement)))) $("canvas-area").focus();
  boxes.forEach((b, i) => { if (gone.has(i)) b.remove(); });
  scene.document.instances = scene.document.instances.filter((_, i) => !gone.has(i));
  scene.ids = scene.ids.filter((_, i) => !gone.has(i));
  scene.selected = null;
  scene.many = null;
  subjectChanged();
  if (!(await sendSceneEdit(sceneIndex))) return;
  await renderCanvas();
}

/** Sends the scene after a frame edit of instance `index` (null: of every selected instance, which
 *  stay selected): a drag, a resize, arrow keys, the Frame fields. A frame the server refuses puts
 *  the instance back where the server holds it, and its message goes under the Frame editor, where
 *  the instance's other refused edits are shown. */
export async function commitFrame(index, mergeKey) {
  selectForEdit(index);
  const sceneIndex = shownScene().index;
  try {
    await postScene(mergeKey);
  } catch (e) {
    if (e.superseded || shownScene()?.index !== sceneIndex) return;
    await reloadScene(sceneIndex, shownScene().selected);
    const row = document.querySelector('#properties .property[data-property="@frame"]');
    if (row) showRefusal(row, row.querySelector(".error"), e.message);
    return;
  }
  markSceneEdited();
  subjectChanged();
  await renderCanvas();
}

/** Moves instances `indices` (in drawing order, which they keep among themselves) to the front or
 *  the back (an unsaved edit, one undo step): their identities go with them, so what the server
 *  holds for each stays its own; they stay selected. */
export async function arrangeInstances(indices, front) {
  const scene = shownScene();
  const chosen = new Set(indices);
  const pairs = scene.document.instances.map((inst, i) => [inst, scene.ids[i], i]);
  const picked = pairs.filter((p) => chosen.has(p[2])), rest = pairs.filter((p) => !chosen.has(p[2]));
  const order = front ? [...rest, ...picked] : [...picked, ...rest];
  const primary = order.findIndex((p) => p[2] === scene.selected);
  scene.document.instances = order.map((p) => p[0]);
  scene.ids = order.map((p) => p[1]);
  const places = order.map((p, i) => (chosen.has(p[2]) ? i : -1)).filter((i) => i >= 0);
  scene.many = places.length > 1 ? places : null;
  if (places.length > 1) scene.selected = primary;
  await commitFrame(places.length > 1 ? null : places[0]);
}
