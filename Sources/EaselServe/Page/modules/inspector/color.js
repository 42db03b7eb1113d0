// The Color editor: a swatch over a checkerboard (a transparent colour shows as such; a click opens
// the browser's colour picker), the alpha as a labelled percentage, and the text field, which takes
// what the value syntax takes (#RRGGBB, #RRGGBBAA, #RGB, a CSS name such as "red", rgb(), hsl()), kept
// in step. The server checks and holds the value (and writes it back as #RRGGBB or #RRGGBBAA).

/** `text` as [r, g, b, a] (bytes; a in 0…1), read by the browser's own CSS parser; null when it is no colour. */
function rgba(text) {
  const t = String(text || "").trim();
  const hex = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(t);
  if (hex) {
    const n = parseInt(hex[1], 16);
    return [n >> 16 & 255, n >> 8 & 255, n & 255, hex[2] ? parseInt(hex[2], 16) / 255 : 1];
  }
  if (!t || !CSS.supports("color", t)) return null;
  const g = document.createElement("canvas").getContext("2d");
  g.fillStyle = "#010203";
  g.fillStyle = t;
  const read = g.fillStyle; // "#rrggbb", or "rgba(r, g, b, a)" when not opaque
  if (read.startsWith("#")) return rgba(read);
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(read);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
}

function byteHex(v) { return Math.round(v).toString(16).padStart(2, "0").toUpperCase(); }

/** Builds a Color property's controls (see editor.js, EditorParts). */
export function colorControls({ p, id, text, controls, disabled, describe, send }) {
  let [r, g, b, a] = rgba(text) || [0, 0, 0, 1];
  const swatch = document.createElement("span");
  swatch.className = "swatch";
  const fill = document.createElement("span");
  fill.className = "fill";
  const picker = document.createElement("input");
  picker.type = "color";
  picker.id = id;
  picker.disabled = disabled;
  describe(picker);
  swatch.append(fill, picker);
  const alpha = document.createElement("input");
  alpha.type = "number";
  alpha.min = 0; alpha.max = 100; alpha.step = 1;
  alpha.disabled = disabled;
  alpha.setAttribute("aria-label", `${p.displayName} alpha (percent)`);
  const alphaBox = document.createElement("label");
  alphaBox.className = "alpha";
  alphaBox.title = "Opacity: 0% is transparent, 100% opaque";
  alphaBox.append(document.createTextNode("α"), alpha, document.createTextNode("%"));
  const field = document.createElement("input");
  field.type = "text";
  field.value = /^#/.test(text) ? text.toUpperCase() : text;
  field.size = 9;
  field.disabled = disabled;
  field.spellcheck = false;
  field.setAttribute("aria-label", `${p.displayName} hex`);
  field.placeholder = "#RRGGBB, red, rgb()…";

  const show = () => {
    picker.value = `#${byteHex(r)}${byteHex(g)}${byteHex(b)}`.toLowerCase();
    alpha.value = String(Math.round(a * 100));
    fill.style.setProperty("background-color", `rgba(${r}, ${g}, ${b}, ${a})`);
    swatch.title = `${field.value} (${Math.round(a * 100)}% opaque)`;
  };
  const compose = () => `#${byteHex(r)}${byteHex(g)}${byteHex(b)}` + (a >= 1 ? "" : byteHex(a * 255));
  show();
  picker.addEventListener("input", () => {
    const n = parseInt(picker.value.slice(1), 16);
    [r, g, b] = [n >> 16 & 255, n >> 8 & 255, n & 255];
    field.value = compose();
    show();
    send(field.value);
  });
  alpha.addEventListener("input", () => {
    if (alpha.value === "") return;
    a = Math.min(100, Math.max(0, Number(alpha.value))) / 100;
    field.value = compose();
    show();
    send(field.value);
  });
  field.addEventListener("change", () => {
    const v = field.value.trim();
    const read = rgba(v);
    if (read) { [r, g, b, a] = read; show(); }
    send(v); // (the server says why text that is no colour is refused)
  });
  controls.append(swatch, alphaBox, field);
}
