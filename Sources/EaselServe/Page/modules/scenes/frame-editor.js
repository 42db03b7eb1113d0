// The inspector's Layout section of scene instances: for one instance its name, variant and frame
// (Interface Builder's size inspector) and its buttons; for several, the buttons that apply to all.
import { nextSerial, groupFieldset, button } from "../dom.js";
import { shownScene } from "../subject.js";
import { captioned } from "../inspector/compound.js";
import { commitFrame, removeInstances, duplicateInstances, arrangeInstances } from "./instances.js";

/** The Layout section of instance `index` of the open scene. */
export function frameEditor(index) {
  const inst = shownScene().document.instances[index];
  const fs = groupFieldset("group frame", "Layout");
  const frame = frameRow(inst, index);
  const remove = button("Remove from scene");
  remove.addEventListener("click", () => removeInstances([index]));
  const duplicate = button("Duplicate", "A copy of this instance, 10 points right and down (Ctrl+D)");
  duplicate.setAttribute("aria-keyshortcuts", "Control+D");
  duplicate.addEventListener("click", () => duplicateInstances([index]));
  const buttons = document.createElement("div");
  buttons.className = "instance-actions";
  buttons.append(duplicate, remove,
                 arrangeButton("Bring to Front", "Drawn last, over every other instance", [index], true),
                 arrangeButton("Send to Back", "Drawn first, under every other instance", [index], false));
  fs.append(nameRow(inst, index), frame, buttons);
  return fs;
}

/** The frame: x, y, width and height in points, sent as a drag is; a frame the server refuses
 *  shows its message here. */
function frameRow(inst, index) {
  const id = `frame-${nextSerial()}`;
  const row = document.createElement("div");
  row.className = "property";
  row.dataset.property = "@frame"; // (no property name starts with @: the focus is kept by it)
  const label = document.createElement("span");
  label.className = "label";
  label.id = id + "-label";
  label.textContent = "Frame";
  const help = document.createElement("small");
  help.id = id + "-help";
  help.className = "help";
  help.textContent = "Position and size in the scene, in points (drag the instance or its corner, or use the arrow keys)";
  const message = document.createElement("small");
  message.id = id + "-error";
  message.className = "error frame-error";
  message.setAttribute("role", "alert");
  const group = document.createElement("div");
  group.setAttribute("role", "group");
  group.className = "compound";
  group.setAttribute("aria-labelledby", label.id);
  group.setAttribute("aria-describedby", `${help.id} ${message.id}`);
  const values = inst.frame.split(",").map((v) => v.trim());
  const fields = ["x", "y", "width", "height"].map((n, i) => {
    const f = document.createElement("input");
    f.type = "number";
    f.step = "any";
    if (i >= 2) f.min = 0;
    f.value = values[i] ?? "0";
    f.title = n;
    f.setAttribute("aria-label", `Frame ${n}`);
    f.addEventListener("change", () => {
      if (fields.some((x) => x.value === "")) return;
      inst.frame = fields.map((x) => x.value).join(",");
      commitFrame(index);
    });
    return f;
  });
  group.append(...captioned(fields, ["x", "y", "width", "height"]));
  const head = document.createElement("div");
  head.className = "head";
  head.append(label);
  const controls = document.createElement("div");
  controls.className = "controls";
  controls.append(group);
  row.append(head, controls, help, message);
  return row;
}

/** The instance's name (Interface Builder's label in the document outline): what the canvas, the
 *  inspector and the host's messages call it; and its variant, when its class has some. */
function nameRow(inst, index) {
  const nameId = `instance-name-${nextSerial()}`;
  const row = document.createElement("div");
  row.className = "property";
  row.dataset.property = "@name";
  const label = document.createElement("label");
  label.htmlFor = nameId;
  label.textContent = "Name";
  const name = document.createElement("input");
  name.type = "text";
  name.id = nameId;
  name.value = inst.name || "";
  name.placeholder = "none";
  name.addEventListener("change", () => {
    const v = name.value.trim();
    if (v) inst.name = v; else delete inst.name;
    commitFrame(index); // (sent, checked and drawn as a frame edit is)
  });
  const head = document.createElement("div");
  head.className = "head";
  head.append(label);
  row.append(head, name);
  const variants = shownScene().classes.get(inst.class)?.variants || [];
  if (variants.length || inst.variant) row.append(...variantChoice(inst, index, variants));
  return row;
}

/** The instance's variant (easel.variants/1: its attributes come first, the instance's own
 *  override them), as the scene file's "variant" key: a head and a menu. */
function variantChoice(inst, index, variants) {
  const variantId = `instance-variant-${nextSerial()}`;
  const label = document.createElement("label");
  label.htmlFor = variantId;
  label.textContent = "Variant";
  const select = document.createElement("select");
  select.id = variantId;
  // A variant the class does not declare (a typo in the file: the scene cannot be drawn) is
  // shown as it is, so that picking another, or None, changes it.
  const unknown = inst.variant && !variants.some((v) => v.name === inst.variant) ? [{ name: inst.variant, displayName: `${inst.variant} (not a variant of ${inst.class})` }] : [];
  for (const v of [null, ...variants, ...unknown]) {
    const o = document.createElement("option");
    o.value = v ? v.name : "";
    o.textContent = v ? v.displayName : "None";
    o.selected = (inst.variant || "") === o.value;
    select.append(o);
  }
  select.addEventListener("change", () => {
    if (select.value) inst.variant = select.value; else delete inst.variant;
    commitFrame(index);
  });
  const head = document.createElement("div");
  head.className = "head";
  head.append(label);
  return [head, select];
}

/** The inspector of several selected instances: the Frame actions that apply to them all. */
export function selectionEditor(indices) {
  const fs = groupFieldset("group frame selection", "Layout");
  const action = (text, title, act) => {
    const b = button(text, title);
    b.addEventListener("click", act);
    return b;
  };
  const buttons = document.createElement("div");
  buttons.className = "instance-actions";
  const duplicate = action("Duplicate", "Copies of these instances, 10 points right and down (Ctrl+D)", () => duplicateInstances(indices));
  duplicate.setAttribute("aria-keyshortcuts", "Control+D");
  buttons.append(duplicate,
                 action("Remove from scene", "Takes every selected instance out (Delete)", () => removeInstances(indices)),
                 arrangeButton("Bring to Front", "Drawn last, over every other instance (their order kept)", indices, true),
                 arrangeButton("Send to Back", "Drawn first, under every other instance (their order kept)", indices, false));
  fs.append(buttons);
  return fs;
}

/** A button that moves instances `indices` (in drawing order) to the front (`front`: drawn last,
 *  on top) or the back of the drawing order; disabled when they are there. */
function arrangeButton(text, title, indices, front) {
  const b = button(text, title);
  const n = shownScene().document.instances.length;
  b.disabled = indices.every((place, k) => place === (front ? n - indices.length + k : k));
  b.addEventListener("click", () => arrangeInstances(indices, front));
  return b;
}
