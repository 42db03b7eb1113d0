// The Color editor: a colour picker, an alpha slider and the hex text (#RRGGBBAA), kept in step.

/** Builds a Color property's controls (see editor.js, EditorParts). */
export function colorControls({ p, id, text, controls, disabled, describe, send }) {
  const hex = text.startsWith("#") ? text : "#000000FF";
  const picker = document.createElement("input");
  picker.type = "color";
  picker.id = id;
  picker.value = hex.slice(0, 7).toLowerCase();
  picker.disabled = disabled;
  describe(picker);
  const alpha = document.createElement("input");
  alpha.type = "range";
  alpha.min = 0; alpha.max = 255; alpha.step = 1;
  alpha.value = hex.length >= 9 ? parseInt(hex.slice(7, 9), 16) : 255;
  alpha.disabled = disabled;
  alpha.setAttribute("aria-label", `${p.displayName} alpha`);
  const field = document.createElement("input");
  field.type = "text";
  field.value = hex.toUpperCase();
  field.size = 9;
  field.disabled = disabled;
  field.setAttribute("aria-label", `${p.displayName} hex`);
  const compose = () => picker.value.toUpperCase() + Number(alpha.value).toString(16).padStart(2, "0").toUpperCase();
  picker.addEventListener("input", () => { field.value = compose(); send(field.value); });
  alpha.addEventListener("input", () => { field.value = compose(); send(field.value); });
  field.addEventListener("change", () => {
    const v = field.value.trim();
    if (/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/.test(v)) { picker.value = v.slice(0, 7).toLowerCase(); alpha.value = v.length === 9 ? parseInt(v.slice(7), 16) : 255; }
    send(v);
  });
  controls.append(picker, alpha, field);
}
