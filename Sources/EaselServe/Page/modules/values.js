// Values typed into the editors go to the server one batch at a time; the latest text of each
// property wins. For a class alone they go to POST /api/values; in a scene, to the instance they
// were made on (its attributes), and the scene is sent. This module owns the queue, whether a batch
// is in flight, and which editors the last batch came from (a frame the server cannot draw with
// them says so under those editors).
import { postJSON } from "./api.js";
import { shownClass, shownScene, setClassDetail, editedClass, currentText, isModified } from "./subject.js";
import { renderCanvas } from "./canvas.js";
import { leaveVariant, refreshVariantChoice } from "./variants.js";
import { markEdited, isLatestEdit, clearRefusal, showRefusal, showModified } from "./inspector/refusals.js";
import { editor } from "./inspector/editor.js";
import { focusInInspector, restoreFocus } from "./inspector/inspector.js";
import { postScene } from "./scenes/sync.js";
import { reloadScene, markSceneEdited } from "./scenes/scenes.js";
import { setInstanceAttributes } from "./scenes/instances.js";

const pending = new Map(); // property (in a scene: "instance:property") → {name, value, row, message, instance, serial}
let sending = false;
let editsSent = 0;         // counts the values sent (a read begun before one is not shown after it)
let lastEdits = [];        // the editors of the last values sent ({row, message, serial})
let drawRefused = [];      // the editors whose value the last frame could not be drawn with

/** Whether values are queued or on their way (their answer brings the values held). */
export function editsInFlight() { return sending || pending.size > 0; }

/** How many times values were sent so far (a read of the values begun before one is stale). */
export function editsSentCount() { return editsSent; }

/** Counts values sent by another part (an action, a variant picked). */
export function noteEditSent() { editsSent += 1; }

/** Drops the text queued for `key` (a property's name; a field that can no longer read its text). */
export function forgetPending(key) { pending.delete(key); }

/** Queues `value` (null: the default) for property `p`, edited in `row` (its refusal line
 *  `message`), and sends the queue unless a batch is on its way. */
export function queueValue(p, value, row, message) {
  // An edit leaves the variant picked last.
  if (!shownScene() && shownClass()) leaveVariant(shownClass().class.name);
  // In a scene, an edit belongs to the instance it was made on (by identity: the selection may move,
  // and instances before it may be removed, before it is sent).
  const scene = shownScene();
  const instance = scene ? scene.ids[scene.selected] : null;
  pending.set(scene ? `${instance}:${p.name}` : p.name, { name: p.name, value, row, message, instance, serial: markEdited(row) });
  flushValues();
}

async function flushValues() {
  if (sending || pending.size === 0) return;
  sending = true;
  editsSent += 1;
  const batch = new Map(pending);
  pending.clear();
  const values = {};
  for (const { name, value } of batch.values()) values[name] = value;
  try {
    if (shownScene()) {
      // Each value goes to the instance it was made on, wherever it is now (gone: dropped).
      setInstanceAttributes([...batch.values()]);
      await postScene([...batch.keys()].join("|")); // (typing on in the same editor is one undo step)
      for (const edit of batch.values()) if (isLatestEdit(edit)) clearRefusal(edit.row, edit.message);
      lastEdits = [...batch.values()];
      markSceneEdited();
      refreshMarkers(batch);
    } else {
      setClassDetail(await postJSON("/api/values", { class: shownClass().class.name, values }));
      for (const edit of batch.values()) if (isLatestEdit(edit)) clearRefusal(edit.row, edit.message);
      lastEdits = [...batch.values()];
      refreshMarkers(batch);
      if (pending.size === 0) refreshVariantChoice();
    }
    await renderCanvas();
  } catch (e) {
    if (e.superseded) {
      // Made on a document read again since (a refusal before it): not sent.
    } else if (shownScene()) {
      await showSceneRefusal(batch, e);
    } else {
      for (const edit of batch.values()) if (isLatestEdit(edit)) showClassRefusal(edit, e);
    }
  } finally {
    sending = false;
    if (pending.size) flushValues();
  }
}

/** A value the server refused for a class alone, said for a designer: the reason without the file
 *  and class (the editor names the property), the nearest valid value of a range with a button
 *  that takes it, and the value in force, which the canvas keeps showing. The field keeps the text
 *  refused (marked invalid, to be corrected); a slider goes back to the value in force. */
function showClassRefusal(edit, e) {
  const p = shownClass()?.class.properties.find((x) => x.name === edit.name);
  const reason = e.details?.property === edit.name && e.details?.reason ? e.details.reason : e.message;
  const inForce = p ? currentText(p) : null;
  const slider = edit.row.querySelector('.controls input[type=range]');
  if (slider && inForce !== null) slider.value = inForce;
  const n = Number(edit.value);
  const range = p?.range;
  let nearest = null;
  if (range && edit.value !== null && edit.value !== "" && Number.isFinite(n) && (n < range.min || n > range.max)) {
    nearest = Math.min(range.max, Math.max(range.min, n));
  }
  showRefusal(edit.row, edit.message, `${reason}.` + (nearest !== null ? ` The nearest valid value is ${nearest}.` : "")
    + (inForce !== null ? ` The canvas shows ${inForce === "" ? "the empty value" : inForce}, the value in force.` : ""));
  if (nearest !== null) {
    const use = document.createElement("button");
    use.type = "button";
    use.className = "small";
    use.textContent = `Use ${nearest}`;
    use.addEventListener("click", () => {
      const field = edit.row.querySelector('.controls input[type=number]');
      if (field) field.value = String(nearest);
      if (slider) slider.value = String(nearest);
      queueValue(p, String(nearest), edit.row, edit.message);
    });
    edit.message.append(" ", use);
  }
}

/** A scene edit the server refused: the scene goes back to what the server holds (the refused value
 *  is not in it); the inspector is drawn again from it, and the messages go under the new editors. */
async function showSceneRefusal(batch, e) {
  await reloadScene(shownScene().index, shownScene().selected);
  const shown = shownScene()?.ids[shownScene().selected];
  for (const { name, instance, value } of batch.values()) {
    if (instance !== shown) continue; // (said under that instance's editors only)
    const row = document.querySelector(`#properties .property[data-property="${CSS.escape(name)}"]`);
    if (!row) continue;
    // The text refused stays in its field, as it does for a class alone (the editor drawn
    // again showed the value held, under a message about another one), to be corrected.
    const field = row.querySelector(".compound") ? null : row.querySelector('.controls input[type=number], .controls input[type=text]');
    if (field && typeof value === "string") field.value = value;
    showRefusal(row, row.querySelector(".error"), e.message);
  }
}

/** After a batch the server took: each editor's "modified" marker and reset button follow; an
 *  editor reset is drawn again with the default. */
function refreshMarkers(batch) {
  const cls = editedClass();
  for (const { name, row, value } of batch.values()) {
    if (!row.isConnected || !cls) continue; // (another instance is shown now)
    const p = shownScene() ? cls.properties.find((x) => x.name === name)
                           : shownClass().class.properties.find((x) => x.name === name);
    if (!p) continue;
    const modified = isModified(p);
    row.classList.toggle("modified", modified);
    showModified(row.querySelector(".marker"), modified);
    row.querySelector(".reset").disabled = p.readOnly || !modified;
    if (value === null) {
      // A reset: redraw the editor with the default.
      const focus = focusInInspector();
      row.replaceWith(editor(p));
      restoreFocus(focus);
    }
  }
}

/** A frame the server could not draw with the values it holds (an image that is not there: a 4xx,
 *  not a plugin failing) says so under the editors of the values sent last, too. */
export function showDrawRefusal(text) {
  drawRefused = lastEdits.filter((e) => isLatestEdit(e) && e.row.isConnected);
  for (const e of drawRefused) showRefusal(e.row, e.message, text);
}

/** A frame was drawn: the editors that said it could not be drawn say so no more. */
export function clearDrawRefusals() {
  for (const e of drawRefused) if (isLatestEdit(e)) clearRefusal(e.row, e.message);
  drawRefused = [];
}
