// What an editor says about its value: a refusal under it (the server's message, or the field's
// own), and the "modified" marker. Each editor row counts its edits (data-serial), so that an answer
// about an older value never wipes or replaces what the row says about a newer one. It also keeps
// which editors the last values sent came from: a frame the server cannot draw with them says so
// under those editors.

import { shownScene } from "../subject.js";

let editSerial = 0;
let lastSent = [];       // the last values sent ({name, instance, row, message, serial})
let drawRefusal = null;  // the last frame could not be drawn with them: {edits, text}

/** Counts an edit in `row` (a value sent, text it refused itself); returns the edit's serial. */
export function markEdited(row) {
  row.dataset.serial = String(++editSerial);
  return editSerial;
}

/** Whether the edit `{row, serial}` is still its row's latest. */
export function isLatestEdit({ row, serial }) { return row.dataset.serial === String(serial); }

/** Clears a refusal: the message under the editor, and its controls' invalid marks. */
export function clearRefusal(row, message) {
  message.textContent = "";
  row.classList.remove("invalid");
  row.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
}

/** Shows a refused value's message under its editor (and marks its controls invalid). */
export function showRefusal(row, message, text) {
  message.textContent = text;
  row.classList.add("invalid");
  row.querySelectorAll("input, select").forEach((el) => el.setAttribute("aria-invalid", "true"));
}

/** The "modified" dot: an image named "modified" for screen readers (a bare span's label is not
 *  announced), nothing at all when the value is the default. */
export function showModified(marker, modified) {
  marker.textContent = modified ? "●" : "";
  if (modified) {
    marker.setAttribute("role", "img");
    marker.setAttribute("aria-label", "modified");
    marker.removeAttribute("aria-hidden");
  } else {
    marker.removeAttribute("role");
    marker.removeAttribute("aria-label");
    marker.setAttribute("aria-hidden", "true");
  }
}

/** Remembers the values sent last ({name, instance, row, message, serial}): a frame the server
 *  cannot draw with them says so under their editors (showDrawRefusal). */
export function rememberSentEdits(edits) { lastSent = edits; }

/** A frame the server could not draw with the values it holds (an image that is not there: a 4xx,
 *  not a plugin failing) says so under the editors of the values sent last, too. */
export function showDrawRefusal(text) {
  drawRefusal = { edits: lastSent.filter(isLatestEdit), text };
  showStandingDrawRefusal();
}

/** Says the draw refusal that stands under the editors shown now: the inspector, drawn again while
 *  it stands (values read again after another tab's edit), calls this (the message went with the
 *  editors it was under, and the overlay alone still said it). */
export function showStandingDrawRefusal() {
  for (const { row, message } of refusedEditors()) showRefusal(row, message, drawRefusal.text);
}

/** A frame was drawn: the editors that said it could not be drawn say so no more. */
export function clearDrawRefusals() {
  for (const { row, message } of refusedEditors()) clearRefusal(row, message);
  drawRefusal = null;
}

/** The editors shown now of the values the standing draw refusal is about: each value's editor in
 *  the inspector (drawn again or not) when it shows what the value was set on, unless a newer edit
 *  made in that editor says something of its own. */
function refusedEditors() {
  const scene = shownScene();
  const shown = scene ? scene.ids[scene.selected] : null;
  return (drawRefusal?.edits || []).filter((e) => (e.instance ?? null) === shown).flatMap((e) => {
    const row = document.querySelector(`#properties .property[data-property="${CSS.escape(e.name)}"]`);
    const own = row === e.row ? isLatestEdit(e) : row && !row.dataset.serial;
    return own ? [{ row, message: row.querySelector(".error") }] : [];
  });
}
