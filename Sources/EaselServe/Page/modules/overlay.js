// The failure overlay over the canvas: a build that failed or was rejected, a frame that cannot be
// drawn with the values held. The last good frame stays below it, dimmed.
import { $, basename, factList } from "./dom.js";
import { shownScene } from "./subject.js";
import { showDrawRefusal } from "./inspector/refusals.js";

/** Shows the overlay for `event` (a failure event of the stream, or a refused render:
 *  {failure, status, className, displayName, file, rejected, keptBuild, staleBuild}). */
export function showFailure(event) {
  const f = event.failure || {};
  // A 4xx is the request's data (a value the frame cannot be drawn with), which no build fixes.
  const refused = event.status >= 400 && event.status < 500 && Boolean(f.className || event.status === 422);
  if (refused) showDrawRefusal(f.message || f.reason);
  $("overlay-title").textContent = event.rejected ? `Build of ${basename(event.file)} rejected`
    : refused ? `${event.displayName || "The scene"} cannot be drawn with these values`
    : `${event.className || f.className || "The build"} failed`; // (a scene's: the class its render names)
  addFacts(event, f);
  $("overlay-output").textContent = (f.output || []).join("\n");
  $("overlay-output").hidden = !(f.output || []).length;
  $("overlay-hint").textContent = refused
    ? ($("frame").hidden ? "There is no good frame to show yet." : "The last good frame stays below, dimmed.")
      + " Change or reset the value concerned to draw again."
    : $("frame").hidden
    ? "There is no good frame to show yet. The page recovers by itself on the next good build."
    : "The last good frame stays below, dimmed. The page recovers by itself on the next good build.";
  $("overlay").hidden = false;
  $("frame").classList.add("stale");
}

function addFacts(event, f) {
  const add = factList($("overlay-facts"));
  // A scene's error names the instance at the start of its message ("instances[0].variant: …"):
  // the class and the instance are said too (the overlay said only the file).
  const scene = shownScene();
  const at = scene ? /(?:^|: )(instances\[(\d+)\])/.exec(f.reason || f.message || "") : null;
  const inst = at ? scene.document.instances[Number(at[2])] : null;
  add("File", f.file || event.file);
  add("Class", f.className || event.className || inst?.class);
  add("Instance", inst ? `${at[1]}${inst.name ? ` ('${inst.name}')` : ""}` : null);
  add("Property", f.property);
  add("Phase", f.phase);
  add("Signal", f.signal);
  add("Exit status", f.exitStatus);
  add("Time budget", f.timedOut ? "exceeded" : null);
  add("What happened", f.reason || f.message);
  if (event.keptBuild) add("Kept", `build ${event.keptBuild} (rollback)`);
  if (event.staleBuild) add("Showing", `the last good frame (build ${event.staleBuild}), stale`);
}

/** Hides the overlay; the frame is no longer dimmed. */
export function hideOverlay() {
  $("overlay").hidden = true;
  $("frame").classList.remove("stale");
}
