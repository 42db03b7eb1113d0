// The library and inspector panels: resized by dragging their splitters (or with the arrow keys on
// a focused splitter) and collapsed by their headers' buttons; this browser remembers both
// (localStorage). This module owns the panels' widths and whether they are collapsed.
import { $ } from "./dom.js";

const PANELS = {
  library: { splitter: "library-splitter", toggle: "collapse-library", body: "library-body", variable: "--library-width",
             min: 180, max: 480, initial: 240, sign: 1, glyphs: ["‹", "›"] },
  inspector: { splitter: "inspector-splitter", toggle: "collapse-inspector", body: "inspector-body", variable: "--inspector-width",
               min: 240, max: 560, initial: 300, sign: -1, glyphs: ["›", "‹"] },
};

function remembered(key, fallback) {
  try { const v = localStorage.getItem(key); return v === null ? fallback : JSON.parse(v); } catch { return fallback; }
}
function remember(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ } }

function setWidth(name, width) {
  const p = PANELS[name];
  const w = Math.round(Math.min(p.max, Math.max(p.min, width)));
  $("layout").style.setProperty(p.variable, `${w}px`);
  $(p.splitter).setAttribute("aria-valuenow", String(w));
  remember(`easel.${name}.width`, w);
  return w;
}

function width(name) { return Math.round($(name).getBoundingClientRect().width); }

/** Collapses or expands panel `name` ("library" or "inspector"). */
export function setCollapsed(name, collapsed) {
  const p = PANELS[name];
  $("layout").classList.toggle(`${name}-collapsed`, collapsed);
  const toggle = $(p.toggle);
  toggle.setAttribute("aria-expanded", String(!collapsed));
  toggle.textContent = collapsed ? p.glyphs[1] : p.glyphs[0];
  const label = `${collapsed ? "Expand" : "Collapse"} the ${name}`;
  toggle.setAttribute("aria-label", label);
  toggle.title = label;
  remember(`easel.${name}.collapsed`, collapsed);
}

/** Wires the splitters and the collapse buttons. */
export function initPanels() {
  for (const [name, p] of Object.entries(PANELS)) {
    // A width of the user's own, else the stylesheet's (which narrows in a narrow window).
    const saved = remembered(`easel.${name}.width`, null);
    if (typeof saved === "number") setWidth(name, saved);
    else $(p.splitter).setAttribute("aria-valuenow", String(width(name) || p.initial));
    setCollapsed(name, remembered(`easel.${name}.collapsed`, false) === true);
    $(p.toggle).addEventListener("click", () => setCollapsed(name, $(p.toggle).getAttribute("aria-expanded") === "true"));
    const splitter = $(p.splitter);
    splitter.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      splitter.setPointerCapture(e.pointerId);
      splitter.classList.add("dragging");
      const x0 = e.clientX, w0 = width(name);
      const move = (ev) => setWidth(name, w0 + p.sign * (ev.clientX - x0));
      const up = () => {
        splitter.classList.remove("dragging");
        splitter.removeEventListener("pointermove", move);
        splitter.removeEventListener("pointerup", up);
      };
      splitter.addEventListener("pointermove", move);
      splitter.addEventListener("pointerup", up);
    });
    splitter.addEventListener("keydown", (e) => {
      const step = e.shiftKey ? 40 : 10;
      const d = { ArrowLeft: -step, ArrowRight: step, Home: -1000, End: 1000 }[e.key];
      if (d === undefined) return;
      e.preventDefault();
      setWidth(name, width(name) + p.sign * d);
    });
  }
}
