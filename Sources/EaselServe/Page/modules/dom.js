// Small DOM helpers every part of the page uses. No state but a counter for unique element ids.

/** The element with id `id`. */
export const $ = (id) => document.getElementById(id);

/** The last segment of a path ("" for none). */
export function basename(path) { return (path || "").split("/").pop(); }

let serial = 0;
/** A number never given before on this page: it makes element ids unique (an editor drawn again
 *  gets new ids, so a label never points at a control that is gone). */
export function nextSerial() { return ++serial; }

/** Empties a <dl> and returns what adds a fact to it (a term and its value; an empty value is left out). */
export function factList(facts) {
  facts.replaceChildren();
  return (k, v) => {
    if (v === null || v === undefined || v === "") return;
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = v;
    facts.append(dt, dd);
  };
}

/** A <fieldset class="group CLASSES"> with its legend: a section of the inspector. */
export function groupFieldset(classes, legendText) {
  const fs = document.createElement("fieldset");
  fs.className = classes;
  const legend = document.createElement("legend");
  legend.textContent = legendText;
  fs.append(legend);
  return fs;
}

/** A plain `<button type="button">` with `text` (and `title`, when given). */
export function button(text, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (title) b.title = title;
  return b;
}

/** Whether a key pressed on `target` belongs to a text field or another form control (it is then
 *  the control's own, never the page's). */
export function inFormControl(target) {
  return target instanceof Element && (Boolean(target.closest("input, select, textarea")) || target.isContentEditable);
}
