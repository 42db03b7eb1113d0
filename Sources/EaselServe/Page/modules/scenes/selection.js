// The open scene's selection: one instance (`scene.selected`), several (`scene.many`, after
// Shift-click, Ctrl+A or a band; `selected` is then the one clicked last), or none.
import { $ } from "../dom.js";
import { shownScene, subjectChanged } from "../subject.js";
import { noteSelection } from "./history.js";

/** Selects instance `index` of the scene shown (null: none, as Escape or a click beside every
 *  instance does), alone: the inspector shows it, and its box is marked (aria-pressed). */
export function selectInstance(index) {
  const scene = shownScene();
  if (!scene || (scene.selected === index && !scene.many)) return;
  scene.selected = index;
  scene.many = null;
  showSelection();
}

/** The selected instances' places, in drawing order (several after Shift-click or Ctrl+A, as in
 *  Interface Builder; `scene.selected` is the one clicked last). */
export function selection() {
  const scene = shownScene();
  if (!scene) return [];
  if (scene.many) return scene.many;
  return scene.selected != null ? [scene.selected] : [];
}

/** Whether instance `index` is selected. */
export function isSelected(index) { return selection().includes(index); }

/** Sets the selection to `indices` (one: that instance alone; none: the scene); `primary` is the
 *  one that leads it (else the last). */
export function setSelection(indices, primary) {
  const scene = shownScene();
  const list = [...new Set(indices)].filter((i) => scene.document.instances[i]).sort((a, b) => a - b);
  scene.many = list.length > 1 ? list : null;
  scene.selected = list.length === 0 ? null : list.includes(primary) ? primary : list.at(-1);
  showSelection();
}

/** Adds instance `index` to the selection, or takes it out (Shift-, Ctrl- or Cmd-click). */
export function toggleInstance(index) {
  const now = selection();
  const primary = shownScene().selected;
  if (now.includes(index)) setSelection(now.filter((i) => i !== index), primary === index ? undefined : primary);
  else setSelection([...now, index], index);
}

/** The selection is `index` alone, or the whole multiple selection when `index` is none (an edit
 *  of instance `index` selects it; one of several keeps them selected). */
export function selectForEdit(index) {
  if (index == null) return;
  const scene = shownScene();
  if (!isSelected(index)) scene.many = null;
  scene.selected = index;
}

/** The boxes and the inspector after the selection changed. */
function showSelection() {
  const scene = shownScene();
  noteSelection();
  subjectChanged();
  [...$("instance-boxes").children].forEach((b, i) => {
    b.classList.toggle("selected", isSelected(i));
    b.classList.toggle("many", isSelected(i) && Boolean(scene.many));
    b.setAttribute("aria-pressed", String(isSelected(i)));
  });
}
