// The scene's keys, as in Interface Builder: Delete or Backspace removes, Escape deselects; with
// Ctrl (⌘): S saves, D duplicates, C/X/V copy, cut and paste instances, A selects them all, Z undoes,
// Shift+Z or Y redoes. A key pressed in a text field (or another form control) stays the field's.
import { $, inFormControl } from "./dom.js";
import { shownScene } from "./subject.js";
import { isSelected, selection, selectInstance, setSelection } from "./scenes/selection.js";
import { removeInstances, duplicateInstances, copyInstances, hasCopiedInstances, pasteInstances } from "./scenes/instances.js";
import { stepHistory } from "./scenes/history.js";
import { saveScene } from "./scenes/scenes.js";

/** Listens to the page's keys. */
export function initKeyboard() {
  document.addEventListener("keydown", onSceneKey);
  document.addEventListener("keydown", onShortcut);
}

/** Delete or Backspace removes the scene instance whose box has the focus, else the selected
 *  one (the focus on the canvas or in the inspector); Escape deselects. Never while typing in a
 *  field (nor in any other form control: the key is the field's). */
function onSceneKey(e) {
  const scene = shownScene();
  if (!scene || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const t = e.target;
  if (inFormControl(t)) return;
  if (e.key === "Delete" || e.key === "Backspace") {
    // On the canvas or in the inspector (a key pressed on the library's or the toolbar's controls
    // is theirs, as in Interface Builder, where Delete acts on the canvas's selection).
    if (!(t === document.body || !(t instanceof Element) || $("canvas-area").contains(t) || $("inspector").contains(t))) return;
    // (Every selected instance, when the focused box is one of them or none has the focus.)
    const focused = [...$("instance-boxes").children].indexOf(document.activeElement);
    const indices = focused >= 0 && !isSelected(focused) ? [focused] : selection();
    if (!indices.length || !indices.every((i) => scene.document.instances[i])) return;
    e.preventDefault();
    removeInstances(indices);
  } else if (e.key === "Escape" && scene.selected != null) {
    e.preventDefault();
    selectInstance(null);
  }
}

/** Whether `target` takes typed text (a field whose Ctrl+Z, C, X, V are its own). */
function takesText(t) {
  return t instanceof Element && (t.matches("textarea, input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=color])") || t.isContentEditable);
}

// Ctrl+S (⌘S) saves the scene shown, as in an editor (the browser's "Save page" is not meant);
// Ctrl+Z undoes a scene edit, Ctrl+Shift+Z or Ctrl+Y redoes it (in a text field they are the
// field's own).
function onShortcut(e) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || !shownScene()) return;
  const key = e.key.toLowerCase();
  if (key === "s") {
    e.preventDefault();
    if (!$("save-scene").disabled) saveScene();
    return;
  }
  if (key === "d" && !e.shiftKey) {
    // Duplicate the selected instance (Interface Builder's ⌘D; the browser's bookmark is not meant).
    e.preventDefault();
    if (selection().length) duplicateInstances(selection());
    return;
  }
  const t = e.target;
  const typing = takesText(t);
  if (["c", "x", "v"].includes(key) && !e.shiftKey) {
    clipboardKey(e, key, typing);
    return;
  }
  if (key === "a" && !e.shiftKey) {
    // Select all the scene's instances, when the focus is on the canvas (elsewhere the key is
    // the page's or the field's own).
    if (!(t instanceof Element && $("canvas-area").contains(t))) return;
    e.preventDefault();
    setSelection(shownScene().document.instances.map((_, i) => i), shownScene().selected);
    return;
  }
  if (key !== "z" && key !== "y") return;
  if (typing) return;
  e.preventDefault();
  stepHistory(key === "z" && !e.shiftKey);
}

/** Copy, cut and paste scene instances (also into another scene); text selected on the page and
 *  text fields keep their own. */
function clipboardKey(e, key, typing) {
  if (typing || String(window.getSelection() || "") !== "") return;
  if (key === "v") {
    if (!hasCopiedInstances()) return;
    e.preventDefault();
    pasteInstances();
    return;
  }
  if (!selection().length) return;
  e.preventDefault();
  copyInstances(selection());
  if (key === "x") removeInstances(selection());
}
