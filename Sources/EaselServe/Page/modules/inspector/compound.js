// The compound editors (Point, Size, Rect, Insets): a number field per component, captioned.
import { numberField, onNumber } from "./number.js";

/** The property types edited as several numbers. */
export const COMPOUND_TYPES = Object.freeze(["Point", "Size", "Rect", "Insets"]);

const COMPONENTS = { Point: ["x", "y"], Size: ["width", "height"], Rect: ["x", "y", "width", "height"], Insets: ["top", "left", "bottom", "right"] };

/** Builds a compound property's controls (see editor.js, EditorParts). */
export function compoundControls({ p, id, text, label, controls, row, message, disabled, describe, send }) {
  const names = COMPONENTS[p.type];
  const values = text.split(/[x,X]/).map((s) => s.trim());
  const group = document.createElement("div");
  group.setAttribute("role", "group");
  group.id = id;
  group.className = "compound";
  group.setAttribute("aria-labelledby", id + "-label");
  label.id = id + "-label";
  label.removeAttribute("for");
  const fields = names.map((n, i) => {
    const f = numberField({ value: values[i] ?? "0", step: "any", disabled });
    f.setAttribute("aria-label", `${p.displayName} ${n}`);
    f.title = n;
    return f;
  });
  const joiner = p.type === "Size" ? "x" : ",";
  for (const f of fields) onNumber(f, { ...p, type: "CGFloat", range: null }, row, message, () => {
    if (fields.every((x) => x.value !== "")) send(fields.map((x) => x.value).join(joiner));
  });
  group.append(...captioned(fields, names));
  describe(group);
  controls.append(group);
}

/** The fields of a compound editor (a frame, a point, a size, insets), each with its caption
 *  under it (X, Y, W, H…, as Interface Builder's size inspector shows them: four bare numbers
 *  said nothing); the accessible names stay the fields' own. */
export function captioned(fields, names) {
  const short = { width: "W", height: "H" };
  return fields.map((f, i) => {
    const l = document.createElement("label");
    l.className = "caption";
    const c = document.createElement("span");
    c.textContent = short[names[i]] || names[i][0].toUpperCase() + names[i].slice(1);
    c.setAttribute("aria-hidden", "true");
    l.append(f, c);
    return l;
  });
}
