// host serve's HTTP API (easel.serve/1): JSON in, JSON (or an image) out. A refusal is thrown as an
// Error whose message is the server's, with its error object as `details`.

/** GET `url` (never from the cache) and its JSON body; an error status throws the server's message. */
export async function getJSON(url) {
  const r = await fetch(url, { cache: "no-store" });
  const body = await r.json();
  if (!r.ok) throw Object.assign(new Error(body.error?.message || r.statusText), { details: body.error });
  return body;
}

/** POST `object` as JSON to `url`: the answer's JSON (or its bytes, as a Blob, when it is not JSON);
 *  an error status throws the server's message. */
export async function postJSON(url, object) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(object) });
  const type = r.headers.get("Content-Type") || "";
  const body = type.startsWith("application/json") ? await r.json() : await r.blob();
  if (!r.ok) throw Object.assign(new Error(body.error?.message || r.statusText), { details: body.error });
  return body;
}
