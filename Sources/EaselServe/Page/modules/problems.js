// The Problems panel (at the top of the library, above the fold) and the status bar's problems count:
// the plugin files that failed to load (a class's registration or validation refused included: the
// file, the class and property concerned, why) and the classes that load but fail (a crash in draw, a
// hang: the file, the class, the cause), both read from GET /api/classes (its `failures`, and each
// class's `state.failure`), which the page reads again on every failure, recovery and reload event.
// A problem that goes away (a class drawn again, a file that loads) leaves the count and the list at
// once; its line stays a few seconds marked "recovered" (or until dismissed), as the notices say it.
import { $ } from "./dom.js";

/** How long a recovered problem's line stays in the panel (milliseconds). */
const RECOVERED_SHOWN_MS = 8000;

let shown = new Map();      // key → the problem listed now: {key, file, subject, cause, className}
const recovered = new Map(); // key → {problem, timer}: problems gone since, shown as recovered
let open = () => {};         // opens a failing class (set by initProblems)

/** Wires the panel: `onOpen(name)` shows the failing class `name`; the count's click shows the panel. */
export function initProblems({ onOpen }) {
  open = onOpen;
  $("problems-count").addEventListener("click", showProblems);
}

/** The problems in `failures` (GET /api/classes's files that failed to load) and `catalog` (its
 *  classes, with their state), drawn in the panel and counted in the status bar. */
export function renderProblems(failures, catalog) {
  const now = new Map();
  for (const f of failures) {
    // As host list prints it: the file, the class and property concerned, why.
    const subject = [f.className && `class ${f.className}`, f.property && `property ${f.property}`].filter(Boolean).join(": ");
    now.set(`file:${f.path}`, { key: `file:${f.path}`, file: f.path, subject, cause: f.message.split("\n")[0] });
  }
  for (const c of catalog) {
    if (!c.state?.failing) continue;
    const f = c.state.failure || {};
    const cause = (f.phase ? `${f.phase}: ` : "") + (f.reason || f.message?.split("\n")[0] || "failing");
    now.set(`class:${c.name}`, { key: `class:${c.name}`, file: c.file, subject: `class ${c.name}`, cause, className: c.name,
                                 stale: c.state.stale });
  }
  // Gone from the list: recovered when the class (or a class of the file) is loaded now; a class or
  // file removed is simply gone.
  const loaded = (p) => catalog.some((c) => p.className ? c.name === p.className : c.file === p.file);
  for (const [key, problem] of shown) if (!now.has(key) && loaded(problem)) markRecovered(problem);
  for (const key of now.keys()) forgetRecovered(key);
  shown = now;
  draw();
}

function markRecovered(problem) {
  forgetRecovered(problem.key);
  recovered.set(problem.key, { problem, timer: setTimeout(() => { recovered.delete(problem.key); draw(); }, RECOVERED_SHOWN_MS) });
}

function forgetRecovered(key) {
  clearTimeout(recovered.get(key)?.timer);
  recovered.delete(key);
}

function draw() {
  const list = $("failure-list");
  list.replaceChildren();
  for (const p of shown.values()) list.append(line(p, false));
  for (const { problem } of recovered.values()) list.append(line(problem, true));
  $("failure-section").hidden = list.children.length === 0;
  const count = shown.size;
  const button = $("problems-count");
  button.hidden = count === 0;
  button.textContent = `⚠ ${count} problem${count === 1 ? "" : "s"}`;
  button.title = [...shown.values()].map((p) => `${p.file}: ${p.subject ? p.subject + ": " : ""}${p.cause}`).join("\n");
}

/** A problem's line: the file (in bold), then the class (a button opening it, for a failing class)
 *  and the cause; a recovered one says so and can be dismissed. */
function line(p, isRecovered) {
  const li = document.createElement("li");
  li.dataset.problem = p.key;
  const file = document.createElement("span");
  file.className = "file";
  file.textContent = `${p.file}: `;
  li.append(file);
  if (p.className && !isRecovered) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link";
    button.textContent = p.subject;
    button.addEventListener("click", () => open(p.className));
    li.append(button, document.createTextNode(`: ${p.cause}` + (p.stale ? " (its last good frame is shown)" : "")));
  } else if (isRecovered) {
    li.classList.add("recovered");
    li.append(document.createTextNode(`${p.subject || "the file"} ${p.className ? "recovered" : "loads again"}`));
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "dismiss";
    dismiss.setAttribute("aria-label", "Dismiss");
    dismiss.title = "Dismiss";
    dismiss.addEventListener("click", () => { forgetRecovered(p.key); draw(); });
    li.append(dismiss);
  } else {
    li.append(document.createTextNode(`${p.subject ? p.subject + ": " : ""}${p.cause}`));
  }
  return li;
}

/** Shows the problems: the panel at the top of the library, scrolled into view and focused. */
export function showProblems() {
  if ($("failure-section").hidden) return;
  $("failure-section").scrollIntoView({ block: "nearest" });
  $("failure-section").focus();
}
