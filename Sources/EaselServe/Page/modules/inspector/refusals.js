// What an editor says about its value: a refusal under it (the server's message, or the field's
// own), and the "modified" marker. Each editor row counts its edits (data-serial), so that an answer
// about an older value never wipes or replaces what the row says about a newer one. It also keeps
// which editors the last values sent came from: a frame the server cannot draw with them says so
// under those editors.

let editSerial = 0;
let lastSent = [];    // the editors of the last values sent ({row, message, serial})
let drawRefused = []; // the editors whose value the last frame could not be drawn with

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

/** Remembers the editors of the values sent last ({row, message, serial}): a frame the server
 *  cannot draw with them says so under them (showDrawRefusal). */
export function rememberSentEdits(edits) { lastSent = edits; }

/** A frame the server could not draw with the values it holds (an image that is not there: a 4xx,
 *  not a plugin failing) says so under the editors of the values sent last, too. */
export function showDrawRefusal(text) {
  drawRefused = lastSent.filter((e) => isLatestEdit(e) && e.row.isConnected);
  for (const e of drawRefused) showRefusal(e.row, e.message, text);
}

/** A frame was drawn: the editors that said it could not be drawn say so no more. */
export function clearDrawRefusals() {
  for (const e of drawRefused) if (isLatestEdit(e)) clearRefusal(e.row, e.message);
  drawRefused = [];
}
