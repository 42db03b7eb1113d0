// Variants (easel.variants/1), as Storybook's stories: picking one shows the class as the variant
// sets it, every other property at its default; the editors then go on from there (an edit leaves
// the variant, and "Copy as command" names the values, which reproduce the view). This module owns
// which variant was picked last for each class.
import { postJSON } from "./api.js";
import { notice } from "./notices.js";
import { shownClass, shownScene, setClassDetail, subjectChanged, noteValuesSent } from "./subject.js";
import { renderCanvas } from "./canvas.js";

const variantOf = new Map(); // class → the variant last picked (null: Default), until a property is edited

/** The Variants section of class `cls`'s inspector: a radio per variant, and Default. */
export function variantPicker(cls) {
  const fs = document.createElement("fieldset");
  fs.className = "group variants";
  const legend = document.createElement("legend");
  legend.textContent = "Variants";
  legend.id = "variants-label";
  fs.append(legend);
  const list = document.createElement("div");
  list.className = "variant-list";
  list.setAttribute("role", "radiogroup");
  list.setAttribute("aria-labelledby", "variants-label");
  const picked = currentVariant(cls);
  for (const v of [null, ...cls.variants]) {
    const l = document.createElement("label");
    const r = document.createElement("input");
    r.type = "radio";
    r.name = "variant";
    r.checked = picked !== undefined && picked === (v ? v.name : null);
    r.dataset.variant = v ? v.name : "";
    l.title = v ? [v.summary, v.attributes.map((a) => `${a.name}=${a.value}`).join(" ")].filter(Boolean).join("\n")
                : "Every property at its default";
    r.addEventListener("change", () => { if (r.checked) applyVariant(cls, v); });
    l.append(r, document.createTextNode(v ? v.displayName : "Default"));
    list.append(l);
  }
  fs.append(list);
  return fs;
}

/** The picker's current choice: the one picked while the values are still what it set, else
 *  Default (null) when every value is its default, else the (first) variant the values are;
 *  undefined (none) once an edit left every variant. */
function currentVariant(cls) {
  const detail = shownClass();
  const now = detail.currentVariants || [];
  const matching = (name) => name === null ? detail.defaults === true : now.includes(name);
  const last = variantOf.has(cls.name) ? variantOf.get(cls.name) : undefined;
  return last !== undefined && matching(last) ? last : detail.defaults ? null : now[0];
}

function pickerRadios() { return document.querySelectorAll("#properties .variants input"); }

/** The picker follows the values after an edit (the inspector is not drawn again while typing). */
export function refreshVariantChoice() {
  if (shownScene() || !shownClass()) return;
  const picked = currentVariant(shownClass().class);
  pickerRadios().forEach((r) => {
    r.checked = picked !== undefined && picked === (r.dataset.variant || null);
  });
}

/** An edit of class `className`'s values leaves the variant picked last (none is checked). */
export function leaveVariant(className) {
  variantOf.delete(className);
  pickerRadios().forEach((r) => { r.checked = false; });
}

async function applyVariant(cls, variant) {
  const values = {};
  // Every value the session holds goes back to its default, then the variant's attributes apply.
  for (const p of cls.properties) {
    if (!p.readOnly && p.valueText !== undefined && p.valueText !== p.defaultText) values[p.name] = null;
  }
  for (const a of variant ? variant.attributes : []) values[a.name] = a.value;
  noteValuesSent();
  try {
    setClassDetail(await postJSON("/api/values", { class: cls.name, values }));
    variantOf.set(cls.name, variant ? variant.name : null);
    subjectChanged();
    await renderCanvas();
  } catch (e) {
    notice(String(e.message || e), "error");
    subjectChanged();
  }
}
