// The page's own keys (the scene's are keyboard.js's): / or Ctrl+K (⌘K) searches the library; from
// the search field the arrow keys move through the results and Enter opens the only match (or the
// first); ? shows the shortcut table; I toggles Interact; 0, 1, 2, 3, + and - zoom (zoom-pan.js).
// A key typed in a field is the field's, never the page's.
import { $, inFormControl } from "./dom.js";
import { isInteracting, setInteract } from "./interact.js";
import { zoomKey } from "./zoom-pan.js";
import { shownScene } from "./subject.js";

function entries() { return [...$("class-list").querySelectorAll("button.entry")]; }

/** Focuses the library's search field, its text selected (expanding the library if collapsed). */
export function focusSearch() {
  if ($("layout").classList.contains("library-collapsed")) $("collapse-library").click();
  $("search").focus();
  $("search").select();
}

function onKey(e) {
  if (e.defaultPrevented) return;
  const typing = inFormControl(e.target);
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k") {
    e.preventDefault();
    focusSearch();
    return;
  }
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "/") { e.preventDefault(); focusSearch(); return; }
  if (e.key === "?") { e.preventDefault(); $("shortcuts").showModal(); return; }
  if ((e.key === "i" || e.key === "I") && !shownScene()) { e.preventDefault(); setInteract(!isInteracting()); return; }
  if (!e.target.closest?.("#library, #properties, dialog") && zoomKey(e)) e.preventDefault();
}

/** Arrow keys, Home and End move through the library's results; from the search field Enter opens
 *  the only match (or the first) and ArrowDown moves into them; ArrowUp on the first goes back. */
function onLibraryKey(e) {
  const list = entries();
  if (e.target === $("search")) {
    if (e.key === "Enter" && list.length) { e.preventDefault(); list[0].click(); list[0].focus(); }
    else if (e.key === "ArrowDown" && list.length) { e.preventDefault(); list[0].focus(); }
    return;
  }
  const i = list.indexOf(e.target);
  if (i < 0) return;
  const next = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: list.length - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  if (next < 0) { $("search").focus(); return; }
  list[Math.min(next, list.length - 1)].focus();
}

/** Listens to the page's keys and wires the shortcut table's button. */
export function initShortcuts() {
  document.addEventListener("keydown", onKey);
  $("library").addEventListener("keydown", onLibraryKey);
  $("shortcuts-button").addEventListener("click", () => $("shortcuts").showModal());
}
