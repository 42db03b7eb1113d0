// "Copy as command": the `host render` line (`easel render` when the server was run as easel) that
// draws what the canvas shows.
import { $, basename } from "./dom.js";
import { notice } from "./notices.js";
import { shownClass, shownScene } from "./subject.js";
import { searchPath, programName } from "./library.js";
import { isRendering, lastFrameScale } from "./canvas.js";
import { shownFrameSize } from "./sizing.js";
import { editsInFlight } from "./values.js";
import { traitArguments } from "./traits.js";

/** `s` as a shell word (quoted when it needs to be). */
export function shellQuote(s) { return /^[A-Za-z0-9_.,:#=\/+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`; }

/** The `--plugins` options naming the folders this server loads from, unless it is the default that
 *  the commands search too (without them a line found no class when the server was started on
 *  another folder). */
export function pluginArguments() {
  const dirs = searchPath() || [];
  return dirs.length === 1 && dirs[0] === "./components" ? [] : dirs.flatMap((d) => ["--plugins", shellQuote(d)]);
}

/** The command line of what the canvas shows: the class (or scene), the folders this server loads
 *  from, the values, the size asked for, and the scale the frame shown was rendered at. */
export function command() {
  const scene = shownScene();
  const parts = [programName() || "host", "render", scene ? shellQuote(scene.file) : shownClass().class.name];
  parts.push(...pluginArguments());
  parts.push(...traitArguments());
  if (!scene) {
    const c = shownClass().class;
    // The values held: one the component changed itself (a derived value, a clamp: held false) follows them.
    for (const p of c.properties) if (p.held !== false && p.valueText !== undefined && p.valueText !== p.defaultText) parts.push("--set", shellQuote(`${p.name}=${p.valueText}`));
    // The size of the frame shown (not one typed since and refused).
    if (shownFrameSize()) parts.push("--size", shownFrameSize());
  }
  if (lastFrameScale() !== 1) parts.push("--scale", String(lastFrameScale()));
  const name = scene ? basename(scene.file).replace(/\.json$/, "") : shownClass().class.name;
  parts.push("-o", shellQuote(name + ".png"));
  return parts.join(" ") + (scene?.deletedOnDisk ? "   # save the scene first: its file is not on disk"
    : scene?.dirty ? "   # save the scene first: it has unsaved edits" : "");
}

/** The command shown (once asked for) follows the current view, frame after frame. */
export function refreshCommand() {
  if (!$("command-row").hidden) $("command").value = command();
}

/** Wires "Copy as command": the line is shown, selected and copied to the clipboard. */
export function initCommand() {
  $("copy-command").addEventListener("click", async () => {
    if (!shownClass() && !shownScene()) return;
    // The line of the view the click brings: a size or value the click's blur sent is drawn first.
    while (isRendering() || editsInFlight()) await new Promise((ok) => setTimeout(ok, 20));
    const text = command();
    $("command").value = text;
    $("command-row").hidden = false;
    $("command").select();
    try { await navigator.clipboard.writeText(text); notice("Copied: " + text, "ok"); } catch { notice("Select the command and copy it: " + text); }
  });
}
