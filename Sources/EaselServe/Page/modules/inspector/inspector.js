// The inspector: what is edited (the class shown alone, a scene, one or several of its instances)
// and its editors, drawn again after edits, resets, actions and reloads. It owns no state: it draws
// from the subject (subject.js) and the open scene.
import { $ } from "../dom.js";
import { editedClass, shownScene, onSubjectChanged } from "../subject.js";
import { editor } from "./editor.js";
import { actionsEditor } from "./actions.js";
import { variantPicker } from "../variants.js";
import { frameEditor, selectionEditor } from "../scenes/frame-editor.js";
import { sceneEditor, addInstanceEditor } from "../scenes/scene-editors.js";
import { outline, instanceLabel } from "../scenes/outline.js";
import { focusInInspector, restoreFocus } from "./focus.js";
import { showStandingDrawRefusal } from "./refusals.js";

/** Draws the inspector each time what is edited changes (subjectChanged()). */
export function initInspector() { onSubjectChanged(renderInspector); }

/** Draws the inspector again from what is shown, keeping the focus where it was. */
export function renderInspector() {
  const focus = focusInInspector();
  drawInspector();
  showStandingDrawRefusal();
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
