// The traits the component is shown with (easel.traits/1, as Interface Builder's trait variations and
// Storybook's theme switch): the toolbar's Appearance (Light, Dark), Direction (LTR, RTL) and Text
// size controls. The server holds them (GET|POST /api/traits) and draws every class and scene with
// them; another tab's change arrives as the `traits` event. This module owns the traits shown.
import { $ } from "./dom.js";
import { getJSON, postJSON } from "./api.js";
import { notice } from "./notices.js";
import { renderCanvas } from "./canvas.js";
import { loadLibrary } from "./library.js";
import { onServerEvent } from "./events.js";

let current = { appearance: "light", direction: "ltr", size: "large" };
const listeners = [];

/** Short labels for the text sizes (UIKit's names are the options' titles and accessible names). */
const SIZE_LABELS = { extraSmall: "XS", small: "S", medium: "M", large: "L", extraLarge: "XL", extraExtraLarge: "XXL",
  extraExtraExtraLarge: "XXXL", accessibilityMedium: "AX1", accessibilityLarge: "AX2", accessibilityExtraLarge: "AX3",
  accessibilityExtraExtraLarge: "AX4", accessibilityExtraExtraExtraLarge: "AX5" };

/** The traits shown: {appearance, direction, size}. */
export function shownTraits() { return current; }

/** Calls `listener(traits)` when the traits shown change (here or in another tab). */
export function onTraitsChanged(listener) { listeners.push(listener); }

/** The `--trait` options of a command line that reproduces the traits shown (none for the defaults). */
export function traitArguments() {
  const parts = [];
  if (current.appearance !== "light") parts.push("--trait", `appearance=${current.appearance}`);
  if (current.direction !== "ltr") parts.push("--trait", `direction=${current.direction}`);
  if (current.size !== "large") parts.push("--trait", `size=${current.size}`);
  return parts;
}

/** A short text of the traits shown, for the status bar ("Dark · RTL · XL"; "" for the defaults). */
export function traitsSummary() {
  return [current.appearance === "dark" ? "Dark" : null, current.direction === "rtl" ? "RTL" : null,
          current.size !== "large" ? `Text ${SIZE_LABELS[current.size] || current.size}` : null].filter(Boolean).join(" · ");
}

function show(traits) {
  current = { appearance: traits.appearance, direction: traits.direction, size: traits.size };
  // Pictures of components sit on a checkerboard of the components' appearance (app.css).
  document.documentElement.dataset.componentAppearance = current.appearance;
  for (const r of document.querySelectorAll("#appearance input")) r.checked = r.value === current.appearance;
  for (const r of document.querySelectorAll("#direction input")) r.checked = r.value === current.direction;
  $("text-size").value = current.size;
  for (const listener of listeners) listener(current);
}

function fillSizes(sizes) {
  const select = $("text-size");
  if (select.options.length === sizes.length) return;
  select.replaceChildren(...sizes.map((name) => {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = SIZE_LABELS[name] || name;
    o.title = name;
    return o;
  }));
}

/** Asks the server to show `change` ({appearance}, {direction} or {size}); everything is drawn again. */
async function change(part) {
  try {
    show(await postJSON("/api/traits", part));
    await Promise.all([renderCanvas(), loadLibrary()]);
  } catch (e) {
    notice(`The traits could not be changed: ${e.message}`, "error");
    show(current);
  }
}

/** Reads the traits the server shows and wires the controls. */
export async function initTraits() {
  for (const r of document.querySelectorAll("#appearance input")) {
    r.addEventListener("change", () => {
      if (!r.checked) return;
      // The canvas's background follows (a dark component on white, or a light one on black, is
      // not what an app shows); a checkerboard stays.
      const background = $("background");
      if (background.value !== "checkerboard" && background.value !== r.value) {
        background.value = r.value;
        background.dispatchEvent(new Event("change"));
      }
      change({ appearance: r.value });
    });
  }
  for (const r of document.querySelectorAll("#direction input")) {
    r.addEventListener("change", () => { if (r.checked) change({ direction: r.value }); });
  }
  $("text-size").addEventListener("change", () => change({ size: $("text-size").value }));
  onServerEvent("traits", (d) => {
    const same = d.appearance === current.appearance && d.direction === current.direction && d.size === current.size;
    show(d);
    if (!same) { renderCanvas(); loadLibrary().catch(() => {}); }
  });
  try {
    const traits = await getJSON("/api/traits");
    fillSizes(traits.values.size);
    show(traits);
  } catch { /* the status line says the server cannot be reached */ }
}
