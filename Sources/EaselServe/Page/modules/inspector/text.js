// The text editors: Image (a name, with the plugin's image resources to pick from) and plain text
// (String and any other type).
import { editedResources } from "../subject.js";

/** Builds an Image property's controls (see editor.js, EditorParts). */
export function imageControls({ id, text, controls, disabled, describe, send }) {
  const field = document.createElement("input");
  field.type = "text";
  field.id = id;
  field.value = text;
  field.disabled = disabled;
  field.placeholder = "none";
  const listId = id + "-resources";
  field.setAttribute("list", listId);
  const list = document.createElement("datalist");
  list.id = listId;
  for (const r of editedResources()) {
    const o = document.createElement("option");
    o.value = r;
    list.append(o);
  }
  describe(field);
  field.addEventListener("change", () => send(field.value));
  controls.append(field, list);
}

/** Builds a text property's field (see editor.js, EditorParts): every keystroke is sent. */
export function textControls({ id, text, controls, disabled, describe, send }) {
  const field = document.createElement("input");
  field.type = "text";
  field.id = id;
  field.value = text;
  field.disabled = disabled;
  describe(field);
  field.addEventListener("input", () => send(field.value));
  controls.append(field);
}
