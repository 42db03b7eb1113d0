// The stage's tabs (role=tab), as Storybook's: Canvas (the frame, edited or interacted with),
// Variants (every variant of the class at once) and Docs (its properties, variants, actions and
// command lines). Arrow keys move between tabs, as the ARIA tabs pattern has it. This module owns
// which tab is shown; the Variants and Docs panels are drawn when shown and when what they show changes.
import { $ } from "./dom.js";
import { shownClass, shownScene } from "./subject.js";
import { drawVariantGrid } from "./variant-grid.js";
import { drawClassDocs } from "./class-docs.js";

const TABS = ["canvas", "variants", "docs"];
let selected = "canvas";
let drawnFor = { variants: null, docs: null }; // what each panel shows (its key), to draw it again only when that changes

/** The tab shown: "canvas", "variants" or "docs". */
export function selectedTab() { return selected; }

/** A key of what the Variants and Docs panels show: the class, its build, its values and the traits. */
function subjectKey(traits) {
  const c = shownClass();
  if (shownScene() || !c) return "none";
  return JSON.stringify([c.class.name, c.class.plugin?.path, c.state?.previewBuild, traits,
                         c.class.properties.map((p) => p.valueText)]);
}

/** Draws the panel shown again when what it shows changed (a class picked, rebuilt, edited; traits). */
export async function refreshTab(traits) {
  if (selected === "canvas") return;
  const key = subjectKey(traits);
  if (drawnFor[selected] === key) return;
  drawnFor[selected] = key;
  const panel = $(`panel-${selected}`);
  if (selected === "variants") await drawVariantGrid(panel, traits);
  else drawClassDocs(panel);
}

/** Shows tab `name`; with `focus`, its tab button takes the focus. */
export function selectTab(name, focus, traits) {
  selected = name;
  for (const t of TABS) {
    const tab = $(`tab-${t}`);
    tab.setAttribute("aria-selected", String(t === name));
    tab.tabIndex = t === name ? 0 : -1;
    $(`panel-${t}`).hidden = t !== name;
  }
  if (focus) $(`tab-${name}`).focus();
  drawnFor = { variants: null, docs: null };
  refreshTab(traits);
}

/** Wires the tabs; `traits()` gives the traits shown (the Variants are drawn with them). */
export function initTabs(traits) {
  for (const t of TABS) {
    const tab = $(`tab-${t}`);
    tab.addEventListener("click", () => selectTab(t, false, traits()));
    tab.addEventListener("keydown", (e) => {
      const i = TABS.indexOf(t);
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      selectTab(TABS[(next + TABS.length) % TABS.length], true, traits());
    });
  }
}
