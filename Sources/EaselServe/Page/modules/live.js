// What the page does with the server's events: rebuilt plugins, redrawn frames, values and scenes
// changed elsewhere, failures and recoveries, notices and the build log.
import { $ } from "./dom.js";
import { getJSON } from "./api.js";
import { notice, resolveNotices, setStatus } from "./notices.js";
import { shownClass, shownScene } from "./subject.js";
import { loadLibrary, hasClass, serverName, refreshThumbnail } from "./library.js";
import { renderCanvas } from "./canvas.js";
import { showFailure, hideOverlay } from "./overlay.js";
import { onServerEvent, onReconnect } from "./events.js";
import { reloadShownClass, refreshValuesSoon } from "./class-view.js";
import { loadScenes, reloadScene } from "./scenes/scenes.js";
import { showSceneFile } from "./scenes/scene-file.js";
import { scenePostsInFlight } from "./scenes/sync.js";
import { isDragging } from "./scenes/boxes.js";

/** Listens to the server's events (before connectEvents opens the stream). */
export function initLive() {
  onReconnect(reconnected);
  onServerEvent("reload", reloaded);
  onServerEvent("redraw", redraw);
  onServerEvent("values", valuesChanged);
  onServerEvent("scene", sceneChanged);
  onServerEvent("schema", (d) => notice(`${d.className}: ${d.changes.join(", ")}`, "schema"));
  onServerEvent("notice", (d) => notice(d.text.join(" ").trim(), d.dropped ? "warning" : ""));
  onServerEvent("failure", failed);
  onServerEvent("recovered", recovered);
  onServerEvent("build", buildOutput);
}

// Connected again: maybe to a server started anew, which holds other values, builds and scenes
// (the page went on showing the old ones, and its next edit drew something else).
async function reconnected() {
  try {
    await Promise.all([loadLibrary(), loadScenes()]);
    if (shownScene()) await reloadScene(shownScene().index, shownScene().selected);
    else if (shownClass() && hasClass(shownClass().class.name)) {
      await reloadShownClass(shownClass().class.name);
      if (!shownClass().state?.failing) hideOverlay();
    }
  } catch (e) { setStatus(`Cannot reach ${serverName()}: ${e.message}`); }
}

// A plugin file was reloaded or removed: the library follows, and the class or scene shown.
async function reloaded(data) {
  // A plugin file reloaded or removed is said too, as host watch prints it: the warnings of a
  // build before it (a class gone) were otherwise the last word after the class came back.
  if (data.build !== undefined && !data.scene && data.text?.length) notice(data.text[0], "ok");
  await loadLibrary();
  const name = shownClass()?.class.name;
  if (shownScene()) {
    await reloadScene(shownScene().index, shownScene().selected);
    return;
  }
  if (!name) return;
  const affected = (data.outcomes || []).some((o) => o.className === name) || (data.classes || []).includes(name);
  if (!affected) return;
  if (!hasClass(name)) {
    showFailure({ className: name, failure: { message: `${name} is gone: no loaded build provides it any more`, reason: "no loaded build provides this class any more" } });
    return;
  }
  await reloadShownClass(name);
  const detail = shownClass();
  if (detail.state?.failing) showFailure({ className: name, failure: detail.state.failure, staleBuild: detail.state.previewBuild });
  else hideOverlay();
}

// A live instance asked for another frame (an animation): draw the canvas again, and show the
// values it changed meanwhile (the server holds them: an animated progress) in the editors.
function redraw(d) {
  refreshThumbnail(d.className);
  if (!shownScene() && d.className === shownClass()?.class.name) {
    renderCanvas();
    refreshValuesSoon(d.className);
  }
}

// The values held for a class changed (an edit or an action, maybe in another tab): read again;
// the editors and the canvas follow when they differ from what this page shows.
function valuesChanged(d) {
  if (!shownScene() && d.className === shownClass()?.class.name) refreshValuesSoon(d.className, true);
}

// Another tab or a script edited the scene shown: read it again (when this page's own edits are
// all answered; an edit of its own made meanwhile is refused by the server, and said).
function sceneChanged(d) {
  // A scene file changed on disk: said in the notices (as host watch prints it), whatever is shown.
  if (d.fileChange && d.text?.length) notice(d.text.join(" "), d.fileChange === "reloaded" ? "" : "warning");
  if (d.fileChange) loadScenes().catch(() => {}); // (the library's entry: deleted on disk, unsaved)
  const scene = shownScene();
  if (scene?.index !== d.index) return;
  const quiet = () => !scenePostsInFlight() && !isDragging();
  if (d.revision > scene.revision && quiet()) {
    reloadScene(d.index, scene.selected).catch(() => {});
  } else if (d.revision === undefined || d.revision <= scene.revision) {
    // Its file changed on disk (or was saved, or the choice was made in another tab): the scene
    // is read again when its revision moved on, else only what the file says is shown.
    getJSON(`/api/scenes/${d.index}`).then((detail) => {
      if (shownScene()?.index !== d.index) return;
      if (detail.revision > shownScene().revision && quiet()) return reloadScene(d.index, shownScene().selected);
      showSceneFile(detail);
    }).catch(() => {});
  }
}

function failed(d) {
  // The library's "failing" badges and its failed-files list (a rejected build) follow.
  loadLibrary().catch(() => {});
  const current = shownClass();
  const name = current?.class.name;
  const mine = d.className ? d.className === name : current && d.file === current.class.plugin.path;
  if (mine || (shownScene() && d.className && shownScene().classes.has(d.className))) showFailure(d);
  notice(d.text[0], "error", d.className);
}

async function recovered(d) {
  loadLibrary().catch(() => {}); // (its "failing" badge and its line in the Problems panel go)
  resolveNotices(d.className);
  notice(d.text[0], "ok", d.className);
  if (d.className === shownClass()?.class.name || shownScene()) { hideOverlay(); await renderCanvas(); }
}

// A build's output, in the Build output box (the last 20 000 characters); a finished build is said.
function buildOutput(d) {
  $("build-log-box").hidden = false;
  const log = $("build-log");
  log.textContent += d.text.join("\n") + "\n";
  if (log.textContent.length > 20000) log.textContent = log.textContent.slice(-20000);
  log.scrollTop = log.scrollHeight;
  if (d.finished) notice(d.text[0], d.status === 0 ? "ok" : "error");
}
