// The page's messages: the status line in the status bar and the notices log over the canvas.
// Notices wrap rather than cut; each can be dismissed, Clear removes them all, and an error whose
// class recovered says so (its text stays as it was: the log is what happened).
import { $ } from "./dom.js";

/** The status bar's line (the connection to the server). */
export function setStatus(text) { $("status").textContent = text; }

function updateBox() { $("notices-box").hidden = $("notices").children.length === 0; }

/** Adds a line on top of the notices (the last 8 are kept). The same line again moves to the top
 *  instead of being listed twice (a scene drawn again repeats its warnings at every render).
 *  `kind`: "ok", "error", "warning", "schema" or nothing; `subject`: the class it is about (an
 *  error about it is marked recovered when it recovers). */
export function notice(text, kind, subject) {
  const box = $("notices");
  const className = "notice " + (kind || "");
  for (const old of [...box.children]) if (old.firstChild?.textContent === text && old.className === className) old.remove();
  const li = document.createElement("li");
  li.className = className;
  li.append(document.createTextNode(text));
  if (subject) li.dataset.subject = subject;
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "dismiss";
  dismiss.setAttribute("aria-label", "Dismiss");
  dismiss.title = "Dismiss";
  dismiss.addEventListener("click", () => { li.remove(); updateBox(); });
  li.append(dismiss);
  box.prepend(li);
  while (box.children.length > 8) box.lastChild.remove();
  updateBox();
}

/** The errors about `subject` (a class) are marked as recovered since. */
export function resolveNotices(subject) {
  for (const li of $("notices").querySelectorAll(".notice.error")) {
    if (li.dataset.subject === subject) li.dataset.resolved = "true";
  }
}

/** Wires the notices' Clear button. */
export function initNotices() {
  $("clear-notices").addEventListener("click", () => { $("notices").replaceChildren(); updateBox(); });
}
