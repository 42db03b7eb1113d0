// The page's messages: the status line in the header and the notices log over the canvas.
import { $ } from "./dom.js";

/** The header's status line (the connection to the server). */
export function setStatus(text) { $("status").textContent = text; }

/** Adds a line on top of the notices (the last 8 are kept). The same line again moves to the top
 *  instead of being listed twice (a scene drawn again repeats its warnings at every render).
 *  `kind`: "ok", "error", "warning", "schema" or nothing. */
export function notice(text, kind) {
  const box = $("notices");
  const className = "notice " + (kind || "");
  for (const old of [...box.children]) if (old.textContent === text && old.className === className) old.remove();
  const li = document.createElement("li");
  li.className = className;
  li.textContent = text;
  box.prepend(li);
  while (box.children.length > 8) box.lastChild.remove();
}
