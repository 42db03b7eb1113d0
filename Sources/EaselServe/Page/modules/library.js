// The library: the classes the server loaded (searchable, grouped, with thumbnails and "failing"
// badges); the plugin files that failed to load and the failing classes go to the Problems panel
// (problems.js). This module owns the catalog read from
// GET /api/classes; other parts read it through the functions below.
import { $ } from "./dom.js";
import { getJSON } from "./api.js";
import { shownClass, shownScene } from "./subject.js";
import { renderProblems } from "./problems.js";

let catalog = [];      // {name, displayName, summary, group, state, file, plugin, build}, sorted
let folders = [];      // the folders the server loads from (Copy as command names them)
let program = null;    // the name the server was run as (host or easel)
let failures = [];     // the plugin files that failed to load
let pick = () => {};   // what a click on an entry does (set by initLibrary)

/** Wires the library: `onPick(name)` shows class `name`; the search field filters as it is typed. */
export function initLibrary({ onPick }) {
  pick = onPick;
  $("search").addEventListener("input", renderLibrary);
}

/** The registered classes, sorted by group then display name. */
export function classes() { return catalog; }

/** Whether a loaded build provides class `name`. */
export function hasClass(name) { return catalog.some((c) => c.name === name); }

/** The folders the server loads plugins from. */
export function searchPath() { return folders; }

/** The name the server was run as (`host` or `easel`), null before its first answer. */
export function programName() { return program; }

/** What the page calls the server: `easel serve` or `host serve`, as it was run (before the first
 *  answer, which says so, "the designer's server"). */
export function serverName() { return program ? `${program} serve` : "the designer's server"; }

/** Reads the catalog again (GET /api/classes) and draws the library. */
export async function loadLibrary() {
  const list = await getJSON("/api/classes");
  const found = [];
  for (const plugin of list.plugins) {
    for (const c of plugin.classes) if (c.registered) found.push({ ...c, file: plugin.path, plugin: plugin.name });
  }
  found.sort((a, b) => a.group.localeCompare(b.group) || a.displayName.localeCompare(b.displayName));
  catalog = found;
  folders = list.searchPath || [];
  program = list.program || program;
  failures = list.failures;
  renderLibrary();
}

/** Draws the library: the classes matching the search, by group, then the failed files. */
export function renderLibrary() {
  const filter = $("search").value.trim().toLowerCase();
  const box = $("class-list");
  box.replaceChildren();
  const groups = new Map();
  for (const c of catalog) {
    const text = `${c.name} ${c.displayName} ${c.summary || ""} ${c.group}`.toLowerCase();
    if (filter && !text.includes(filter)) continue;
    if (!groups.has(c.group)) groups.set(c.group, []);
    groups.get(c.group).push(c);
  }
  for (const [group, items] of groups) {
    const section = document.createElement("section");
    const h = document.createElement("h2");
    h.textContent = group;
    const ul = document.createElement("ul");
    ul.className = "plain entries";
    for (const c of items) {
      const li = document.createElement("li");
      li.append(entry(c));
      ul.append(li);
    }
    section.append(h, ul);
    box.append(section);
  }
  if (!box.children.length) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = catalog.length ? "No class matches." : "No components loaded yet: build one into the watched folder.";
    box.append(p);
  }
  renderProblems(failures, catalog);
}

/** A class's entry: a button with its thumbnail, name and summary (and a "failing" badge). */
function entry(c) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "entry";
  b.setAttribute("aria-label", c.displayName);
  b.dataset.className = c.name;
  if (shownClass() && shownClass().class.name === c.name && !shownScene()) b.setAttribute("aria-current", "true");
  const img = document.createElement("img");
  img.alt = "";
  img.src = `/api/thumbnail/${encodeURIComponent(c.name)}?v=${c.build}-${c.state?.previewBuild ?? 0}-${c.state?.previewRevision ?? 0}`;
  img.onerror = () => { img.style.visibility = "hidden"; };
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = c.displayName;
  const summary = document.createElement("span");
  summary.className = "summary";
  summary.textContent = c.summary || "";
  b.append(img, name, summary);
  if (c.state?.failing) {
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = "failing";
    b.append(badge);
  }
  b.addEventListener("click", () => pick(c.name));
  // Dragged onto a scene's canvas, it adds an instance there.
  b.draggable = true;
  b.addEventListener("dragstart", (e) => { e.dataTransfer.setData("application/x-easel-class", c.name); e.dataTransfer.effectAllowed = "copy"; });
  return b;
}

const thumbnailTimers = new Map(); // class → a pending reload of its thumbnail
let thumbnailSerial = 0;

/** The class's thumbnail was drawn again (an edit, an animation, other traits): its entry shows the
 *  new one, fetched at most every half second per class. */
export function refreshThumbnail(name) {
  if (thumbnailTimers.has(name)) return;
  thumbnailTimers.set(name, setTimeout(() => {
    thumbnailTimers.delete(name);
    const img = [...$("class-list").querySelectorAll("button.entry")].find((b) => b.dataset.className === name)?.querySelector("img");
    if (img) { img.style.visibility = ""; img.src = `/api/thumbnail/${encodeURIComponent(name)}?r=${++thumbnailSerial}`; }
  }, 500));
}

