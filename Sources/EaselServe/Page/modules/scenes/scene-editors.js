// The inspector of a scene with nothing selected: the scene's own size and background, and "Add
// to scene".
import { basename, nextSerial, groupFieldset } from "../dom.js";
import { shownScene } from "../subject.js";
import { classes } from "../library.js";
import { renderCanvas } from "../canvas.js";
import { clearRefusal, showRefusal } from "../inspector/refusals.js";
import { postScene } from "./sync.js";
import { reloadScene, markSceneEdited } from "./scenes.js";
import { addInstance } from "./instances.js";

/** A labelled input of the scene's settings: [its label, the input]. */
function settingField(label, value, type, describedBy) {
  const l = document.createElement("label");
  const i = document.createElement("input");
  i.type = type;
  i.value = value;
  if (type === "number") { i.min = 1; i.step = "any"; }
  i.setAttribute("aria-describedby", describedBy);
  l.append(document.createTextNode(label + " "), i);
  return [l, i];
}

/** The scene's own size and background (the canvas every instance is drawn on), shown when no
 *  instance is selected. */
export function sceneEditor() {
  const doc = shownScene().document;
  const fs = groupFieldset("group scene-settings", basename(shownScene().file));
  const row = document.createElement("div");
  row.className = "property";
  row.dataset.property = "@scene";
  const message = document.createElement("small");
  message.className = "error";
  message.id = `scene-settings-${nextSerial()}-error`;
  message.setAttribute("role", "alert");
  const [w, h] = doc.size.split(/[x,X]/).map((v) => v.trim());
  const [wl, wi] = settingField("Scene width", w, "number", message.id);
  const [hl, hi] = settingField("Scene height", h, "number", message.id);
  const [bl, bi] = settingField("Scene background", doc.background || "", "text", message.id);
  bi.placeholder = "transparent (#RRGGBB[AA])";
  const send = async () => {
    if (wi.value === "" || hi.value === "") return;
    doc.size = `${wi.value}x${hi.value}`;
    if (bi.value.trim()) doc.background = bi.value.trim(); else delete doc.background;
    const sceneIndex = shownScene().index;
    try {
      await postScene("scene-settings");
    } catch (e) {
      if (e.superseded || shownScene()?.index !== sceneIndex) return;
      await showSettingsRefusal(sceneIndex, [wi.value, hi.value, bi.value], e);
      return;
    }
    clearRefusal(row, message);
    markSceneEdited();
    await renderCanvas();
  };
  for (const i of [wi, hi, bi]) i.addEventListener("change", send);
  const controls = document.createElement("div");
  controls.className = "controls scene-fields";
  controls.append(wl, hl, bl);
  row.append(controls, message);
  fs.append(row);
  return fs;
}

/** Settings the server refused: the scene is read again, and what was typed (`typed`) stays, to be
 *  corrected, under the host's message. */
async function showSettingsRefusal(sceneIndex, typed, e) {
  await reloadScene(sceneIndex, null);
  const again = document.querySelector('#properties .property[data-property="@scene"]');
  if (!again) return;
  again.querySelectorAll("input").forEach((input, i) => { input.value = typed[i]; });
  showRefusal(again, again.querySelector(".error"), e.message);
}

/** "Add to scene" (Interface Builder's object library): a class and a button, keyboard-usable; the
 *  library's entries can also be dragged onto the canvas. */
export function addInstanceEditor() {
  const fs = groupFieldset("group add", "Add to scene");
  const id = `add-class-${nextSerial()}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = "Class to add";
  const select = document.createElement("select");
  select.id = id;
  for (const c of classes()) {
    const o = document.createElement("option");
    o.value = c.name;
    o.textContent = c.displayName;
    select.append(o);
  }
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Add to scene";
  button.disabled = classes().length === 0;
  button.addEventListener("click", () => addInstance(select.value, null));
  fs.append(label, select, button);
  return fs;
}
