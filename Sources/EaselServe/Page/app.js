// The Easel designer: library, canvas and inspector on top of host serve's HTTP API (easel.serve/1).
// No framework and no build step: native ES modules (modules/), the DOM, fetch and EventSource.
// Every editor is a labelled form control whose accessible name is the property's display name; the
// server checks every value before any plugin code runs, and its message is shown in the editor.
//
// This module only wires the parts; each part owns its own state (see modules/*.js):
//   subject.js      what is shown: a class alone or an open scene
//   library.js      the classes (GET /api/classes), the search; problems.js the Problems panel
//   canvas.js       the frame, zoom, background, render loop; sizing.js the W×H of a class alone
//   class-view.js   a class alone: picking, drawing, following its values
//   scenes/         the open scene: reading, drawing, selection, edits, undo, the canvas's boxes
//   inspector/      the inspector and one module per editor kind; values.js sends their values
//   events.js       the server's event stream; live.js what the page does with its events
//   keyboard.js, command.js, downloads.js, address.js, overlay.js, notices.js, variants.js
//   traits.js       Appearance, Direction, Text size; interact.js the Interact mode (issue 22)
//   tabs.js         Canvas, Variants (variant-grid.js), Docs (class-docs.js)
//   theme.js, panels.js, zoom-pan.js, shortcuts.js: the page's theme, panels, zoom and pan, keys
import { setStatus, initNotices } from "./modules/notices.js";
import { shownClass, shownScene } from "./modules/subject.js";
import { initLibrary, loadLibrary, serverName } from "./modules/library.js";
import { initProblems } from "./modules/problems.js";
import { initCanvas, setDrawer, onFrameShown, lastFrameSize } from "./modules/canvas.js";
import { initSizing } from "./modules/sizing.js";
import { selectClass, drawClass } from "./modules/class-view.js";
import { updateDownloads } from "./modules/downloads.js";
import { initCommand, refreshCommand } from "./modules/command.js";
import { initAddress, showAddressed } from "./modules/address.js";
import { initKeyboard } from "./modules/keyboard.js";
import { connectEvents } from "./modules/events.js";
import { initLive } from "./modules/live.js";
import { initScenes, loadScenes, drawScene, sceneSize, reloadScene } from "./modules/scenes/scenes.js";
import { initInspector } from "./modules/inspector/inspector.js";
import { initSceneCanvas } from "./modules/scenes/canvas-input.js";
import { initTraits, onTraitsChanged, shownTraits, traitsSummary } from "./modules/traits.js";
import { initInteract, onInteraction, updateInteractAvailability } from "./modules/interact.js";
import { initTabs, refreshTab } from "./modules/tabs.js";
import { initTheme } from "./modules/theme.js";
import { initPanels } from "./modules/panels.js";
import { initZoomPan, updateZoomStatus } from "./modules/zoom-pan.js";
import { initShortcuts } from "./modules/shortcuts.js";
import { $ } from "./modules/dom.js";

// What the address (#class=NAME, #scene=N) shows a class and a scene with.
const shows = { showClass: selectClass, showScene: (index) => reloadScene(index, null) };

function start() {
  initInspector();
  initLibrary({ onPick: selectClass });
  setDrawer(async (signal) => {
    if (shownScene()) await drawScene(signal); else if (shownClass()) await drawClass(signal);
  }, () => shownScene() ? `scene ${shownScene().index}` : shownClass() ? `class ${shownClass().class.name}` : "");
  initCanvas({
    naturalSize: () => !shownClass() && !shownScene() ? null
      : shownScene() ? sceneSize() : [lastFrameSize().width, lastFrameSize().height],
  });
  // After every frame: the downloads, and the command shown, are the current view's.
  onFrameShown(updateDownloads);
  onFrameShown(refreshCommand);
  onFrameShown(updateInteractAvailability);
  onFrameShown(updateZoomStatus);
  onFrameShown(() => refreshTab(shownTraits()));
  initTheme();
  initPanels();
  initNotices();
  initTabs(shownTraits);
  initInteract();
  initZoomPan();
  initShortcuts();
  onTraitsChanged(() => { $("status-traits").textContent = traitsSummary(); refreshTab(shownTraits()); });
  onInteraction((text) => { $("status-action").textContent = text; });
  initProblems({ onOpen: selectClass });
  initSizing();
  initCommand();
  initScenes();
  initSceneCanvas();
  initKeyboard();
  initLive();
  connectEvents();
  // `serve --scene FILE`: the scene is on the canvas at start (unless the address names something).
  Promise.all([loadLibrary(), loadScenes(), initTraits()]).then(([, scenes]) => showAddressed(shows, scenes > 0))
    .catch((e) => setStatus(`Cannot reach ${serverName()}: ${e.message}`));
  initAddress(shows);
}

start();
