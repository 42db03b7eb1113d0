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

/** Builds a number property's controls (see editor.js, EditorParts). */
export function numberControls({ p, id, text, controls, row, message, disabled, describe, send }) {
  const step = p.range && p.range.step > 0 ? p.range.step : (p.type === "Int" ? 1 : "any");
  const field = numberField({ value: text, step, disabled });
  if (p.range) {
    const slider = document.createElement("input");
    slider.type = "range";
    slider.id = id;
    slider.min = p.range.min;
    slider.max = p.range.max;
    slider.step = p.range.step > 0 ? p.range.step : (p.type === "Int" ? 1 : "any");
    slider.value = text;
    slider.disabled = disabled;
    describe(slider);
    field.setAttribute("aria-label", `${p.displayName} value`);
    field.min = p.range.min;
    field.max = p.range.max;
    slider.addEventListener("input", () => { field.value = slider.value; send(slider.value); });
    onNumber(field, p, row, message, (v) => { slider.value = v; send(v); });
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
