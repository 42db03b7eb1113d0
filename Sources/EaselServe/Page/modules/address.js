// What the canvas shows is in the page's address (#class=NAME, #scene=N): a reload shows it again,
// Back goes to what was shown before, and the address can be shared with another tab.
import { shownClass, shownScene } from "./subject.js";
import { hasClass } from "./library.js";
import { selectClass } from "./class-view.js";
import { reloadScene } from "./scenes/scenes.js";

/** Puts `key`=`value` ("class" or "scene") in the address, as a new history entry. */
export function remember(key, value) {
  const hash = `#${key}=${encodeURIComponent(value)}`;
  if (location.hash !== hash) history.pushState(null, "", hash);
}

/** Shows what the address names (on load, and on Back and Forward); nothing when it names nothing
 *  that is loaded. */
export async function showAddressed() {
  const m = /^#(class|scene)=(.+)$/.exec(location.hash);
  if (!m) return;
  const value = decodeURIComponent(m[2]);
  if (m[1] === "class" && hasClass(value)) {
    if (shownScene() || shownClass()?.class.name !== value) await selectClass(value);
  } else if (m[1] === "scene" && /^[0-9]+$/.test(value)) {
    if (shownScene()?.index !== Number(value)) await reloadScene(Number(value), null).catch(() => {});
  }
}

/** Back and Forward show what the address names. */
export function initAddress() {
  window.addEventListener("popstate", () => { showAddressed().catch(() => {}); });
}
