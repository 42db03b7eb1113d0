// What the canvas shows is in the page's address (#class=NAME, #scene=N): a reload shows it again,
// Back goes to what was shown before, and the address can be shared with another tab.
import { shownClass, shownScene } from "./subject.js";
import { hasClass } from "./library.js";

let picked = false; // whether something was picked on the page (the first scene is then not opened over it)

/** Puts `key`=`value` ("class" or "scene") in the address, as a new history entry. */
export function remember(key, value) {
  picked = true;
  const hash = `#${key}=${encodeURIComponent(value)}`;
  if (location.hash !== hash) history.pushState(null, "", hash);
}

/** Shows what the address names (on load, and on Back and Forward) with `show`: {showClass(name),
 *  showScene(index)}; nothing when it names nothing that is loaded. With `openScene` (the page's
 *  start, the server run with `--scene FILE`), an address naming nothing opens the first scene. */
export async function showAddressed(show, openScene = false) {
  const m = /^#(class|scene)=(.+)$/.exec(location.hash);
  if (!m) {
    if (openScene && !picked && !shownClass() && !shownScene()) await show.showScene(0).catch(() => {}); // (not over a class picked meanwhile)
    return;
  }
  const value = decodeURIComponent(m[2]);
  if (m[1] === "class" && hasClass(value)) {
    if (shownScene() || shownClass()?.class.name !== value) await show.showClass(value);
  } else if (m[1] === "scene" && /^[0-9]+$/.test(value)) {
    if (shownScene()?.index !== Number(value)) await show.showScene(Number(value)).catch(() => {});
  }
}

/** Back and Forward show what the address names, with `show` (as showAddressed). */
export function initAddress(show) {
  window.addEventListener("popstate", () => { showAddressed(show).catch(() => {}); });
}
