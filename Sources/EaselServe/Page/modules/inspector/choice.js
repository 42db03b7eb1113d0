// The editors of a choice: Bool (a switch) and Enum (a segmented radio group for up to 4 cases,
// else a menu).

/** Builds a Bool property's switch (see editor.js, EditorParts). */
export function switchControl({ id, text, controls, disabled, describe, send }) {
  const box = document.createElement("input");
  box.type = "checkbox";
  box.setAttribute("role", "switch");
  box.id = id;
  box.checked = ["true", "yes", "on", "1"].includes(text.toLowerCase());
  box.disabled = disabled;
  describe(box);
  box.addEventListener("change", () => send(box.checked ? "true" : "false"));
  controls.append(box);
}

/** Builds an Enum property's controls (see editor.js, EditorParts). */
export function enumControls(parts) {
  if (parts.p.enumCases.length <= 4) segmented(parts); else menu(parts);
}

/** Segmented: a radio group whose name is the display name. */
function segmented({ p, id, text, label, controls, disabled, describe, send }) {
  const group = document.createElement("div");
  group.setAttribute("role", "radiogroup");
  group.className = "segmented";
  group.id = id;
  group.setAttribute("aria-labelledby", id + "-label");
  label.id = id + "-label";
  label.removeAttribute("for");
  for (const c of p.enumCases) {
    const l = document.createElement("label");
    const r = document.createElement("input");
    r.type = "radio";
    r.name = id;
    r.value = c.name;
    r.checked = c.name === text;
    r.disabled = disabled;
    r.addEventListener("change", () => { if (r.checked) send(c.name); });
    l.append(r, document.createTextNode(c.displayName));
    group.append(l);
  }
  describe(group);
  controls.append(group);
}

function menu({ p, id, text, controls, disabled, describe, send }) {
  const select = document.createElement("select");
  select.id = id;
  select.disabled = disabled;
  for (const c of p.enumCases) {
    const o = document.createElement("option");
    o.value = c.name;
    o.textContent = c.displayName;
    o.selected = c.name === text;
    select.append(o);
  }
  describe(select);
  select.addEventListener("change", () => send(select.value));
  controls.append(select);
}
