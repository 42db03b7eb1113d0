// The server's event stream (GET /api/events, server-sent events): the connection, said in the
// status line, and the events handed to whoever listens to them (live.js), their data parsed.
import { setStatus } from "./notices.js";
import { serverName } from "./library.js";

const listeners = new Map(); // event name → [handler(data)]
const reconnectListeners = [];
let source = null;           // the EventSource, once connected

/** Calls `handler(data)` for each `name` event of the stream (its data parsed as JSON), in the
 *  order the handlers were given. */
export function onServerEvent(name, handler) {
  if (!listeners.has(name)) {
    listeners.set(name, []);
    if (source) listen(name);
  }
  listeners.get(name).push(handler);
}

function listen(name) {
  source.addEventListener(name, (e) => {
    const data = JSON.parse(e.data);
    for (const handler of listeners.get(name)) handler(data);
  });
}

/** Calls `handler()` when the stream connects again after it was lost (maybe to a server started
 *  anew, which holds other values, builds and scenes). */
export function onReconnect(handler) { reconnectListeners.push(handler); }

/** Opens the stream (once, as the page starts; EventSource reconnects by itself). */
export function connectEvents() {
  source = new EventSource("/api/events");
  let greeted = false;
  source.addEventListener("hello", () => {
    setStatus("Live: rebuilt components appear here at once.");
    if (!greeted) { greeted = true; return; }
    for (const handler of reconnectListeners) handler();
  });
  source.onerror = () => setStatus(`Disconnected from ${serverName()}; retrying…`);
  for (const name of listeners.keys()) listen(name);
}
