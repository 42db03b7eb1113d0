// The scene's instances in drawing order (Interface Builder's document outline), shown under
// whatever the inspector shows of a scene.
import { $ } from "../dom.js";
import { shownScene } from "../subject.js";
import { isSelected, selectInstance, toggleInstance } from "./selection.js";

/** What the canvas calls instance `i` (its box's accessible name). */
export function instanceLabel(inst, i) {
  return inst.name ? `${inst.name} (${inst.class})` : `${inst.class} ${i + 1}`;
}

/** The outline: a checkbox per instance, checked when the instance is selected. A click (or Space)
 *  selects that instance alone, also one lying under another on the canvas; Shift-, Ctrl- or
 *  Cmd-click (or Shift+Space) adds it to the selection or takes it out, as on the canvas. */
export function outline() {
  const scene = shownScene();
  const fs = document.createElement("fieldset");
  fs.className = "group outline";
  const legend = document.createElement("legend");
  legend.textContent = "Instances";
  fs.append(legend);
  // (Checkboxes, checked as the instances are selected: a button named as the canvas's box was
  // a second control of the same name, and radio buttons cannot say that several are chosen.)
  const list = document.createElement("div");
  list.className = "outline-list"; // (the fieldset, named by its legend, is the group)
  scene.document.instances.forEach((inst, i) => list.append(outlineEntry(inst, i)));
  if (!scene.document.instances.length) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = "No instances yet.";
    fs.append(p);
  }
  fs.append(list);
  return fs;
}

function outlineEntry(inst, i) {
  const l = document.createElement("label");
  l.className = "outline-entry";
  const r = document.createElement("input");
  r.type = "checkbox";
  r.name = "outline";
  r.checked = isSelected(i);
  r.dataset.index = String(i);
  r.addEventListener("click", (e) => {
    e.preventDefault(); // (the selection, drawn anew, says what is checked)
    if (e.shiftKey || e.ctrlKey || e.metaKey) {
      toggleInstance(i);
      // (The focus stays in the outline, for the next entry to add.)
      document.querySelector(`#properties .outline-entry input[data-index="${i}"]`)?.focus();
      return;
    }
    if (shownScene().many || shownScene().selected !== i) selectInstance(i);
    $("instance-boxes").children[i]?.focus(); // (the arrow keys then move it)
  });
  l.append(r, document.createTextNode(instanceLabel(inst, i)));
  return l;
}
