// One property's editor in the inspector: a row with its label, the controls of its kind, a reset
// button, a "modified" marker, its summary and a place for refusals. Every control's accessible
// name is the property's display name; the kinds' controls are built in number.js, choice.js,
// color.js, compound.js and text.js.
import { nextSerial } from "../dom.js";
import { currentText, baseText, isModified } from "../subject.js";
import { queueValue } from "../values.js";
import { showModified } from "./refusals.js";
import { focusInInspector, restoreFocus } from "./focus.js";
import { numberControls } from "./number.js";
import { switchControl, enumControls } from "./choice.js";
import { colorControls } from "./color.js";
import { compoundControls, COMPOUND_TYPES } from "./compound.js";
import { imageControls, textControls } from "./text.js";

/** The kind of controls each property type gets (text for any other type). */
function controlsFor(type) {
  if (["Int", "CGFloat", "Double"].includes(type)) return numberControls;
  if (type === "Bool") return switchControl;
  if (type === "Color") return colorControls;
  if (type === "Enum") return enumControls;
  if (COMPOUND_TYPES.includes(type)) return compoundControls;
  if (type === "Image") return imageControls;
  return textControls;
}

/** The editor of property `p` (easel.inspect/1's property object) with its current value. */
export function editor(p) {
  const id = `p-${p.name}-${nextSerial()}`;
  const row = document.createElement("div");
  row.className = "property";
  row.dataset.property = p.name;
  const text = currentText(p);
  const base = baseText(p);
  const modified = isModified(p);
  if (modified) row.classList.add("modified");
  const help = document.createElement("small");
  help.id = id + "-help";
  help.className = "help";
  help.textContent = p.summary || "";
  const message = document.createElement("small");
  message.id = id + "-error";
  message.className = "error";
  message.setAttribute("role", "alert");
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = p.displayName;
  const controls = document.createElement("div");
  controls.className = "controls";
  // After a reset the editor is drawn again with the default (`fresh`: the property as read back).
  const redraw = (fresh) => {
    const focus = focusInInspector();
    row.replaceWith(editor(fresh));
    restoreFocus(focus);
  };
  controlsFor(p.type)({
    p, id, text, label, controls, row, message, disabled: p.readOnly,
    describe: (el) => el.setAttribute("aria-describedby", `${help.id} ${message.id}`),
    send: (value) => queueValue(p, value, row, message, redraw),
  });

  const reset = document.createElement("button");
  reset.type = "button";
  reset.className = "reset";
  reset.textContent = "↺";
  reset.title = base === p.defaultText ? `Reset to default (${p.defaultText || "empty"})` : `Reset to the variant's value (${base || "empty"})`;
  reset.setAttribute("aria-label", `Reset ${p.displayName} to default`);
  reset.disabled = p.readOnly || !modified;
  reset.addEventListener("click", () => queueValue(p, null, row, message, redraw));
  const marker = document.createElement("span");
  marker.className = "marker";
  marker.title = "differs from the default";
  showModified(marker, modified);
  const head = document.createElement("div");
  head.className = "head";
  head.append(label, marker, reset);
  row.append(head, controls, help, message);
  return row;
}

/** The parts an editor kind builds on (see editor()): `p` the property, `id` the id its main control
 *  takes (the label points at it), `text` its value now, `label` its <label>, `controls` the box its
 *  controls go into, `row` and `message` its row and refusal line, `disabled` (read-only),
 *  `describe(el)` (the summary and the refusal describe `el`), `send(value)` (queues the value).
 *  @typedef {object} EditorParts */
