// The Variants tab: every variant of the class shown (easel.variants/1) at once, each picture named
// by class and variant, as Storybook lists a component's stories; drawn by the server (POST
// /api/render, as `host render CLASS --variant NAME` draws it) with the traits shown.
import { postJSON } from "./api.js";
import { shownClass, shownScene } from "./subject.js";

let drawing = 0; // the latest drawing's number: an older one answered late draws nothing

/** Draws the grid of the class shown into `panel` (a note when a scene, or nothing, is shown). */
export async function drawVariantGrid(panel, traits) {
  const number = ++drawing;
  const detail = shownClass();
  if (shownScene() || !detail) {
    panel.replaceChildren(note(shownScene() ? "Variants belong to a class: pick one in the library." : "Pick a class in the library."));
    return;
  }
  const cls = detail.class;
  const heading = document.createElement("h2");
  heading.textContent = `${cls.displayName}: ${cls.variants.length + 1} variant${cls.variants.length ? "s" : ""}`;
  const grid = document.createElement("div");
  grid.className = "variant-grid";
  grid.setAttribute("role", "list");
  const entries = [{ name: null, displayName: "Default", summary: "Every property at its default", attributes: [] }, ...cls.variants];
  const cards = entries.map((v) => card(cls, v));
  grid.append(...cards.map((c) => c.figure));
  panel.replaceChildren(heading, grid);
  const scale = Math.min(4, Math.max(1, Math.round(window.devicePixelRatio || 1) * 2));
  await Promise.all(cards.map(async ({ variant, img, caption }) => {
    const attributes = Object.fromEntries(variant.attributes.map((a) => [a.name, a.value]));
    try {
      const blob = await postJSON("/api/render", { class: cls.name, attributes, scale, traits });
      if (number !== drawing) return;
      img.src = URL.createObjectURL(blob);
      await img.decode().catch(() => {});
      img.style.width = `${img.naturalWidth / scale}px`;
    } catch (e) {
      if (number !== drawing) return;
      img.remove();
      const why = document.createElement("p");
      why.className = "error";
      why.textContent = `Cannot be drawn: ${e.message}`;
      caption.append(why);
    }
  }));
}

function card(cls, variant) {
  const figure = document.createElement("figure");
  figure.className = "variant-card";
  figure.setAttribute("role", "listitem");
  const picture = document.createElement("div");
  picture.className = "picture";
  const img = document.createElement("img");
  img.alt = `${cls.displayName}, ${variant.displayName}`;
  picture.append(img);
  const caption = document.createElement("figcaption");
  const title = document.createElement("strong");
  title.textContent = `${cls.displayName} / ${variant.displayName}`;
  const summary = document.createElement("span");
  summary.className = "muted";
  summary.textContent = [variant.summary, variant.attributes.map((a) => `${a.name}=${a.value}`).join(" ")].filter(Boolean).join(" · ");
  caption.append(title, summary);
  figure.append(picture, caption);
  return { figure, img, caption, variant };
}

function note(text) {
  const p = document.createElement("p");
  p.className = "empty";
  p.textContent = text;
  return p;
}
