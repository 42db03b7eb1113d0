// The open scene's file on disk: not a valid scene now, changed on disk under unsaved edits,
// deleted, new (not on disk yet), or edits a previous serve kept as it stopped; and the choices
// offered then (reload from disk, keep my edits, restore or discard the kept edits).
import { $, basename, factList } from "../dom.js";
import { postJSON } from "../api.js";
import { notice } from "../notices.js";
import { shownScene, updateTitle } from "../subject.js";
import { reloadScene, loadScenes } from "./scenes.js";

/** The scene's file on disk against the open scene (`detail`: GET /api/scenes/N): not a valid scene
 *  now (the file's error, with the instance and key; the last good scene stays open), or changed on
 *  disk while this scene has unsaved edits (reload it from disk, or keep the edits: Save then
 *  overwrites the file). */
export function showSceneFile(detail) {
  showKeptEdits(detail);
  const error = detail.fileError;
  const deleted = Boolean(detail.deletedOnDisk);
  const changed = detail.changedOnDisk && !error && !deleted;
  // A file deleted on disk (a git checkout, rm): the scene stays open as it is here, as an editor
  // keeps a buffer whose file went; Save writes the file again (so Save is offered without edits).
  if (shownScene()) {
    shownScene().deletedOnDisk = deleted;
    updateTitle();
    $("save-scene").disabled = !(detail.dirty || deleted);
  }
  $("scene-file").hidden = !error && !changed && !deleted;
  $("scene-file").classList.toggle("info", deleted && Boolean(detail.newFile));
  $("scene-file").setAttribute("role", deleted && detail.newFile ? "status" : "alert");
  if (!error && !changed && !deleted) return;
  const name = basename(detail.file);
  $("scene-file-title").textContent = deleted ? (detail.newFile ? `${name} is a new scene` : `${name} was deleted on disk`)
    : error ? `${name} on disk is not a valid scene` : `${name} changed on disk`;
  const add = factList($("scene-file-facts"));
  if (error) {
    add("File", error.file || detail.file);
    add("Instance", error.instance);
    add("Key", error.key);
    add("What happened", error.reason || error.message);
  } else {
    add("File", detail.file);
  }
  $("scene-file-hint").textContent = deleted && detail.newFile
    ? "It is not on disk yet: add instances (the inspector, or drag a class from the library), then Save scene creates the file."
    : deleted
    ? "The scene stays open as it is here. Save scene recreates the file; a file put back is read again."
    : error
    ? "The last good scene stays open; the file is read again when it changes."
    : "This page has unsaved edits of it. Reload it from disk (the edits are lost), or keep the edits (Save scene then overwrites the file).";
  $("scene-file-choices").hidden = !changed;
}

/** Edits a previous serve kept as it stopped (NAME.unsaved.json beside the scene): offered until
 *  they are restored (the scene's unsaved edits then; Save writes them) or discarded (the file is
 *  removed). The server refuses edits of the scene until then, so that neither version is lost. */
function showKeptEdits(detail) {
  const kept = detail.keptEdits;
  $("kept-edits").hidden = !kept;
  if (!kept) return;
  $("kept-edits-title").textContent = `${basename(detail.file)} has unsaved edits from the last session`;
  $("kept-edits-hint").textContent = `They were kept in ${kept} when serve stopped. Restore them (they stay unsaved until Save scene), or discard them (the file is removed). The scene cannot be edited until then.`;
}

/** Makes a choice about the open scene's file (`action`: reload, keep, restore or discard). */
async function sceneFileChoice(action) {
  const { index, selected } = shownScene();
  try {
    await postJSON(`/api/scenes/${index}/${action}`, {});
    if (action === "restore") await loadScenes(); // (its library entry: unsaved now)
    await reloadScene(index, selected);
  } catch (e) { notice(e.message, "error"); }
}

/** Wires the choices' buttons. */
export function initSceneFile() {
  $("scene-file-reload").addEventListener("click", () => sceneFileChoice("reload"));
  $("scene-file-keep").addEventListener("click", () => sceneFileChoice("keep"));
  $("kept-edits-restore").addEventListener("click", () => sceneFileChoice("restore"));
  $("kept-edits-discard").addEventListener("click", () => sceneFileChoice("discard"));
}
