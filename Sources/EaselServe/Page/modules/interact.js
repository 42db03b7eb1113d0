// Interact mode (the toolbar's Interact toggle, as Storybook's live canvas): the pointer on a class's
// frame goes to its live instance (POST /api/pointer, easel.input/1) instead of editing it, and each
// event is answered with the frame drawn after it (a button looks pressed while held). Off, the
// canvas edits as before. Moves are coalesced: one event is in flight at a time, and of the moves
// queued behind it only the last is sent; presses and releases are never dropped. The keyboard too:
// on, the frame is a Tab stop, and Space or Enter on it is a press at the component's middle, held
// while the key is down (what EaselWidget and UIKit do for a control without keys of its own).
import { $ } from "./dom.js";
import { notice } from "./notices.js";
import { shownClass, shownScene } from "./subject.js";
import { lastFrameSize, lastFrameScale, zoomScale, showFrame } from "./canvas.js";
import { requestedSize } from "./sizing.js";

let on = false;
let queue = [];          // events waiting to be sent, oldest first
let sending = false;
let lastDown = { time: 0, x: 0, y: 0, count: 0 }; // (clickCount: a press soon after and near the last)
let keyHeld = false;     // Space or Enter is down on the frame: a press at the middle is held
const sentListeners = [];

/** Whether the pointer on the canvas goes to the component (Interact is on and a class is shown alone). */
export function isInteracting() { return on && Boolean(shownClass()) && !shownScene(); }

/** Calls `listener(text)` with what the component did ("sent touchUpInside"), for the status bar. */
export function onInteraction(listener) { sentListeners.push(listener); }

/** Turns Interact on or off (the toolbar's toggle, the I key). */
export function setInteract(value) {
  on = value && !shownScene();
  const b = $("interact");
  b.setAttribute("aria-pressed", String(on));
  $("frame").classList.toggle("interacting", on);
  updateFrameForKeyboard();
  keyHeld = false;
  queue = [];
}

/** On, the frame is a Tab stop named for the class shown; off, it is the picture again. */
function updateFrameForKeyboard() {
  const frame = $("frame");
  if (on) {
    frame.tabIndex = 0;
    frame.setAttribute("role", "group"); // (not "button": the resize handle, a button, is inside)
    frame.setAttribute("aria-label", `${shownClass()?.class.displayName ?? "The component"}, live: Space or Enter presses it`);
  } else {
    frame.removeAttribute("tabindex");
    frame.removeAttribute("role");
    frame.removeAttribute("aria-label");
  }
}

/** The frame shown changed subject: a scene cannot be interacted with (its instances are edited). */
export function updateInteractAvailability() {
  const b = $("interact");
  b.disabled = Boolean(shownScene());
  b.title = shownScene() ? "Interact works on a class shown on its own" : "Send the pointer to the component (I)";
  if (shownScene() && on) setInteract(false); else updateFrameForKeyboard();
}

function modifiers(e) { return (e.shiftKey ? 1 : 0) | (e.ctrlKey ? 2 : 0) | (e.altKey ? 4 : 0) | (e.metaKey ? 8 : 0); }

/** The pointer in the component's points (the frame may be zoomed). */
function location(e) {
  const r = $("canvas").getBoundingClientRect();
  const size = lastFrameSize();
  if (!size || !r.width || !r.height) return null;
  return { x: Math.round((e.clientX - r.left) * size.width / r.width * 100) / 100,
           y: Math.round((e.clientY - r.top) * size.height / r.height * 100) / 100 };
}

function enqueue(phase, e) {
  const at = location(e);
  if (!at) return;
  // The browser's buttons: 0 primary, 1 middle, 2 secondary; easel.h's: 0 primary, 1 secondary, 2 middle.
  const button = [0, 2, 1][e.button] ?? 0;
  let clickCount = 0;
  if (phase === "down") {
    const now = performance.now();
    const again = now - lastDown.time < 500 && Math.hypot(at.x - lastDown.x, at.y - lastDown.y) < 4;
    lastDown = { time: now, x: at.x, y: at.y, count: again ? lastDown.count + 1 : 1 };
    clickCount = lastDown.count;
  } else if (phase === "up") {
    clickCount = lastDown.count;
  }
  const event = { phase, ...at, button, buttons: e.buttons & 0xffff, modifiers: modifiers(e), clickCount, t0: performance.now() };
  const last = queue[queue.length - 1];
  if (phase === "move" && last?.phase === "move") queue[queue.length - 1] = event; else queue.push(event);
  pump();
}

/** A press (or its release) at the component's middle, from the keyboard. */
function enqueueKey(phase) {
  const size = lastFrameSize();
  if (!size) return;
  const at = { x: Math.round(size.width * 50) / 100, y: Math.round(size.height * 50) / 100 };
  queue.push({ phase, ...at, button: 0, buttons: phase === "down" ? 1 : 0, modifiers: 0, clickCount: phase === "cancel" ? 0 : 1,
               t0: performance.now() });
  pump();
}

const isActivationKey = (e) => (e.key === " " || e.key === "Enter") && !e.ctrlKey && !e.altKey && !e.metaKey;

async function pump() {
  if (sending) return;
  sending = true;
  try {
    while (queue.length) await send(queue.shift());
  } finally {
    sending = false;
  }
}

async function send(event) {
  const cls = shownClass()?.class;
  if (!cls || !isInteracting()) return;
  const scale = lastFrameScale();
  const size = requestedSize();
  const { t0, ...fields } = event;
  const body = { class: cls.name, ...fields, scale };
  if (size) body.size = size;
  let r;
  try {
    r = await fetch("/api/pointer", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (e) { notice(`${cls.displayName}: the pointer could not be sent: ${e.message}`, "error"); return; }
  if (!r.ok) {
    const answer = await r.json().catch(() => ({}));
    const message = answer.error?.message || r.statusText;
    if (/takes no pointer input/.test(message)) {
      setInteract(false);
      notice(`${cls.displayName} takes no pointer input (it offers no easel.input/1): Interact is off.`, "warning");
    } else {
      notice(`${cls.displayName}: ${message}`, "error");
    }
    queue = [];
    return;
  }
  const known = lastFrameSize();
  await showFrame(await r.blob(), scale, zoomScale(known?.width, known?.height), cls.displayName, cls.name);
  $("canvas").dataset.interactMs = String(Math.round((performance.now() - t0) * 100) / 100);
  const actions = r.headers.get("X-Easel-Actions");
  const changed = r.headers.get("X-Easel-Changed");
  if (actions || changed) {
    const text = [actions && `sent ${actions.split(",").join(", ")}`, changed && `changed ${changed.split(",").join(", ")}`]
      .filter(Boolean).join("; ");
    for (const listener of sentListeners) listener(`${cls.displayName}: ${text}`);
  }
}

/** Wires the toggle and the frame's pointer events. */
export function initInteract() {
  $("interact").addEventListener("click", () => setInteract(!on));
  $("canvas").draggable = false;
  const frame = $("frame");
  frame.addEventListener("pointerdown", (e) => {
    if (!isInteracting() || e.target.closest("#resize-handle")) return;
    e.preventDefault();
    e.stopPropagation();
    frame.setPointerCapture(e.pointerId);
    enqueue("down", e);
  });
  frame.addEventListener("pointermove", (e) => { if (isInteracting()) enqueue("move", e); });
  frame.addEventListener("pointerup", (e) => { if (isInteracting()) enqueue("up", e); });
  frame.addEventListener("pointercancel", (e) => { if (isInteracting()) enqueue("cancel", e); });
  frame.addEventListener("pointerenter", (e) => { if (isInteracting()) enqueue("enter", e); });
  frame.addEventListener("pointerleave", (e) => { if (isInteracting() && !frame.hasPointerCapture(e.pointerId)) enqueue("leave", e); });
  frame.addEventListener("contextmenu", (e) => { if (isInteracting()) e.preventDefault(); });
  // (On the frame, Space is the press, not the canvas's Space-drag pan: the event stops here.)
  frame.addEventListener("keydown", (e) => {
    if (!isInteracting() || !isActivationKey(e) || e.target !== frame) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.repeat || keyHeld) return;
    keyHeld = true;
    enqueueKey("down");
  });
  frame.addEventListener("keyup", (e) => {
    if (!isActivationKey(e) || !keyHeld) return;
    e.preventDefault();
    e.stopPropagation();
    keyHeld = false;
    enqueueKey("up");
  });
  frame.addEventListener("blur", () => { if (keyHeld) { keyHeld = false; enqueueKey("cancel"); } });
}
