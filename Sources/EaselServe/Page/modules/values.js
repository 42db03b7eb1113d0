// Values typed into the editors go to the server one batch at a time; the latest text of each
// property wins. For a class alone they go to POST /api/values; in a scene, to the instance they
// were made on (its attributes), and the scene is sent. This module owns the queue and whether a
// batch is in flight; it imports no editor (an editor passes its own redraw with its value) and
// tells refusals.js which editors the last batch came from.
import { postJSON } from "./api.js";
import { shownClass, shownScene, setClassDetail, editedClass, currentText, isModified, noteValuesSent } from "./subject.js";
import { renderCanvas } from "./canvas.js";
import { leaveVariant, refreshVariantChoice } from "./variants.js";
import { markEdited, isLatestEdit, clearRefusal, showRefusal, showModified, rememberSentEdits } from "./inspector/refusals.js";
import { postScene } from "./scenes/sync.js";
import { reloadScene, markSceneEdited } from "./scenes/scenes.js";
import { setInstanceAttributes } from "./scenes/instances.js";

const pending = new Map(); // property (in a scene: "instance:property") → {name, value, row, message, redraw, instance, serial}
let sending = false;

/** Whether values are queued or on their way (their answer brings the values held). */
export function editsInFlight() { return sending || pending.size > 0; }

/** Drops the text queued for `key` (a property's name; a field that can no longer read its text). */
export function forgetPending(key) { pending.delete(key); }

/** Queues `value` (null: the default) for property `p`, edited in `row` (its refusal line
 *  `message`; `redraw(p)` draws the editor anew, after a reset), and sends the queue unless a batch
 *  is on its way. */
export function queueValue(p, value, row, message, redraw) {
  // An edit leaves the variant picked last.
  if (!shownScene() && shownClass()) leaveVariant(shownClass().class.name);
  // In a scene, an edit belongs to the instance it was made on (by identity: the selection may move,
  // and instances before it may be removed, before it is sent).
  const scene = shownScene();
  const instance = scene ? scene.ids[scene.selected] : null;
  pending.set(scene ? `${instance}:${p.name}` : p.name, { name: p.name, value, row, message, redraw, instance, serial: markEdited(row) });
  flushValues();
}

async function flushValues() {
  if (sending || pending.size === 0) return;
  sending = true;
  noteValuesSent();
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
      rememberSentEdits([...batch.values()]);
      markSceneEdited();
      refreshMarkers(batch);
    } else {
      setClassDetail(await postJSON("/api/values", { class: shownClass().class.name, values }));
      for (const edit of batch.values()) if (isLatestEdit(edit)) clearRefusal(edit.row, edit.message);
      rememberSentEdits([...batch.values()]);
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
      queueValue(p, String(nearest), edit.row, edit.message, edit.redraw);
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
  for (const { name, row, value, redraw } of batch.values()) {
    if (!row.isConnected || !cls) continue; // (another instance is shown now)
    const p = shownScene() ? cls.properties.find((x) => x.name === name)
                           : shownClass().class.properties.find((x) => x.name === name);
    if (!p) continue;
    const modified = isModified(p);
    row.classList.toggle("modified", modified);
    showModified(row.querySelector(".marker"), modified);
    row.querySelector(".reset").disabled = p.readOnly || !modified;
    if (value === null) redraw(p); // (a reset: the editor is drawn again with the default)
  }
}
