// The inspector: what is edited (the class shown alone, a scene, one or several of its instances)
// and its editors, drawn again after edits, resets, actions and reloads. It owns no state: it draws
// from the subject (subject.js) and the open scene.
import { $ } from "../dom.js";
import { editedClass, shownScene } from "../subject.js";
import { editor } from "./editor.js";
import { actionsEditor } from "./actions.js";
import { variantPicker } from "../variants.js";
import { frameEditor, selectionEditor } from "../scenes/frame-editor.js";
import { sceneEditor, addInstanceEditor } from "../scenes/scene-editors.js";
import { outline, instanceLabel } from "../scenes/outline.js";

// The inspector is drawn again after edits, resets, actions and reloads: the control that had the
// focus gets it back (the same control of the same editor; a reset button, disabled once the value
// is the default, passes it to its editor's first control), so the keyboard never lands on <body>.
const FOCUSABLE = "input, select, button, textarea";

/** Where the focus is in the inspector (null: elsewhere), to give it back after a redraw. */
export function focusInInspector() {
  const active = document.activeElement;
  if (!active || !$("properties").contains(active)) return null;
  return { title: $("inspector-title").textContent, index: [...$("properties").querySelectorAll(FOCUSABLE)].indexOf(active),
           property: active.closest(".property")?.dataset.property };
}

/** Gives the focus back to the control `key` (from focusInInspector) names, when the inspector
 *  still shows the same thing and the focus has not gone elsewhere meanwhile. */
export function restoreFocus(key) {
  if (!key || key.title !== $("inspector-title").textContent || $("properties").contains(document.activeElement)) return;
  let target = [...$("properties").querySelectorAll(FOCUSABLE)][key.index];
  const row = key.property ? $("properties").querySelector(`.property[data-property="${CSS.escape(key.property)}"]`) : null;
  if (row && (!target || !row.contains(target) || target.disabled)) {
    target = [...row.querySelectorAll(FOCUSABLE)].find((c) => !c.disabled);
  }
  if (target && !target.disabled) target.focus();
}

/** Draws the inspector again from what is shown, keeping the focus where it was. */
export function renderInspector() {
  const focus = focusInInspector();
  drawInspector();
  restoreFocus(focus);
}

function setHeading(title, summary) {
  $("inspector-title").textContent = title;
  $("inspector-summary").textContent = summary;
}

function drawInspector() {
  const form = $("properties");
  form.replaceChildren();
  const cls = editedClass();
  const scene = shownScene();
  if (scene?.many) {
    // Several instances selected (Shift-click, Ctrl+A): what applies to them all, as Interface
    // Builder's inspector with a multiple selection.
    const chosen = scene.many;
    setHeading(`${chosen.length} instances selected`, chosen.map((i) => instanceLabel(scene.document.instances[i], i)).join(", ")
      + ". Drag one or use the arrow keys to move them together; Escape clears the selection.");
    form.append(selectionEditor(chosen), outline());
    return;
  }
  const selectedInstance = scene && scene.selected != null ? scene.document.instances[scene.selected] : null;
  if (!cls && selectedInstance) {
    // An instance of a class no build provides (not loaded, or its plugin failed): it cannot be
    // drawn, but it can still be moved, resized or removed.
    const why = scene.unavailable?.[selectedInstance.class]?.message || "the class is not loaded";
    setHeading(`${selectedInstance.class} (${selectedInstance.name || "instance " + (scene.selected + 1)})`,
               `${selectedInstance.class} cannot be drawn: ${why}. Its frame can still be edited, and it can be removed.`);
    form.append(frameEditor(scene.selected), outline());
    return;
  }
  if (!cls) {
    setHeading(scene ? "Scene" : "Inspector",
               scene ? "Click an instance on the canvas to edit it, or add one: pick its class below, or drag it from the library onto the canvas." : "");
    if (scene) form.append(sceneEditor(), outline(), addInstanceEditor());
    return;
  }
  setHeading(cls.displayName + (scene ? ` (${scene.document.instances[scene.selected].name || "instance " + (scene.selected + 1)})` : ""),
             cls.summary || "");
  if (scene) form.append(frameEditor(scene.selected));
  if (!scene && cls.variants && cls.variants.length) form.append(variantPicker(cls));
  form.append(...propertyGroups(cls));
  // Actions (easel.actions/1), as a designer's buttons: an argument gets a field with its default.
  if (!scene && cls.actions && cls.actions.length) form.append(actionsEditor(cls));
  if (scene) form.append(outline());
}

/** The editors of `cls`'s visible properties, grouped as host inspect groups them: the property's
 *  group, else the class's own section. */
function propertyGroups(cls) {
  const groups = new Map();
  for (const p of cls.properties) {
    if (p.hidden) continue;
    const g = p.group || cls.displayName;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(p);
  }
  return [...groups].map(([group, props]) => {
    const fs = document.createElement("fieldset");
    fs.className = "group";
    const legend = document.createElement("legend");
    legend.textContent = group;
    fs.append(legend);
    for (const p of props) fs.append(editor(p));
    return fs;
  });
}
