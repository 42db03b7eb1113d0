// The page's theme: the system's (prefers-color-scheme) unless the header's switch picked Light or
// Dark, which this browser remembers (localStorage). This module owns the choice.
import { $ } from "./dom.js";

const CHOICES = ["auto", "light", "dark"];
const LABELS = { auto: "Auto", light: "Light", dark: "Dark" };
let choice = "auto";

function apply() {
  if (choice === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
  $("theme-label").textContent = LABELS[choice];
  const next = CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length];
  $("theme").title = `Theme: ${choice === "auto" ? "follows the system" : LABELS[choice]} (click for ${LABELS[next]})`;
  $("theme").setAttribute("aria-label", `Theme: ${LABELS[choice]}`);
}

/** Reads the theme remembered and wires the switch (Auto → Light → Dark → Auto). */
export function initTheme() {
  try { choice = CHOICES.includes(localStorage.getItem("easel.theme")) ? localStorage.getItem("easel.theme") : "auto"; } catch { /* private mode */ }
  apply();
  $("theme").addEventListener("click", () => {
    choice = CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length];
    try { localStorage.setItem("easel.theme", choice); } catch { /* private mode */ }
    apply();
  });
}
