// Where the keyboard focus is in the inspector, to give it back after the inspector (or one of its
// editors) is drawn again.
import { $ } from "../dom.js";

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
