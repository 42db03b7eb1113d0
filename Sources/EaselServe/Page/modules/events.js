// The server's event stream (GET /api/events, server-sent events): the connection, said in the
// status line, and the events handed to whoever listens to them (live.js), their data parsed.
import { setStatus } from "./notices.js";
import { serverName } from "./library.js";

const listeners = new Map(); // event name → [handler(data)]
const reconnectListeners = [];

/** Calls `handler(data)` for each `name` event of the stream (its data parsed as JSON). */
export function onServerEvent(name, handler) {
  if (!listeners.has(name)) listeners.set(name, []);
  listeners.get(name).push(handler);
}

/** Calls `handler()` when the stream connects again after it was lost (maybe to a server started
 *  anew, which holds other values, builds and scenes). */
export function onReconnect(handler) { reconnectListeners.push(handler); }

/** Opens the stream (once, as the page starts; EventSource reconnects by itself). */
export function connectEvents() {
  const events = new EventSource("/api/events");
  let greeted = false;
  events.addEventListener("hello", () => {
    setStatus("Live: rebuilt components appear here at once.");
    if (!greeted) { greeted = true; return; }
    for (const handler of reconnectListeners) handler();
  });
  events.onerror = () => setStatus(`Disconnected from ${serverName()}; retrying…`);
  for (const [name, handlers] of listeners) {
    events.addEventListener(name, (e) => {
      const data = JSON.parse(e.data);
      for (const handler of handlers) handler(data);
    });
  }
}
