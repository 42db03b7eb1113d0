// The toolbar's PNG, SVG and PDF links: what the canvas shows, as a file (the PNG at the scale shown).
import { $ } from "./dom.js";
import { shownClass, shownScene } from "./subject.js";
import { zoomScale, renderScale } from "./canvas.js";
import { previewURL } from "./class-view.js";
import { sceneSize } from "./scenes/scenes.js";

const FORMATS = ["png", "svg", "pdf"];

/** Points the download links at what is shown (none: they are disabled). */
export function updateDownloads() {
  const scene = shownScene();
  if (scene) {
    const zoom = zoomScale(...sceneSize());
    const scale = renderScale(zoom);
    for (const f of FORMATS) {
      $("download-" + f).href = `/api/scenes/${scene.index}/preview?format=${f}&download=1` + (f === "png" ? `&scale=${scale}` : "");
    }
    return;
  }
  if (!shownClass()) {
    for (const f of FORMATS) $("download-" + f).removeAttribute("href");
    return;
  }
  for (const f of FORMATS) $("download-" + f).href = previewURL(f, true).url;
}
