// What the designer shows: one class on its own (its detail, GET /api/classes/NAME) or one open
// scene (its model), never both. This module owns that choice; the class detail is replaced only
// through these functions, and the scene's model belongs to the scene modules (scenes/), which
// edit its document and selection.
import { basename } from "./dom.js";

let valuesSent = 0;     // counts the values sent (an edit, an action, a variant): a read begun before one is stale
let classDetail = null; // the class shown alone: {class, resources, currentVariants, defaults, state}
let scene = null;       // the open scene: {index, document, ids (each instance's identity), selected, many, …}

/** The detail of the class shown on its own (null while a scene, or nothing, is shown). */
export function shownClass() { return classDetail; }

/** The open scene's model (null while a class, or nothing, is shown). */
export function shownScene() { return scene; }

/** Shows the class whose detail is `detail` (or keeps showing it, with newer values). */
export function setClassDetail(detail) { classDetail = detail; }

/** Says that what is edited changed (the selection, the values read, the class or scene shown):
 *  the inspector, which listens from the page's start (onSubjectChanged), is drawn again before
 *  this returns. The parts that change the subject tell it so, rather than import the inspector,
 *  which is made of their editors. */
export function subjectChanged() { document.dispatchEvent(new CustomEvent("easel:subject")); }

/** Calls `listener()` each time subjectChanged() says what is edited changed. */
export function onSubjectChanged(listener) { document.addEventListener("easel:subject", () => listener()); }

/** Counts values sent to the server (an edit, an action run, a variant picked). */
export function noteValuesSent() { valuesSent += 1; }

/** How many times values were sent so far (a read of the values begun before one is stale). */
export function valuesSentCount() { return valuesSent; }

/** Leaves the scene shown (the class shown alone, if any, stays until another is set). */
export function closeScene() { scene = null; }

/** Shows scene `model` (a scene read from the server): no class is shown alone then. */
export function openScene(model) {
  classDetail = null;
  scene = model;
}

/** The selected scene instance (null when none is, or no scene is shown). */
export function selectedInstance() {
  return scene && scene.selected != null ? scene.document.instances[scene.selected] : null;
}

/** The class whose properties the inspector edits: the class alone, or the selected instance's. */
export function editedClass() {
  if (scene) {
    const inst = selectedInstance();
    return inst ? scene.classes.get(inst.class) : null;
  }
  return classDetail?.class;
}

/** The image resources of the plugin of the class being edited (alone, or the selected instance's). */
export function editedResources() {
  if (scene) {
    const inst = selectedInstance();
    return (inst && scene.resources[inst.class]) || [];
  }
  return classDetail?.resources || [];
}

/** The text property `p` has now in what is edited. */
export function currentText(p) {
  if (scene) {
    const inst = scene.document.instances[scene.selected];
    const v = inst.attributes?.[p.name];
    return v === undefined ? baseText(p) : String(v);
  }
  return p.valueText ?? p.defaultText;
}

/** Whether `p`'s editor is marked "modified" (and can be reset): its value differs from what
 *  nothing sets and, for a class alone, the designer holds it. A value the component changed itself
 *  (a clamp, a dependent value: `held` false) is shown as the instance has it, not as modified. */
export function isModified(p) {
  if (!scene && p.held === false) return false;
  return currentText(p) !== baseText(p);
}

/** What a property is when nothing sets it: its default, or, for a scene instance with a
 *  variant, the variant's value (its attributes apply first: the editors showed the default). */
export function baseText(p) {
  if (scene) {
    const inst = scene.document.instances[scene.selected];
    const variant = inst?.variant && scene.classes.get(inst.class)?.variants?.find((v) => v.name === inst.variant);
    const a = variant?.attributes.find((x) => x.name === p.name);
    if (a) return String(a.value);
  }
  return p.defaultText;
}

/** The tab's title names what is shown (and a scene's unsaved edits), as an editor's window does:
 *  several tabs of the designer were all "Easel designer". */
export function updateTitle() {
  const shown = scene ? basename(scene.file) + (scene.dirty || scene.deletedOnDisk ? " (unsaved)" : "")
    : classDetail ? classDetail.class.displayName : null;
  document.title = shown ? `${shown} — Easel designer` : "Easel designer";
}
