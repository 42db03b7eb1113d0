// The number editor (Int, CGFloat, Double): a field, with a slider when the property has a range.
import { forgetPending } from "../values.js";
import { markEdited, showRefusal } from "./refusals.js";

/** A number field with `attrs` set on it. */
export function numberField(attrs) {
  const i = document.createElement("input");
  i.type = "number";
  Object.assign(i, attrs);
  return i;
}

/** The bounds a number editor offers: the property's range, or, with a dependent range
 *  (easel.ranges/1), the bounds the values of the properties it names give now (`currentRange`);
 *  null when a side is open. */
function offeredRange(p) {
  const now = p.currentRange;
  if (!now || now.min === null || now.max === null) return p.range;
  return { min: now.min, max: now.max, step: p.range ? p.range.step : now.step };
}

/** "Maximum: the value of limit", for a dependent range's title; "" without. */
function dependentBounds(p) {
  const d = p.dependentRange;
  if (!d) return "";
  return [d.min && `Minimum: the value of ${d.min}`, d.max && `Maximum: the value of ${d.max}`].filter(Boolean).join("; ");
}

/** Builds a number property's controls (see editor.js, EditorParts). */
export function numberControls({ p, id, text, controls, row, message, disabled, describe, send }) {
  const range = offeredRange(p);
  const step = range && range.step > 0 ? range.step : (p.type === "Int" ? 1 : "any");
  const field = numberField({ value: text, step, disabled });
  field.title = dependentBounds(p);
  if (range) {
    const slider = document.createElement("input");
    slider.type = "range";
    slider.id = id;
    slider.min = range.min;
    slider.max = range.max;
    slider.step = step;
    slider.value = text;
    slider.disabled = disabled;
    slider.title = field.title;
    describe(slider);
    field.setAttribute("aria-label", `${p.displayName} value`);
    field.min = range.min;
    field.max = range.max;
    slider.addEventListener("input", () => { field.value = slider.value; send(slider.value); });
    onNumber(field, { ...p, range }, row, message, (v) => { slider.value = v; send(v); });
    controls.append(slider, field);
  } else {
    field.id = id;
    describe(field);
    onNumber(field, p, row, message, send);
    controls.append(field);
  }
}

/** Listens to a number field: a number typed goes to `send`; text the field cannot read as a number
 *  ("1e999", a lone "-": the browser then reports an empty value) gets a message under the editor
 *  instead of being dropped in silence. An empty field sends nothing. */
export function onNumber(field, p, row, message, send) {
  field.addEventListener("input", () => {
    if (field.value !== "") { send(field.value); return; }
    if (!field.validity.badInput) return;
    const expected = p.range ? `a number in ${p.range.min}…${p.range.max}` : p.type === "Int" ? "a whole number" : "a number";
    forgetPending(p.name);
    markEdited(row);
    showRefusal(row, message, `not a number the field can read (expected ${expected})`);
  });
}
