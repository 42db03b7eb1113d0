// The Easel designer: library, canvas and inspector on top of host serve's HTTP API (easel.serve/1).
// No framework: the DOM, fetch and EventSource. Every editor is a labelled form control whose
// accessible name is the property's display name; the server checks every value before any plugin
// code runs, and its message is shown in the editor.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  classes: [],          // from GET /api/classes: {name, displayName, summary, group, state, file}
  searchPath: [],       // the folders the server loads from (Copy as command names them)
  program: null,        // the name the server was run as (host or easel), from GET /api/classes
  failures: [],
  current: null,        // the selected class's detail (GET /api/classes/NAME)
  scene: null,          // the open scene: {index, document, ids (each instance's identity), selected}
  frameVersion: 0,      // counts canvas frames shown (tests wait on it)
  rendering: false,
  renderAgain: false,
  pending: new Map(),   // property → text not yet sent
  sending: false,
  editsSent: 0,         // counts the values sent (a read begun before one is not shown after it)
  lastSize: null,       // the size (points) of the last frame shown
  lastScale: 1,         // the pixels per point of the last frame shown ("Copy as command" names it)
  shownSize: null,      // the W×H asked for the class's frame shown (null: its natural size)
  naturalSize: null,    // the size of the class's last frame drawn at its natural size
  lastEdits: [],        // the editors of the last values sent ({row, message, serial})
  drawRefused: [],      // the editors whose value the last frame could not be drawn with
  variantOf: new Map(), // class → the variant last picked (null: Default), until a property is edited
  dragging: false,      // an instance is being dragged
};

// ---------------------------------------------------------------------------------------------
// HTTP

async function getJSON(url) {
  const r = await fetch(url, { cache: "no-store" });
  const body = await r.json();
  if (!r.ok) throw Object.assign(new Error(body.error?.message || r.statusText), { details: body.error });
  return body;
}

async function postJSON(url, object) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(object) });
  const type = r.headers.get("Content-Type") || "";
  const body = type.startsWith("application/json") ? await r.json() : await r.blob();
  if (!r.ok) throw Object.assign(new Error(body.error?.message || r.statusText), { details: body.error });
  return body;
}

function setStatus(text) { $("status").textContent = text; }

/** The tab's title names what is shown (and a scene's unsaved edits), as an editor's window does:
 *  several tabs of the designer were all "Easel designer". */
function updateTitle() {
  const shown = state.scene ? basename(state.scene.file) + (state.scene.dirty || state.scene.deletedOnDisk ? " (unsaved)" : "")
    : state.current ? state.current.class.displayName : null;
  document.title = shown ? `${shown} — Easel designer` : "Easel designer";
}

// ---------------------------------------------------------------------------------------------
// Library

async function loadLibrary() {
  const list = await getJSON("/api/classes");
  const classes = [];
  for (const plugin of list.plugins) {
    for (const c of plugin.classes) if (c.registered) classes.push({ ...c, file: plugin.path, plugin: plugin.name });
  }
  classes.sort((a, b) => a.group.localeCompare(b.group) || a.displayName.localeCompare(b.displayName));
  state.classes = classes;
  state.searchPath = list.searchPath || [];
  state.program = list.program || state.program;
  state.failures = list.failures;
  renderLibrary();
}

function renderLibrary() {
  const filter = $("search").value.trim().toLowerCase();
  const box = $("class-list");
  box.replaceChildren();
  const groups = new Map();
  for (const c of state.classes) {
    const text = `${c.name} ${c.displayName} ${c.summary || ""} ${c.group}`.toLowerCase();
    if (filter && !text.includes(filter)) continue;
    if (!groups.has(c.group)) groups.set(c.group, []);
    groups.get(c.group).push(c);
  }
  for (const [group, items] of groups) {
    const section = document.createElement("section");
    const h = document.createElement("h2");
    h.textContent = group;
    const ul = document.createElement("ul");
    ul.className = "plain entries";
    for (const c of items) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "entry";
      b.setAttribute("aria-label", c.displayName);
      b.dataset.className = c.name;
      if (state.current && state.current.class.name === c.name && !state.scene) b.setAttribute("aria-current", "true");
      const img = document.createElement("img");
      img.alt = "";
      img.src = `/api/thumbnail/${encodeURIComponent(c.name)}?v=${c.build}-${c.state?.previewBuild ?? 0}`;
      img.onerror = () => { img.style.visibility = "hidden"; };
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = c.displayName;
      const summary = document.createElement("span");
      summary.className = "summary";
      summary.textContent = c.summary || "";
      b.append(img, name, summary);
      if (c.state?.failing) {
        const badge = document.createElement("span");
        badge.className = "badge";
        badge.textContent = "failing";
        b.append(badge);
      }
      b.addEventListener("click", () => selectClass(c.name));
      // Dragged onto a scene's canvas, it adds an instance there.
      b.draggable = true;
      b.addEventListener("dragstart", (e) => { e.dataTransfer.setData("application/x-easel-class", c.name); e.dataTransfer.effectAllowed = "copy"; });
      li.append(b);
      ul.append(li);
    }
    section.append(h, ul);
    box.append(section);
  }
  if (!box.children.length) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = state.classes.length ? "No class matches." : "No components loaded yet: build one into the watched folder.";
    box.append(p);
  }
  const failures = $("failure-list");
  failures.replaceChildren();
  for (const f of state.failures) {
    const li = document.createElement("li");
    // As host list prints it: the file, the class and property concerned, why.
    const where = [f.className && `class ${f.className}`, f.property && `property ${f.property}`].filter(Boolean).map((s) => s + ": ").join("");
    li.textContent = `${f.path}: ${where}${f.message.split("\n")[0]}`;
    failures.append(li);
  }
  $("failure-section").hidden = state.failures.length === 0;
}

// ---------------------------------------------------------------------------------------------
// Selection and the inspector

// What the canvas shows is in the page's address (#class=NAME, #scene=N): a reload shows it again,
// Back goes to what was shown before, and the address can be shared with another tab.
function remember(key, value) {
  const hash = `#${key}=${encodeURIComponent(value)}`;
  if (location.hash !== hash) history.pushState(null, "", hash);
}

/** Shows what the address names (on load, and on Back and Forward); nothing when it names nothing
 *  that is loaded. */
async function showAddressed() {
  const m = /^#(class|scene)=(.+)$/.exec(location.hash);
  if (!m) return;
  const value = decodeURIComponent(m[2]);
  if (m[1] === "class" && state.classes.some((c) => c.name === value)) {
    if (state.scene || state.current?.class.name !== value) await selectClass(value);
  } else if (m[1] === "scene" && /^[0-9]+$/.test(value)) {
    if (state.scene?.index !== Number(value)) await reloadScene(Number(value), null).catch(() => {});
  }
}

async function selectClass(name) {
  remember("class", name);
  state.scene = null;
  updateHistoryButtons();
  $("save-scene").hidden = true;
  $("scene-file").hidden = true;
  $("kept-edits").hidden = true;
  showClassSizeTools(true);
  $("instance-boxes").replaceChildren();
  state.current = await getJSON(`/api/classes/${encodeURIComponent(name)}`);
  $("width").value = "";
  $("height").value = "";
  state.shownSize = null;
  state.naturalSize = null;
  showSizeRefusal(null);
  renderLibrary();
  renderInspector();
  updateTitle();
  hideOverlay();
  await renderCanvas();
}

function propertiesOf() {
  if (state.scene) {
    const inst = state.scene.selected != null ? state.scene.document.instances[state.scene.selected] : null;
    return inst ? state.scene.classes.get(inst.class) : null;
  }
  return state.current?.class;
}

/** The image resources of the plugin of the class being edited (alone, or the selected instance's). */
function resourcesOf() {
  if (state.scene) {
    const inst = state.scene.selected != null ? state.scene.document.instances[state.scene.selected] : null;
    return (inst && state.scene.resources[inst.class]) || [];
  }
  return state.current?.resources || [];
}

function currentText(p) {
  if (state.scene) {
    const inst = state.scene.document.instances[state.scene.selected];
    const v = inst.attributes?.[p.name];
    return v === undefined ? baseText(p) : String(v);
  }
  return p.valueText ?? p.defaultText;
}

/** What a property is when nothing sets it: its default, or, for a scene instance with a
 *  variant, the variant's value (its attributes apply first: the editors showed the default). */
function baseText(p) {
  if (state.scene) {
    const inst = state.scene.document.instances[state.scene.selected];
    const variant = inst?.variant && state.scene.classes.get(inst.class)?.variants?.find((v) => v.name === inst.variant);
    const a = variant?.attributes.find((x) => x.name === p.name);
    if (a) return String(a.value);
  }
  return p.defaultText;
}

// The inspector is drawn again after edits, resets, actions and reloads: the control that had the
// focus gets it back (the same control of the same editor; a reset button, disabled once the value
// is the default, passes it to its editor's first control), so the keyboard never lands on <body>.
const FOCUSABLE = "input, select, button, textarea";

function focusInInspector() {
  const active = document.activeElement;
  if (!active || !$("properties").contains(active)) return null;
  return { title: $("inspector-title").textContent, index: [...$("properties").querySelectorAll(FOCUSABLE)].indexOf(active),
           property: active.closest(".property")?.dataset.property };
}

function restoreFocus(key) {
  if (!key || key.title !== $("inspector-title").textContent || $("properties").contains(document.activeElement)) return;
  let target = [...$("properties").querySelectorAll(FOCUSABLE)][key.index];
  const row = key.property ? $("properties").querySelector(`.property[data-property="${CSS.escape(key.property)}"]`) : null;
  if (row && (!target || !row.contains(target) || target.disabled)) {
    target = [...row.querySelectorAll(FOCUSABLE)].find((c) => !c.disabled);
  }
  if (target && !target.disabled) target.focus();
}

function renderInspector() {
  const focus = focusInInspector();
  drawInspector();
  restoreFocus(focus);
}

function drawInspector() {
  const form = $("properties");
  form.replaceChildren();
  const cls = propertiesOf();
  if (state.scene?.many) {
    // Several instances selected (Shift-click, Ctrl+A): what applies to them all, as Interface
    // Builder's inspector with a multiple selection.
    const chosen = state.scene.many;
    $("inspector-title").textContent = `${chosen.length} instances selected`;
    $("inspector-summary").textContent = chosen.map((i) => instanceLabel(state.scene.document.instances[i], i)).join(", ")
      + ". Drag one or use the arrow keys to move them together; Escape clears the selection.";
    form.append(selectionEditor(chosen), outline());
    return;
  }
  const selectedInstance = state.scene && state.scene.selected != null ? state.scene.document.instances[state.scene.selected] : null;
  if (!cls && selectedInstance) {
    // An instance of a class no build provides (not loaded, or its plugin failed): it cannot be
    // drawn, but it can still be moved, resized or removed.
    const why = state.scene.unavailable?.[selectedInstance.class]?.message || "the class is not loaded";
    $("inspector-title").textContent = `${selectedInstance.class} (${selectedInstance.name || "instance " + (state.scene.selected + 1)})`;
    $("inspector-summary").textContent = `${selectedInstance.class} cannot be drawn: ${why}. Its frame can still be edited, and it can be removed.`;
    form.append(frameEditor(state.scene.selected), outline());
    return;
  }
  if (!cls) {
    $("inspector-title").textContent = state.scene ? "Scene" : "Inspector";
    $("inspector-summary").textContent = state.scene ? "Click an instance on the canvas to edit it, or add one: pick its class below, or drag it from the library onto the canvas." : "";
    if (state.scene) form.append(sceneEditor(), outline(), addInstanceEditor());
    return;
  }
  $("inspector-title").textContent = cls.displayName + (state.scene ? ` (${state.scene.document.instances[state.scene.selected].name || "instance " + (state.scene.selected + 1)})` : "");
  $("inspector-summary").textContent = cls.summary || "";
  if (state.scene) form.append(frameEditor(state.scene.selected));
  if (!state.scene && cls.variants && cls.variants.length) form.append(variantPicker(cls));
  // Groups as host inspect groups them: the property's group, else the class's own section.
  const groups = new Map();
  for (const p of cls.properties) {
    if (p.hidden) continue;
    const g = p.group || cls.displayName;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(p);
  }
  for (const [group, props] of groups) {
    const fs = document.createElement("fieldset");
    fs.className = "group";
    const legend = document.createElement("legend");
    legend.textContent = group;
    fs.append(legend);
    for (const p of props) fs.append(editor(p));
    form.append(fs);
  }
  // Actions (easel.actions/1), as a designer's buttons: an argument gets a field with its default.
  if (!state.scene && cls.actions && cls.actions.length) {
    const fs = document.createElement("fieldset");
    fs.className = "group actions";
    const legend = document.createElement("legend");
    legend.textContent = "Actions";
    fs.append(legend);
    for (const a of cls.actions) {
      const row = document.createElement("div");
      row.className = "action";
      let field = null;
      if (a.argument) {
        field = document.createElement("input");
        field.value = a.argument.defaultText;
        field.setAttribute("aria-label", `${a.displayName} argument (${a.argument.type})`);
      }
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = a.displayName;
      if (a.summary) button.title = a.summary;
      // What the host says of a call (an argument out of range, an action that failed) goes under
      // the action, as an editor's refusal goes under the editor.
      const message = document.createElement("small");
      message.className = "error";
      message.id = `action-${a.name}-${++editorCount}-error`;
      message.setAttribute("role", "alert");
      button.setAttribute("aria-describedby", message.id);
      if (field) field.setAttribute("aria-describedby", message.id);
      button.addEventListener("click", async () => {
        state.editsSent += 1;
        try {
          state.current = await postJSON("/api/actions", { class: cls.name, action: a.name, argument: field ? field.value : null });
          renderInspector();
          // (An animation's frames may all have come before this answer, which holds the first.)
          refreshValuesSoon(cls.name);
          await renderCanvas();
        } catch (e) {
          message.textContent = String(e.message || e);
          // The argument is marked invalid when it is what the host refused (bad data).
          if (field && e.details?.kind === "badData") field.setAttribute("aria-invalid", "true");
          else field?.removeAttribute("aria-invalid");
        }
      });
      row.append(button);
      if (field) row.append(field);
      row.append(message);
      fs.append(row);
    }
    form.append(fs);
  }
  if (state.scene) form.append(outline());
}

// Variants (easel.variants/1), as Storybook's stories: picking one shows the class as the variant
// sets it, every other property at its default; the editors then go on from there (an edit leaves
// the variant, and "Copy as command" names the values, which reproduce the view).
function variantPicker(cls) {
  const fs = document.createElement("fieldset");
  fs.className = "group variants";
  const legend = document.createElement("legend");
  legend.textContent = "Variants";
  legend.id = "variants-label";
  fs.append(legend);
  const list = document.createElement("div");
  list.className = "variant-list";
  list.setAttribute("role", "radiogroup");
  list.setAttribute("aria-labelledby", "variants-label");
  const picked = currentVariant(cls);
  for (const v of [null, ...cls.variants]) {
    const l = document.createElement("label");
    const r = document.createElement("input");
    r.type = "radio";
    r.name = "variant";
    r.checked = picked !== undefined && picked === (v ? v.name : null);
    r.dataset.variant = v ? v.name : "";
    l.title = v ? [v.summary, v.attributes.map((a) => `${a.name}=${a.value}`).join(" ")].filter(Boolean).join("\n")
                : "Every property at its default";
    r.addEventListener("change", () => { if (r.checked) applyVariant(cls, v); });
    l.append(r, document.createTextNode(v ? v.displayName : "Default"));
    list.append(l);
  }
  fs.append(list);
  return fs;
}

/** The picker's current choice: the one picked while the values are still what it set, else
 *  Default (null) when every value is its default, else the (first) variant the values are;
 *  undefined (none) once an edit left every variant. */
function currentVariant(cls) {
  const now = state.current.currentVariants || [];
  const matching = (name) => name === null ? state.current.defaults === true : now.includes(name);
  const last = state.variantOf.has(cls.name) ? state.variantOf.get(cls.name) : undefined;
  return last !== undefined && matching(last) ? last : state.current.defaults ? null : now[0];
}

/** The picker follows the values after an edit (the inspector is not drawn again while typing). */
function refreshVariantChoice() {
  if (state.scene || !state.current) return;
  const picked = currentVariant(state.current.class);
  document.querySelectorAll("#properties .variants input").forEach((r) => {
    r.checked = picked !== undefined && picked === (r.dataset.variant || null);
  });
}

async function applyVariant(cls, variant) {
  const values = {};
  // Every value the session holds goes back to its default, then the variant's attributes apply.
  for (const p of cls.properties) {
    if (!p.readOnly && p.valueText !== undefined && p.valueText !== p.defaultText) values[p.name] = null;
  }
  for (const a of variant ? variant.attributes : []) values[a.name] = a.value;
  state.editsSent += 1;
  try {
    state.current = await postJSON("/api/values", { class: cls.name, values });
    state.variantOf.set(cls.name, variant ? variant.name : null);
    renderInspector();
    await renderCanvas();
  } catch (e) {
    notice(String(e.message || e), "error");
    renderInspector();
  }
}

let editorCount = 0;
function editor(p) {
  const id = `p-${p.name}-${++editorCount}`;
  const row = document.createElement("div");
  row.className = "property";
  row.dataset.property = p.name;
  const text = currentText(p);
  const base = baseText(p);
  const modified = text !== base;
  if (modified) row.classList.add("modified");
  const help = document.createElement("small");
  help.id = id + "-help";
  help.className = "help";
  help.textContent = p.summary || "";
  const message = document.createElement("small");
  message.id = id + "-error";
  message.className = "error";
  message.setAttribute("role", "alert");
  const describe = (el) => el.setAttribute("aria-describedby", `${help.id} ${message.id}`);
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = p.displayName;
  const controls = document.createElement("div");
  controls.className = "controls";
  const send = (value) => queueValue(p, value, row, message);
  const disabled = p.readOnly;

  const number = (attrs) => {
    const i = document.createElement("input");
    i.type = "number";
    Object.assign(i, attrs);
    return i;
  };
  const isNumber = ["Int", "CGFloat", "Double"].includes(p.type);
  if (isNumber) {
    const step = p.range && p.range.step > 0 ? p.range.step : (p.type === "Int" ? 1 : "any");
    const field = number({ value: text, step, disabled });
    if (p.range) {
      const slider = document.createElement("input");
      slider.type = "range";
      slider.id = id;
      slider.min = p.range.min;
      slider.max = p.range.max;
      slider.step = p.range.step > 0 ? p.range.step : (p.type === "Int" ? 1 : "any");
      slider.value = text;
      slider.disabled = disabled;
      describe(slider);
      field.setAttribute("aria-label", `${p.displayName} value`);
      field.min = p.range.min;
      field.max = p.range.max;
      slider.addEventListener("input", () => { field.value = slider.value; send(slider.value); });
      onNumber(field, p, row, message, (v) => { slider.value = v; send(v); });
      controls.append(slider, field);
    } else {
      field.id = id;
      describe(field);
      onNumber(field, p, row, message, send);
      controls.append(field);
    }
  } else if (p.type === "Bool") {
    const box = document.createElement("input");
    box.type = "checkbox";
    box.setAttribute("role", "switch");
    box.id = id;
    box.checked = ["true", "yes", "on", "1"].includes(text.toLowerCase());
    box.disabled = disabled;
    describe(box);
    box.addEventListener("change", () => send(box.checked ? "true" : "false"));
    controls.append(box);
  } else if (p.type === "Color") {
    const hex = text.startsWith("#") ? text : "#000000FF";
    const picker = document.createElement("input");
    picker.type = "color";
    picker.id = id;
    picker.value = hex.slice(0, 7).toLowerCase();
    picker.disabled = disabled;
    describe(picker);
    const alpha = document.createElement("input");
    alpha.type = "range";
    alpha.min = 0; alpha.max = 255; alpha.step = 1;
    alpha.value = hex.length >= 9 ? parseInt(hex.slice(7, 9), 16) : 255;
    alpha.disabled = disabled;
    alpha.setAttribute("aria-label", `${p.displayName} alpha`);
    const field = document.createElement("input");
    field.type = "text";
    field.value = hex.toUpperCase();
    field.size = 9;
    field.disabled = disabled;
    field.setAttribute("aria-label", `${p.displayName} hex`);
    const compose = () => picker.value.toUpperCase() + Number(alpha.value).toString(16).padStart(2, "0").toUpperCase();
    picker.addEventListener("input", () => { field.value = compose(); send(field.value); });
    alpha.addEventListener("input", () => { field.value = compose(); send(field.value); });
    field.addEventListener("change", () => {
      const v = field.value.trim();
      if (/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/.test(v)) { picker.value = v.slice(0, 7).toLowerCase(); alpha.value = v.length === 9 ? parseInt(v.slice(7), 16) : 255; }
      send(v);
    });
    controls.append(picker, alpha, field);
  } else if (p.type === "Enum") {
    if (p.enumCases.length <= 4) {
      // Segmented: a radio group whose name is the display name.
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
    } else {
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
  } else if (["Point", "Size", "Rect", "Insets"].includes(p.type)) {
    const names = { Point: ["x", "y"], Size: ["width", "height"], Rect: ["x", "y", "width", "height"], Insets: ["top", "left", "bottom", "right"] }[p.type];
    const values = text.split(/[x,X]/).map((s) => s.trim());
    const group = document.createElement("div");
    group.setAttribute("role", "group");
    group.id = id;
    group.className = "compound";
    group.setAttribute("aria-labelledby", id + "-label");
    label.id = id + "-label";
    label.removeAttribute("for");
    const fields = names.map((n, i) => {
      const f = number({ value: values[i] ?? "0", step: "any", disabled });
      f.setAttribute("aria-label", `${p.displayName} ${n}`);
      f.title = n;
      return f;
    });
    const joiner = p.type === "Size" ? "x" : ",";
    for (const f of fields) onNumber(f, { ...p, type: "CGFloat", range: null }, row, message, () => {
      if (fields.every((x) => x.value !== "")) send(fields.map((x) => x.value).join(joiner));
    });
    group.append(...captioned(fields, names));
    describe(group);
    controls.append(group);
  } else if (p.type === "Image") {
    const field = document.createElement("input");
    field.type = "text";
    field.id = id;
    field.value = text;
    field.disabled = disabled;
    field.placeholder = "none";
    const listId = id + "-resources";
    field.setAttribute("list", listId);
    const list = document.createElement("datalist");
    list.id = listId;
    for (const r of resourcesOf()) {
      const o = document.createElement("option");
      o.value = r;
      list.append(o);
    }
    describe(field);
    field.addEventListener("change", () => send(field.value));
    controls.append(field, list);
  } else {
    const field = document.createElement("input");
    field.type = "text";
    field.id = id;
    field.value = text;
    field.disabled = disabled;
    describe(field);
    field.addEventListener("input", () => send(field.value));
    controls.append(field);
  }

  const reset = document.createElement("button");
  reset.type = "button";
  reset.className = "reset";
  reset.textContent = "↺";
  reset.title = base === p.defaultText ? `Reset to default (${p.defaultText || "empty"})` : `Reset to the variant's value (${base || "empty"})`;
  reset.setAttribute("aria-label", `Reset ${p.displayName} to default`);
  reset.disabled = disabled || !modified;
  reset.addEventListener("click", () => send(null, true));
  const marker = document.createElement("span");
  marker.className = "marker";
  marker.title = "differs from the default";
  showModified(marker, modified);
  const head = document.createElement("div");
  head.className = "head";
  head.append(label, marker, reset);
  row.append(head, controls, help, message);
  return row;
}

/** The fields of a compound editor (a frame, a point, a size, insets), each with its caption
 *  under it (X, Y, W, H…, as Interface Builder's size inspector shows them: four bare numbers
 *  said nothing); the accessible names stay the fields' own. */
function captioned(fields, names) {
  const short = { width: "W", height: "H" };
  return fields.map((f, i) => {
    const l = document.createElement("label");
    l.className = "caption";
    const c = document.createElement("span");
    c.textContent = short[names[i]] || names[i][0].toUpperCase() + names[i].slice(1);
    c.setAttribute("aria-hidden", "true");
    l.append(f, c);
    return l;
  });
}

/** Listens to a number field: a number typed goes to `send`; text the field cannot read as a number
 *  ("1e999", a lone "-": the browser then reports an empty value) gets a message under the editor
 *  instead of being dropped in silence. An empty field sends nothing. */
function onNumber(field, p, row, message, send) {
  field.addEventListener("input", () => {
    if (field.value !== "") { send(field.value); return; }
    if (!field.validity.badInput) return;
    const expected = p.range ? `a number in ${p.range.min}…${p.range.max}` : p.type === "Int" ? "a whole number" : "a number";
    state.pending.delete(p.name);
    markEdited(row);
    showRefusal(row, message, `not a number the field can read (expected ${expected})`);
  });
}

/** The "modified" dot: an image named "modified" for screen readers (a bare span's label is not
 *  announced), nothing at all when the value is the default. */
function showModified(marker, modified) {
  marker.textContent = modified ? "●" : "";
  if (modified) {
    marker.setAttribute("role", "img");
    marker.setAttribute("aria-label", "modified");
    marker.removeAttribute("aria-hidden");
  } else {
    marker.removeAttribute("role");
    marker.removeAttribute("aria-label");
    marker.setAttribute("aria-hidden", "true");
  }
}

/** Counts what happens in an editor (a value sent, text it refused itself): an answer from the
 *  server about an older value must not wipe or replace what the editor says about a newer one. */
let editSerial = 0;
function markEdited(row) {
  row.dataset.serial = String(++editSerial);
  return editSerial;
}
const isLatestEdit = ({ row, serial }) => row.dataset.serial === String(serial);

function clearRefusal(row, message) {
  message.textContent = "";
  row.classList.remove("invalid");
  row.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
}

/** Shows a refused value's message under its editor (and marks its controls invalid). */
function showRefusal(row, message, text) {
  message.textContent = text;
  row.classList.add("invalid");
  row.querySelectorAll("input, select").forEach((el) => el.setAttribute("aria-invalid", "true"));
}

// Values go to the server one batch at a time; the latest text of each property wins.
function queueValue(p, value, row, message) {
  if (!state.scene && state.current) {
    // An edit leaves the variant picked last.
    state.variantOf.delete(state.current.class.name);
    document.querySelectorAll("#properties .variants input").forEach((r) => { r.checked = false; });
  }
  // In a scene, an edit belongs to the instance it was made on (by identity: the selection may move,
  // and instances before it may be removed, before it is sent).
  const instance = state.scene ? state.scene.ids[state.scene.selected] : null;
  state.pending.set(state.scene ? `${instance}:${p.name}` : p.name, { name: p.name, value, row, message, instance, serial: markEdited(row) });
  flushValues();
}

async function flushValues() {
  if (state.sending || state.pending.size === 0) return;
  state.sending = true;
  state.editsSent += 1;
  const batch = new Map(state.pending);
  state.pending.clear();
  const values = {};
  for (const { name, value } of batch.values()) values[name] = value;
  try {
    if (state.scene) {
      // Each value goes to the instance it was made on, wherever it is now (gone: dropped).
      for (const { name, value, instance } of batch.values()) {
        const inst = state.scene.document.instances[state.scene.ids.indexOf(instance)];
        if (!inst) continue;
        inst.attributes = inst.attributes || {};
        if (value === null) delete inst.attributes[name]; else inst.attributes[name] = value;
      }
      await postScene([...batch.keys()].join("|")); // (typing on in the same editor is one undo step)
      for (const edit of batch.values()) if (isLatestEdit(edit)) clearRefusal(edit.row, edit.message);
      state.lastEdits = [...batch.values()];
      markSceneEdited();
      refreshMarkers(batch);
    } else {
      state.current = await postJSON("/api/values", { class: state.current.class.name, values });
      for (const edit of batch.values()) if (isLatestEdit(edit)) clearRefusal(edit.row, edit.message);
      state.lastEdits = [...batch.values()];
      refreshMarkers(batch);
      if (state.pending.size === 0) refreshVariantChoice();
    }
    await renderCanvas();
  } catch (e) {
    if (e.superseded) {
      // Made on a document read again since (a refusal before it): not sent.
    } else if (state.scene) {
      // The scene goes back to what the server holds (the refused value is not in it); the
      // inspector is drawn again from it, and the messages go under the new editors.
      await reloadScene(state.scene.index, state.scene.selected);
      const shown = state.scene?.ids[state.scene.selected];
      for (const { name, instance, value } of batch.values()) {
        if (instance !== shown) continue; // (said under that instance's editors only)
        const row = document.querySelector(`#properties .property[data-property="${CSS.escape(name)}"]`);
        if (!row) continue;
        // The text refused stays in its field, as it does for a class alone (the editor drawn
        // again showed the value held, under a message about another one), to be corrected.
        const field = row.querySelector(".compound") ? null : row.querySelector('.controls input[type=number], .controls input[type=text]');
        if (field && typeof value === "string") field.value = value;
        showRefusal(row, row.querySelector(".error"), e.message);
      }
    } else {
      for (const edit of batch.values()) if (isLatestEdit(edit)) showRefusal(edit.row, edit.message, e.message);
    }
  } finally {
    state.sending = false;
    if (state.pending.size) flushValues();
  }
}

function refreshMarkers(batch) {
  const cls = propertiesOf();
  for (const { name, row, value } of batch.values()) {
    if (!row.isConnected || !cls) continue; // (another instance is shown now)
    const p = state.scene ? cls.properties.find((x) => x.name === name)
                          : state.current.class.properties.find((x) => x.name === name);
    if (!p) continue;
    const modified = currentText(p) !== baseText(p);
    row.classList.toggle("modified", modified);
    showModified(row.querySelector(".marker"), modified);
    row.querySelector(".reset").disabled = p.readOnly || !modified;
    if (value === null) {
      // A reset: redraw the editor with the default.
      const focus = focusInInspector();
      row.replaceWith(editor(p));
      restoreFocus(focus);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The canvas

function zoomScale(naturalWidth, naturalHeight) {
  const z = $("zoom").value;
  if (z !== "fit" && z !== "auto") return Number(z);
  const area = $("canvas-area").getBoundingClientRect();
  if (!naturalWidth || !naturalHeight) return z === "auto" ? 2 : 1;
  const fit = Math.max(0.25, Math.min(8, Math.min((area.width - 48) / naturalWidth, (area.height - 48) / naturalHeight)));
  // Auto (the default): 2×, or less when that does not fit (a whole scene at first sight, not its
  // top left corner), in quarter steps down to 1× and tenths below (scales a command line can
  // name: --scale 0.75, --scale 0.4; quarters alone showed a scene that fits at 0.48× at 0.25×).
  if (z !== "auto") return fit;
  const step = fit >= 1 ? 0.25 : 0.1;
  return Math.min(2, Math.max(0.25, Math.round(Math.floor(fit / step + 1e-9) * step * 100) / 100));
}

/** Pixels per point to render at: the zoom times the screen's pixel ratio, within the renderer's
 *  scales (0.1 to 16, which the server enforces: fit on a small class at a ratio of 3 asked for 24). */
function renderScale(zoom) {
  return Math.min(16, Math.max(0.1, Math.round(zoom * (window.devicePixelRatio || 1) * 100) / 100));
}

/** The W×H typed, or null (the natural size) when both fields are empty; a field left empty takes
 *  the natural size's (a width typed alone did nothing). A size the server refuses (0, negative,
 *  too large) is sent all the same: its message goes under the fields. */
function requestedSize() {
  const w = $("width").value, h = $("height").value;
  if (w === "" && h === "") return null;
  const natural = state.naturalSize || state.current?.class.defaultSize || { width: 100, height: 100 };
  return `${w === "" ? natural.width : Number(w)}x${h === "" ? natural.height : Number(h)}`;
}

/** The server's message about the size typed, under the W×H fields (null clears it). */
function showSizeRefusal(text) {
  $("size-error").textContent = text || "";
  for (const id of ["width", "height"]) {
    if (text) $(id).setAttribute("aria-invalid", "true"); else $(id).removeAttribute("aria-invalid");
  }
}

function previewURL(format, download) {
  const size = requestedSize();
  const known = state.lastSize || state.current?.class.defaultSize;
  const zoom = zoomScale(known?.width, known?.height);
  const scale = format === "png" ? renderScale(zoom) : 1;
  const q = new URLSearchParams({ class: state.current.class.name, scale: String(scale), format });
  if (size) q.set("size", size);
  if (download) q.set("download", "1");
  return { url: "/api/preview?" + q.toString(), scale, zoom };
}

async function renderCanvas() {
  if (state.rendering) { state.renderAgain = true; return; }
  state.rendering = true;
  try {
    do {
      state.renderAgain = false;
      if (state.scene) await drawScene(); else if (state.current) await drawClass();
    } while (state.renderAgain);
  } finally {
    state.rendering = false;
  }
}

/** Shows a frame: `scale` its pixels per point, `zoom` the canvas's zoom, `className` the class it
 *  shows ("" for a scene). */
async function showFrame(blob, scale, zoom, description, className) {
  const img = $("canvas");
  const url = URL.createObjectURL(blob);
  const next = new Image();
  next.src = url;
  await next.decode();
  const w = next.naturalWidth / scale, h = next.naturalHeight / scale;
  state.lastSize = { width: w, height: h };
  state.lastScale = scale;
  const old = img.src;
  img.src = url;
  img.alt = description;
  img.dataset.className = className;
  img.style.width = `${w * zoom}px`;
  img.style.height = `${h * zoom}px`;
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("frame").hidden = false;
  $("empty").hidden = true;
  $("frame").classList.remove("stale");
  state.frameVersion += 1;
  img.dataset.version = String(state.frameVersion);
  updateDownloads();
  // The command shown is the current view's, frame after frame.
  if (!$("command-row").hidden) $("command").value = command();
  document.dispatchEvent(new CustomEvent("easel:frame", { detail: { version: state.frameVersion } }));
}

async function drawClass() {
  const { url, scale, zoom } = previewURL("png");
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok && r.status === 422 && requestedSize()) {
    // The size typed is refused (bad data, not a failing build): said at the fields, and the
    // frame shown stays as it was, neither dimmed nor under the build-failure overlay.
    const body = await r.json().catch(() => ({}));
    showSizeRefusal(body.error?.message || r.statusText);
    return;
  }
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    await showLastGoodFrame(state.current.class);
    showFailure({ className: state.current.class.name, displayName: state.current.class.displayName,
                  failure: body.error || { message: r.statusText }, status: r.status });
    return;
  }
  const size = requestedSize();
  showSizeRefusal(null);
  clearDrawRefusals();
  state.shownSize = size;
  await showFrame(await r.blob(), scale, zoom, `${state.current.class.displayName}${size ? " at " + size.replace("x", "×") : ""}`,
                  state.current.class.name);
  if (!size) state.naturalSize = state.lastSize;
  if (!state.current.state?.failing) hideOverlay();
}

/** The scale of the server's last good preview of a class (GET /api/thumbnail/NAME: host serve
 *  renders its previews at 2×). */
const THUMBNAIL_SCALE = 2;

/** When the class's own frame cannot be drawn now: its last good preview (the library's thumbnail),
 *  never the frame of the class shown before. Without one, no frame at all ("no frame yet").
 *  Returns whether a frame is shown. */
async function showLastGoodFrame(cls) {
  if ($("canvas").dataset.className === cls.name) return !$("frame").hidden; // already this class's frame
  const r = await fetch(`/api/thumbnail/${encodeURIComponent(cls.name)}`, { cache: "no-store" });
  if (r.ok) {
    await showFrame(await r.blob(), THUMBNAIL_SCALE, zoomScale(cls.defaultSize?.width, cls.defaultSize?.height),
                    `${cls.displayName} (last good frame)`, cls.name);
    return true;
  }
  $("frame").hidden = true;
  $("canvas").removeAttribute("src");
  $("canvas").alt = "";
  $("canvas").dataset.className = "";
  $("empty").textContent = `No frame of ${cls.displayName} yet: it has not rendered once.`;
  $("empty").hidden = false;
  return false;
}

function updateDownloads() {
  if (state.scene) {
    const zoom = zoomScale(...sceneSize());
    const scale = renderScale(zoom);
    for (const f of ["png", "svg", "pdf"]) {
      $("download-" + f).href = `/api/scenes/${state.scene.index}/preview?format=${f}&download=1` + (f === "png" ? `&scale=${scale}` : "");
    }
    return;
  }
  if (!state.current) {
    for (const f of ["png", "svg", "pdf"]) $("download-" + f).removeAttribute("href");
    return;
  }
  for (const f of ["png", "svg", "pdf"]) $("download-" + f).href = previewURL(f, true).url;
}

// ---------------------------------------------------------------------------------------------
// Failures

/** A frame the server could not draw with the values it holds (an image that is not there: a 4xx,
 *  not a plugin failing) says so under the editors of the values sent last, too. */
function showDrawRefusal(text) {
  state.drawRefused = state.lastEdits.filter((e) => isLatestEdit(e) && e.row.isConnected);
  for (const e of state.drawRefused) showRefusal(e.row, e.message, text);
}

function clearDrawRefusals() {
  for (const e of state.drawRefused) if (isLatestEdit(e)) clearRefusal(e.row, e.message);
  state.drawRefused = [];
}

/** Empties a <dl> and returns what adds a fact to it (a term and its value; an empty value is left out). */
function factList(facts) {
  facts.replaceChildren();
  return (k, v) => {
    if (v === null || v === undefined || v === "") return;
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = v;
    facts.append(dt, dd);
  };
}

function showFailure(event) {
  const f = event.failure || {};
  // A 4xx is the request's data (a value the frame cannot be drawn with), which no build fixes.
  const refused = event.status >= 400 && event.status < 500 && Boolean(f.className || event.status === 422);
  if (refused) showDrawRefusal(f.message || f.reason);
  $("overlay-title").textContent = event.rejected ? `Build of ${basename(event.file)} rejected`
    : refused ? `${event.displayName || "The scene"} cannot be drawn with these values`
    : `${event.className || f.className || "The build"} failed`; // (a scene's: the class its render names)
  const add = factList($("overlay-facts"));
  // A scene's error names the instance at the start of its message ("instances[0].variant: …"):
  // the class and the instance are said too (the overlay said only the file).
  const at = state.scene ? /(?:^|: )(instances\[(\d+)\])/.exec(f.reason || f.message || "") : null;
  const inst = at ? state.scene.document.instances[Number(at[2])] : null;
  add("File", f.file || event.file);
  add("Class", f.className || event.className || inst?.class);
  add("Instance", inst ? `${at[1]}${inst.name ? ` ('${inst.name}')` : ""}` : null);
  add("Property", f.property);
  add("Phase", f.phase);
  add("Signal", f.signal);
  add("Exit status", f.exitStatus);
  add("Time budget", f.timedOut ? "exceeded" : null);
  add("What happened", f.reason || f.message);
  if (event.keptBuild) add("Kept", `build ${event.keptBuild} (rollback)`);
  if (event.staleBuild) add("Showing", `the last good frame (build ${event.staleBuild}), stale`);
  $("overlay-output").textContent = (f.output || []).join("\n");
  $("overlay-output").hidden = !(f.output || []).length;
  $("overlay-hint").textContent = refused
    ? ($("frame").hidden ? "There is no good frame to show yet." : "The last good frame stays below, dimmed.")
      + " Change or reset the value concerned to draw again."
    : $("frame").hidden
    ? "There is no good frame to show yet. The page recovers by itself on the next good build."
    : "The last good frame stays below, dimmed. The page recovers by itself on the next good build.";
  $("overlay").hidden = false;
  $("frame").classList.add("stale");
}

function hideOverlay() {
  $("overlay").hidden = true;
  $("frame").classList.remove("stale");
}

function basename(path) { return (path || "").split("/").pop(); }

// ---------------------------------------------------------------------------------------------
// Notices and live events

/** Adds a line on top of the notices (the last 8 are kept). The same line again moves to the top
 *  instead of being listed twice (a scene drawn again repeats its warnings at every render). */
function notice(text, kind) {
  const box = $("notices");
  const className = "notice " + (kind || "");
  for (const old of [...box.children]) if (old.textContent === text && old.className === className) old.remove();
  const li = document.createElement("li");
  li.className = className;
  li.textContent = text;
  box.prepend(li);
  while (box.children.length > 8) box.lastChild.remove();
}

function connectEvents() {
  const events = new EventSource("/api/events");
  let greeted = false;
  events.addEventListener("hello", async () => {
    setStatus("Live: rebuilt components appear here at once.");
    if (!greeted) { greeted = true; return; }
    // Connected again: maybe to a server started anew, which holds other values, builds and
    // scenes (the page went on showing the old ones, and its next edit drew something else).
    try {
      await Promise.all([loadLibrary(), loadScenes()]);
      if (state.scene) await reloadScene(state.scene.index, state.scene.selected);
      else if (state.current && state.classes.some((c) => c.name === state.current.class.name)) {
        state.current = await getJSON(`/api/classes/${encodeURIComponent(state.current.class.name)}`);
        renderInspector();
        await renderCanvas();
        if (!state.current.state?.failing) hideOverlay();
      }
    } catch (e) { setStatus(`Cannot reach ${serverName()}: ${e.message}`); }
  });
  events.onerror = () => setStatus(`Disconnected from ${serverName()}; retrying…`);
  events.addEventListener("reload", async (e) => {
    const data = JSON.parse(e.data);
    // A plugin file reloaded or removed is said too, as host watch prints it: the warnings of a
    // build before it (a class gone) were otherwise the last word after the class came back.
    if (data.build !== undefined && !data.scene && data.text?.length) notice(data.text[0], "ok");
    await loadLibrary();
    const name = state.current?.class.name;
    if (state.scene) {
      await reloadScene(state.scene.index, state.scene.selected, true);
      return;
    }
    if (!name) return;
    const affected = (data.outcomes || []).some((o) => o.className === name) || (data.classes || []).includes(name);
    if (!affected) return;
    if (!state.classes.some((c) => c.name === name)) {
      showFailure({ className: name, failure: { message: `${name} is gone: no loaded build provides it any more`, reason: "no loaded build provides this class any more" } });
      return;
    }
    state.current = await getJSON(`/api/classes/${encodeURIComponent(name)}`);
    renderInspector();
    await renderCanvas();
    if (state.current.state?.failing) showFailure({ className: name, failure: state.current.state.failure, staleBuild: state.current.state.previewBuild });
    else hideOverlay();
  });
  // A live instance asked for another frame (an animation): draw the canvas again, and show the
  // values it changed meanwhile (the server holds them: an animated progress) in the editors.
  events.addEventListener("redraw", (e) => {
    const d = JSON.parse(e.data);
    if (!state.scene && d.className === state.current?.class.name) {
      renderCanvas();
      refreshValuesSoon(d.className);
    }
  });
  // The values held for a class changed (an edit or an action, maybe in another tab): read again;
  // the editors and the canvas follow when they differ from what this page shows.
  events.addEventListener("values", (e) => {
    const d = JSON.parse(e.data);
    if (!state.scene && d.className === state.current?.class.name) refreshValuesSoon(d.className, true);
  });
  // Another tab or a script edited the scene shown: read it again (when this page's own edits are
  // all answered; an edit of its own made meanwhile is refused by the server, and said).
  events.addEventListener("scene", (e) => {
    const d = JSON.parse(e.data);
    // A scene file changed on disk: said in the notices (as host watch prints it), whatever is shown.
    if (d.fileChange && d.text?.length) notice(d.text.join(" "), d.fileChange === "reloaded" ? "" : "warning");
    if (d.fileChange) loadScenes().catch(() => {}); // (the library's entry: deleted on disk, unsaved)
    if (state.scene?.index !== d.index) return;
    if (d.revision > state.scene.revision && scenePosts === 0 && !state.dragging) {
      reloadScene(d.index, state.scene.selected).catch(() => {});
    } else if (d.revision === undefined || d.revision <= state.scene.revision) {
      // Its file changed on disk (or was saved, or the choice was made in another tab): the scene
      // is read again when its revision moved on, else only what the file says is shown.
      getJSON(`/api/scenes/${d.index}`).then((detail) => {
        if (state.scene?.index !== d.index) return;
        if (detail.revision > state.scene.revision && scenePosts === 0 && !state.dragging) return reloadScene(d.index, state.scene.selected);
        showSceneFile(detail);
      }).catch(() => {});
    }
  });
  events.addEventListener("schema", (e) => {
    const d = JSON.parse(e.data);
    notice(`${d.className}: ${d.changes.join(", ")}`, "schema");
  });
  events.addEventListener("notice", (e) => {
    const d = JSON.parse(e.data);
    notice(d.text.join(" ").trim(), d.dropped ? "warning" : "");
  });
  events.addEventListener("failure", (e) => {
    const d = JSON.parse(e.data);
    // The library's "failing" badges and its failed-files list (a rejected build) follow.
    loadLibrary().catch(() => {});
    const name = state.current?.class.name;
    const mine = d.className ? d.className === name : state.current && d.file === state.current.class.plugin.path;
    if (mine || (state.scene && d.className && state.scene.classes.has(d.className))) showFailure(d);
    notice(d.text[0], "error");
  });
  events.addEventListener("recovered", async (e) => {
    const d = JSON.parse(e.data);
    notice(d.text[0], "ok");
    if (d.className === state.current?.class.name || state.scene) { hideOverlay(); await renderCanvas(); }
  });
  events.addEventListener("build", (e) => {
    const d = JSON.parse(e.data);
    $("build-log-box").hidden = false;
    const log = $("build-log");
    log.textContent += d.text.join("\n") + "\n";
    if (log.textContent.length > 20000) log.textContent = log.textContent.slice(-20000);
    log.scrollTop = log.scrollHeight;
    if (d.finished) notice(d.text[0], d.status === 0 ? "ok" : "error");
  });
}

/** The editors follow what an animation changes, without a request per frame: the class's values
 *  are read again 150 ms after its last frame, and at least every 500 ms while frames come. (They
 *  showed the value of the animation's first frame, and Copy as command gave it.) */
let valuesTimer = null, valuesDue = 0, valuesRead = 0;
function refreshValuesSoon(className, redraw) {
  const now = performance.now();
  if (!valuesTimer) valuesDue = now + 500;
  clearTimeout(valuesTimer);
  valuesTimer = setTimeout(async () => {
    valuesTimer = null;
    // Not under a slider being dragged (its editor would be drawn anew mid-drag): a little later.
    if ($("properties").querySelector(":active")) { refreshValuesSoon(className, redraw); return; }
    // An edit in flight answers with the values itself; a class left meanwhile is not redrawn.
    if (state.scene || state.current?.class.name !== className || state.sending || state.pending.size) return;
    // Reads answered out of order (a loaded machine) must not put an older value back.
    const read = ++valuesRead, sent = state.editsSent;
    try {
      const detail = await getJSON(`/api/classes/${encodeURIComponent(className)}`);
      if (read !== valuesRead || sent !== state.editsSent) return; // (this page's own edit answered meanwhile)
      if (state.scene || state.current?.class.name !== className || state.sending || state.pending.size) return;
      // Drawn again only when a value moved (which also keeps what the editors and actions say).
      const before = new Map(state.current.class.properties.map((p) => [p.name, p.valueText]));
      if (detail.class.properties.every((p) => before.has(p.name) && before.get(p.name) === p.valueText)) return;
      state.current = detail;
      renderInspector();
      if (redraw) await renderCanvas(); // (an animation's frames come on their own)
      if (!$("command-row").hidden) $("command").value = command();
    } catch { /* the next frame or reload says more */ }
  }, Math.max(0, Math.min(150, valuesDue - now)));
}

// ---------------------------------------------------------------------------------------------
// Scenes

async function loadScenes() {
  const list = await getJSON("/api/scenes");
  const ul = $("scene-list");
  ul.replaceChildren();
  list.scenes.forEach((s, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "entry scene";
    b.textContent = basename(s.file) + (s.newFile ? " (new)" : s.deletedOnDisk ? " (deleted on disk)" : s.dirty ? " (unsaved)" : "");
    b.setAttribute("aria-label", basename(s.file));
    b.addEventListener("click", () => { remember("scene", i); reloadScene(i, null); });
    li.append(b);
    ul.append(li);
  });
  $("scene-section").hidden = list.scenes.length === 0;
}

/** After an edit the server took: Save is enabled, and the scene's library entry says "unsaved"
 *  (it said so only after a page reload). */
function markSceneEdited() {
  state.scene.dirty = true;
  updateTitle();
  $("save-scene").disabled = false;
  const entry = $("scene-list").querySelectorAll("button")[state.scene.index];
  if (entry && !state.scene.deletedOnDisk) entry.textContent = basename(state.scene.file) + " (unsaved)";
}

async function reloadScene(index, selected, keepEdits) {
  // The selection stays on the same instance when it is still there (another tab or a file
  // changed on disk may have added, removed or reordered instances): by its identity, which the
  // server keeps for the same instance (a file read again: by name, else place and class). (It is
  // taken before the wait: another read of the scene may replace the document meanwhile.)
  const previous = selected != null && state.scene?.index === index ? state.scene.ids[selected] : undefined;
  // A multi-selection read again stays on the same instances (when the same one leads it).
  const previousMany = state.scene?.index === index && state.scene.many && selected === state.scene.selected
    ? state.scene.many.map((i) => state.scene.ids[i]) : null;
  const detail = await getJSON(`/api/scenes/${index}`);
  const ids = detail.instanceIds || detail.document.instances.map((_, i) => -1 - i);
  if (previous !== undefined) selected = ids.indexOf(previous) >= 0 ? ids.indexOf(previous) : null;
  state.current = null;
  state.scene = { index, document: detail.document, ids, file: detail.file, selected, dirty: detail.dirty, classes: new Map(),
                  resources: detail.resources || {}, unavailable: detail.unavailable || {}, revision: detail.revision ?? 0, many: null };
  const many = (previousMany || []).map((id) => ids.indexOf(id)).filter((i) => i >= 0).sort((a, b) => a - b);
  if (many.length > 1 && many.includes(selected)) state.scene.many = many;
  sceneBase = state.scene.revision;
  sceneEpoch += 1; // posts queued on the document replaced here are not sent
  keepHistory(index);
  for (const c of detail.classes) state.scene.classes.set(c.name, c);
  showClassSizeTools(false);
  $("save-scene").hidden = false;
  showSceneFile(detail);
  renderLibrary();
  renderInspector();
  updateTitle();
  await renderCanvas();
}

/** The scene's file on disk against the open scene: not a valid scene now (the file's error, with
 *  the instance and key; the last good scene stays open), or changed on disk while this scene has
 *  unsaved edits (reload it from disk, or keep the edits: Save then overwrites the file). */
function showSceneFile(detail) {
  showKeptEdits(detail);
  const error = detail.fileError;
  const deleted = Boolean(detail.deletedOnDisk);
  const changed = detail.changedOnDisk && !error && !deleted;
  // A file deleted on disk (a git checkout, rm): the scene stays open as it is here, as an editor
  // keeps a buffer whose file went; Save writes the file again (so Save is offered without edits).
  if (state.scene) {
    state.scene.deletedOnDisk = deleted;
    updateTitle();
    $("save-scene").disabled = !(detail.dirty || deleted);
  }
  $("scene-file").hidden = !error && !changed && !deleted;
  $("scene-file").classList.toggle("info", deleted && Boolean(detail.newFile));
  $("scene-file").setAttribute("role", deleted && detail.newFile ? "status" : "alert");
  if (!error && !changed && !deleted) return;
  const name = basename(detail.file);
  $("scene-file-title").textContent = deleted ? (detail.newFile ? `${name} is a new scene` : `${name} was deleted on disk`)
    : error ? `${name} on disk is not a valid scene` : `${name} changed on disk`;
  const add = factList($("scene-file-facts"));
  if (error) {
    add("File", error.file || detail.file);
    add("Instance", error.instance);
    add("Key", error.key);
    add("What happened", error.reason || error.message);
  } else {
    add("File", detail.file);
  }
  $("scene-file-hint").textContent = deleted && detail.newFile
    ? "It is not on disk yet: add instances (the inspector, or drag a class from the library), then Save scene creates the file."
    : deleted
    ? "The scene stays open as it is here. Save scene recreates the file; a file put back is read again."
    : error
    ? "The last good scene stays open; the file is read again when it changes."
    : "This page has unsaved edits of it. Reload it from disk (the edits are lost), or keep the edits (Save scene then overwrites the file).";
  $("scene-file-choices").hidden = !changed;
}

/** Edits a previous serve kept as it stopped (NAME.unsaved.json beside the scene): offered until
 *  they are restored (the scene's unsaved edits then; Save writes them) or discarded (the file is
 *  removed). The server refuses edits of the scene until then, so that neither version is lost. */
function showKeptEdits(detail) {
  const kept = detail.keptEdits;
  $("kept-edits").hidden = !kept;
  if (!kept) return;
  $("kept-edits-title").textContent = `${basename(detail.file)} has unsaved edits from the last session`;
  $("kept-edits-hint").textContent = `They were kept in ${kept} when serve stopped. Restore them (they stay unsaved until Save scene), or discard them (the file is removed). The scene cannot be edited until then.`;
}

async function sceneFileChoice(action) {
  const { index, selected } = state.scene;
  try {
    await postJSON(`/api/scenes/${index}/${action}`, {});
    if (action === "restore") await loadScenes(); // (its library entry: unsaved now)
    await reloadScene(index, selected);
  } catch (e) { notice(e.message, "error"); }
}

async function drawScene() {
  const zoom = zoomScale(...sceneSize());
  const scale = renderScale(zoom);
  const index = state.scene.index;
  // The page may have left the scene while the frame was drawn (a class picked, Back): it is not
  // shown then (reading the scene that was no longer there was an error).
  const left = () => !state.scene || state.scene.index !== index;
  const r = await fetch(`/api/scenes/${index}/preview?scale=${scale}`, { cache: "no-store" });
  if (left()) return;
  if (!r.ok) {
    const body = await r.json().catch(() => ({}));
    if (left()) return;
    // Never the frame of what was shown before (a class's) as if it were this scene's.
    if ($("canvas").alt !== `Scene ${basename(state.scene.file)}`) {
      $("frame").hidden = true;
      $("canvas").removeAttribute("src");
      $("canvas").alt = "";
      $("canvas").dataset.className = "";
      $("instance-boxes").replaceChildren();
      $("empty").textContent = `No frame of ${basename(state.scene.file)} yet: it has not rendered once.`;
      $("empty").hidden = false;
    }
    showFailure({ className: null, failure: body.error || { message: r.statusText }, status: r.status });
    return;
  }
  const blob = await r.blob();
  if (left()) return;
  clearDrawRefusals();
  await showFrame(blob, scale, zoom, `Scene ${basename(state.scene.file)}`, "");
  if (left()) return;
  hideOverlay();
  drawInstanceBoxes(zoom);
}

/** The W×H fields and the resize handle size a class on its own; a scene's instances are sized by
 *  their own grips, so there they are hidden (out of sight and out of the tab order). */
function showClassSizeTools(shown) {
  $("size-fields").hidden = !shown;
  $("resize-handle").hidden = !shown;
}

function sceneSize() {
  const [w, h] = state.scene.document.size.split(/[x,X]/).map(Number);
  return [w, h];
}

// The open scene's document goes to the server one post at a time, in the order of the edits:
// posts in flight together (arrow keys pressed faster than answers came) reached it in any order,
// and it could keep an older frame than the page showed, draw it and save it.
// Each post names the revision its document was made on (the one before it in the queue leaves
// the server at that revision): the server refuses an edit made on a document another tab or a
// script changed meanwhile, which replacing the whole document would undo. After a refusal the
// scene is read again, and the posts queued on the old document are not sent (superseded).
let sceneQueue = Promise.resolve();
let sceneBase = 0;          // the revision the next post's document is made on
let sceneEpoch = 0;         // counts the documents read from the server
let scenePosts = 0;         // posts queued or in flight
function postScene(mergeKey, { record = true } = {}) {
  const { index, document, ids } = state.scene;
  const step = record ? recordEdit(mergeKey) : null;
  // The identities say who each instance is (null: one this page added): what the server holds
  // for an instance follows it, not its place.
  const body = { document: structuredClone(document), instanceIds: ids.map((id) => (id > 0 ? id : null)), revision: sceneBase };
  sceneBase += 1;
  const epoch = sceneEpoch;
  scenePosts += 1;
  const sent = sceneQueue.then(async () => {
    if (epoch !== sceneEpoch) throw Object.assign(new Error("superseded"), { superseded: true });
    const answer = await postJSON(`/api/scenes/${index}`, body);
    if (state.scene?.index === index && epoch === sceneEpoch) {
      state.scene.revision = answer.revision;
      const h = histories.get(index);
      if (h) h.revision = answer.revision;
      // Instances this page added have their identities now (the next posts name them).
      const ids = state.scene.ids, given = answer.instanceIds || [];
      if (given.length === ids.length && ids.every((id, i) => id <= 0 || id === given[i])) state.scene.ids = given;
    }
    return answer;
  }).catch((e) => {
    forgetStep(index, step); // (a refused edit is no step to undo)
    throw e;
  }).finally(() => { scenePosts -= 1; });
  sceneQueue = sent.catch(() => {});
  return sent;
}

// Undo and Redo of scene edits (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y; the toolbar's buttons), as in
// Interface Builder: every edit this page sends (a value, a move, a resize, a removal) can be taken
// back, one step at a time; values typed into one editor of one instance in a row are one step.
// An undo is an edit like any other (it is sent, checked and can be saved). A removed instance put
// back is the same instance (its identity: what the server holds for it is its own again).
// The history is the page's, per scene; a change of the scene made elsewhere (another tab, the
// file on disk) forgets it, as undoing across it would undo the other's work too.
const histories = new Map(); // scene index → { undo: [], redo: [], base, lastKey, lastAt }

function snapshot() {
  return { document: structuredClone(state.scene.document), ids: [...state.scene.ids], selected: state.scene.selected,
           many: state.scene.many ? state.scene.many.map((i) => state.scene.ids[i]) : null };
}

/** After the scene was read: the history goes on when the read shows the revision this page
 *  last made or saw (also after another class or scene was shown meanwhile), else it starts again
 *  from what was read. */
function keepHistory(index) {
  const h = histories.get(index);
  if (!h || h.revision !== state.scene.revision) {
    histories.set(index, { undo: [], redo: [], base: snapshot(), lastKey: null, lastAt: 0, revision: state.scene.revision });
  } else {
    h.base = snapshot();
  }
  updateHistoryButtons();
}

/** Called as an edit is sent: the state before it becomes an undo step (unless it continues the
 *  last step: the same `mergeKey` within 1.5 s). Returns the step added, if one was. */
function recordEdit(mergeKey) {
  const h = histories.get(state.scene.index);
  if (!h) return null;
  const now = performance.now();
  let step = null;
  if (!(mergeKey && mergeKey === h.lastKey && now - h.lastAt < 1500)) {
    step = h.base;
    h.undo.push(step);
    if (h.undo.length > 200) h.undo.shift();
  }
  h.redo = [];
  h.lastKey = mergeKey || null;
  h.lastAt = now;
  h.base = snapshot();
  updateHistoryButtons();
  return step;
}

/** Takes back the undo step an edit the server refused had added. */
function forgetStep(index, step) {
  const h = histories.get(index);
  const i = step && h ? h.undo.lastIndexOf(step) : -1;
  if (i < 0) return;
  h.undo.splice(i, 1);
  h.lastKey = null;
  updateHistoryButtons();
}

async function stepHistory(backwards) {
  if (!state.scene) return;
  const h = histories.get(state.scene.index);
  const from = backwards ? h?.undo : h?.redo;
  if (!from || !from.length) { notice(backwards ? "Nothing to undo" : "Nothing to redo"); return; }
  const target = from.pop();
  (backwards ? h.redo : h.undo).push(snapshot());
  const keepId = state.scene.ids[state.scene.selected];
  const keepMany = state.scene.many ? state.scene.many.map((i) => state.scene.ids[i]) : null;
  state.scene.document = structuredClone(target.document);
  state.scene.ids = [...target.ids];
  const again = state.scene.ids.indexOf(keepId);
  state.scene.selected = keepId !== undefined && again >= 0 ? again : target.selected ?? null;
  // A multiple selection stays when its instances are all there, else the step's comes back (the
  // instances a group removal took).
  const kept = keepMany && keepMany.every((id) => state.scene.ids.includes(id)) && again >= 0 ? keepMany : target.many;
  const many = (kept || []).map((id) => state.scene.ids.indexOf(id)).filter((i) => i >= 0);
  state.scene.many = many.length > 1 ? many.sort((a, b) => a - b) : null;
  if (state.scene.many && !state.scene.many.includes(state.scene.selected)) state.scene.selected = state.scene.many.at(-1);
  h.base = snapshot();
  h.lastKey = null;
  updateHistoryButtons();
  const sceneIndex = state.scene.index;
  renderInspector();
  try {
    await postScene(null, { record: false });
  } catch (e) {
    if (e.superseded || state.scene?.index !== sceneIndex) return;
    await reloadScene(sceneIndex, state.scene.selected);
    notice(String(e.message || e), "error");
    return;
  }
  markSceneEdited();
  renderInspector();
  await renderCanvas();
}

function updateHistoryButtons() {
  const h = state.scene ? histories.get(state.scene.index) : null;
  $("undo").hidden = $("redo").hidden = !state.scene;
  $("undo").disabled = !h?.undo.length;
  $("redo").disabled = !h?.redo.length;
}

function drawInstanceBoxes(zoom) {
  const box = $("instance-boxes");
  // The boxes are drawn anew after every frame: the one that had the focus gets it back (arrow keys
  // pressed faster than frames otherwise left it on <body> and the next presses went nowhere).
  const focused = [...box.children].indexOf(document.activeElement);
  box.replaceChildren();
  state.scene.document.instances.forEach((inst, i) => {
    const [x, y, w, h] = inst.frame.split(",").map(Number);
    const b = document.createElement("button");
    b.type = "button";
    const chosen = isSelected(i);
    b.className = "instance" + (chosen ? " selected" : "") + (chosen && state.scene.many ? " many" : "");
    b.setAttribute("aria-pressed", String(chosen));
    b.style.left = `${x * zoom}px`; b.style.top = `${y * zoom}px`;
    b.style.width = `${w * zoom}px`; b.style.height = `${h * zoom}px`;
    b.setAttribute("aria-label", instanceLabel(inst, i));
    b.addEventListener("click", (e) => {
      e.stopPropagation();
      // Shift-, Ctrl- or Cmd-click adds the instance to the selection or takes it out of it.
      if (e.shiftKey || e.ctrlKey || e.metaKey) toggleInstance(i);
      else if (!state.justDragged) selectInstance(i);
      state.justDragged = false;
    });
    // The bottom right grip, and the other three corners' (Interface Builder's handles: a frame
    // could be resized only from its bottom right corner).
    b.addEventListener("pointerdown", (e) => dragInstance(e, i, zoom, e.target.classList.contains("grip") ? "se" : e.target.dataset.corner || null));
    b.addEventListener("keydown", (e) => nudgeInstance(e, i));
    const grip = document.createElement("span");
    grip.className = "grip";
    b.append(grip);
    for (const corner of ["nw", "ne", "sw"]) {
      const c = document.createElement("span");
      c.className = "corner";
      c.dataset.corner = corner;
      b.append(c);
    }
    box.append(b);
  });
  if (focused >= 0) box.children[focused]?.focus();
}

/** Selects instance `index` of the scene shown (null: none, as Escape or a click beside every
 *  instance does), alone: the inspector shows it, and its box is marked (aria-pressed). */
function selectInstance(index) {
  if (!state.scene || (state.scene.selected === index && !state.scene.many)) return;
  state.scene.selected = index;
  state.scene.many = null;
  showSelection();
}

/** The selected instances' places, in drawing order (several after Shift-click or Ctrl+A, as in
 *  Interface Builder; `state.scene.selected` is the one clicked last). */
function selection() {
  if (!state.scene) return [];
  if (state.scene.many) return state.scene.many;
  return state.scene.selected != null ? [state.scene.selected] : [];
}

function isSelected(index) { return selection().includes(index); }

/** Sets the selection to `indices` (one: that instance alone; none: the scene). */
function setSelection(indices, primary) {
  const list = [...new Set(indices)].filter((i) => state.scene.document.instances[i]).sort((a, b) => a - b);
  state.scene.many = list.length > 1 ? list : null;
  state.scene.selected = list.length === 0 ? null : list.includes(primary) ? primary : list.at(-1);
  showSelection();
}

/** Adds instance `index` to the selection, or takes it out (Shift-, Ctrl- or Cmd-click). */
function toggleInstance(index) {
  const now = selection();
  if (now.includes(index)) setSelection(now.filter((i) => i !== index), state.scene.selected === index ? undefined : state.scene.selected);
  else setSelection([...now, index], index);
}

/** The boxes and the inspector after the selection changed. (The state the next edit starts from
 *  holds the selection: undoing that edit selects what it acted on.) */
function showSelection() {
  const h = histories.get(state.scene.index);
  if (h?.base) {
    h.base.selected = state.scene.selected;
    h.base.many = state.scene.many ? state.scene.many.map((i) => state.scene.ids[i]) : null;
  }
  renderInspector();
  [...$("instance-boxes").children].forEach((b, i) => {
    b.classList.toggle("selected", isSelected(i));
    b.classList.toggle("many", isSelected(i) && Boolean(state.scene.many));
    b.setAttribute("aria-pressed", String(isSelected(i)));
  });
}

/** Delete or Backspace removes the scene instance whose box has the focus, else the selected
 *  one (the focus on the canvas or in the inspector); Escape deselects. Never while typing in a
 *  field (nor in any other form control: the key is the field's). */
function onSceneKey(e) {
  if (!state.scene || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const t = e.target;
  if (t instanceof Element && (t.closest("input, select, textarea") || t.isContentEditable)) return;
  if (e.key === "Delete" || e.key === "Backspace") {
    // On the canvas or in the inspector (a key pressed on the library's or the toolbar's controls
    // is theirs, as in Interface Builder, where Delete acts on the canvas's selection).
    if (!(t === document.body || !(t instanceof Element) || $("canvas-area").contains(t) || $("inspector").contains(t))) return;
    // (Every selected instance, when the focused box is one of them or none has the focus.)
    const focused = [...$("instance-boxes").children].indexOf(document.activeElement);
    const indices = focused >= 0 && !isSelected(focused) ? [focused] : selection();
    if (!indices.length || !indices.every((i) => state.scene.document.instances[i])) return;
    e.preventDefault();
    removeInstances(indices);
  } else if (e.key === "Escape" && state.scene.selected != null) {
    e.preventDefault();
    selectInstance(null);
  }
}

/** The selected instance's frame (Interface Builder's size inspector): x, y, width and height in
 *  points, sent as a drag is; a frame the server refuses shows its message here. */
function frameEditor(index) {
  const inst = state.scene.document.instances[index];
  const fs = document.createElement("fieldset");
  fs.className = "group frame";
  const legend = document.createElement("legend");
  legend.textContent = "Layout";
  fs.append(legend);
  const id = `frame-${++editorCount}`;
  const row = document.createElement("div");
  row.className = "property";
  row.dataset.property = "@frame"; // (no property name starts with @: the focus is kept by it)
  const label = document.createElement("span");
  label.className = "label";
  label.id = id + "-label";
  label.textContent = "Frame";
  const help = document.createElement("small");
  help.id = id + "-help";
  help.className = "help";
  help.textContent = "Position and size in the scene, in points (drag the instance or its corner, or use the arrow keys)";
  const message = document.createElement("small");
  message.id = id + "-error";
  message.className = "error frame-error";
  message.setAttribute("role", "alert");
  const group = document.createElement("div");
  group.setAttribute("role", "group");
  group.className = "compound";
  group.setAttribute("aria-labelledby", label.id);
  group.setAttribute("aria-describedby", `${help.id} ${message.id}`);
  const values = inst.frame.split(",").map((v) => v.trim());
  const fields = ["x", "y", "width", "height"].map((n, i) => {
    const f = document.createElement("input");
    f.type = "number";
    f.step = "any";
    if (i >= 2) f.min = 0;
    f.value = values[i] ?? "0";
    f.title = n;
    f.setAttribute("aria-label", `Frame ${n}`);
    f.addEventListener("change", () => {
      if (fields.some((x) => x.value === "")) return;
      inst.frame = fields.map((x) => x.value).join(",");
      commitFrame(index);
    });
    return f;
  });
  group.append(...captioned(fields, ["x", "y", "width", "height"]));
  const head = document.createElement("div");
  head.className = "head";
  head.append(label);
  const controls = document.createElement("div");
  controls.className = "controls";
  controls.append(group);
  row.append(head, controls, help, message);
  const remove = document.createElement("button");
  remove.type = "button";
  remove.textContent = "Remove from scene";
  remove.addEventListener("click", () => removeInstances([index]));
  const duplicate = document.createElement("button");
  duplicate.type = "button";
  duplicate.textContent = "Duplicate";
  duplicate.title = "A copy of this instance, 10 points right and down (Ctrl+D)";
  duplicate.setAttribute("aria-keyshortcuts", "Control+D");
  duplicate.addEventListener("click", () => duplicateInstances([index]));
  // The instance's name (Interface Builder's label in the document outline): what the canvas,
  // the inspector and the host's messages call it.
  const nameId = `instance-name-${++editorCount}`;
  const nameRow = document.createElement("div");
  nameRow.className = "property";
  nameRow.dataset.property = "@name";
  const nameLabel = document.createElement("label");
  nameLabel.htmlFor = nameId;
  nameLabel.textContent = "Name";
  const name = document.createElement("input");
  name.type = "text";
  name.id = nameId;
  name.value = inst.name || "";
  name.placeholder = "none";
  name.addEventListener("change", () => {
    const v = name.value.trim();
    if (v) inst.name = v; else delete inst.name;
    commitFrame(index); // (sent, checked and drawn as a frame edit is)
  });
  const nameHead = document.createElement("div");
  nameHead.className = "head";
  nameHead.append(nameLabel);
  nameRow.append(nameHead, name);
  // The instance's variant (easel.variants/1: its attributes come first, the instance's own
  // override them), as the scene file's "variant" key.
  const variants = state.scene.classes.get(inst.class)?.variants || [];
  if (variants.length || inst.variant) {
    const variantId = `instance-variant-${++editorCount}`;
    const variantLabel = document.createElement("label");
    variantLabel.htmlFor = variantId;
    variantLabel.textContent = "Variant";
    const select = document.createElement("select");
    select.id = variantId;
    // A variant the class does not declare (a typo in the file: the scene cannot be drawn) is
    // shown as it is, so that picking another, or None, changes it.
    const unknown = inst.variant && !variants.some((v) => v.name === inst.variant) ? [{ name: inst.variant, displayName: `${inst.variant} (not a variant of ${inst.class})` }] : [];
    for (const v of [null, ...variants, ...unknown]) {
      const o = document.createElement("option");
      o.value = v ? v.name : "";
      o.textContent = v ? v.displayName : "None";
      o.selected = (inst.variant || "") === o.value;
      select.append(o);
    }
    select.addEventListener("change", () => {
      if (select.value) inst.variant = select.value; else delete inst.variant;
      commitFrame(index);
    });
    const head = document.createElement("div");
    head.className = "head";
    head.append(variantLabel);
    nameRow.append(head, select);
  }
  const buttons = document.createElement("div");
  buttons.className = "instance-actions";
  const front = arrangeButton("Bring to Front", "Drawn last, over every other instance", [index], true);
  const back = arrangeButton("Send to Back", "Drawn first, under every other instance", [index], false);
  buttons.append(duplicate, remove, front, back);
  fs.append(nameRow, row, buttons);
  return fs;
}

/** The inspector of several selected instances: the Frame actions that apply to them all. */
function selectionEditor(indices) {
  const fs = document.createElement("fieldset");
  fs.className = "group frame selection";
  const legend = document.createElement("legend");
  legend.textContent = "Layout";
  fs.append(legend);
  const button = (text, title, act) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = title;
    b.addEventListener("click", act);
    return b;
  };
  const buttons = document.createElement("div");
  buttons.className = "instance-actions";
  const duplicate = button("Duplicate", "Copies of these instances, 10 points right and down (Ctrl+D)", () => duplicateInstances(indices));
  duplicate.setAttribute("aria-keyshortcuts", "Control+D");
  buttons.append(duplicate,
                 button("Remove from scene", "Takes every selected instance out (Delete)", () => removeInstances(indices)),
                 arrangeButton("Bring to Front", "Drawn last, over every other instance (their order kept)", indices, true),
                 arrangeButton("Send to Back", "Drawn first, under every other instance (their order kept)", indices, false));
  fs.append(buttons);
  return fs;
}

/** A button that moves instances `indices` (in drawing order) to the front (`front`: drawn last,
 *  on top) or the back of the drawing order; disabled when they are there. */
function arrangeButton(text, title, indices, front) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.title = title;
  const n = state.scene.document.instances.length;
  b.disabled = indices.every((place, k) => place === (front ? n - indices.length + k : k));
  b.addEventListener("click", () => arrangeInstances(indices, front));
  return b;
}

/** Moves instances `indices` (in drawing order, which they keep among themselves) to the front or
 *  the back (an unsaved edit, one undo step): their identities go with them, so what the server
 *  holds for each stays its own; they stay selected. */
async function arrangeInstances(indices, front) {
  const scene = state.scene;
  const chosen = new Set(indices);
  const pairs = scene.document.instances.map((inst, i) => [inst, scene.ids[i], i]);
  const picked = pairs.filter((p) => chosen.has(p[2])), rest = pairs.filter((p) => !chosen.has(p[2]));
  const order = front ? [...rest, ...picked] : [...picked, ...rest];
  const primary = order.findIndex((p) => p[2] === scene.selected);
  scene.document.instances = order.map((p) => p[0]);
  scene.ids = order.map((p) => p[1]);
  const places = order.map((p, i) => (chosen.has(p[2]) ? i : -1)).filter((i) => i >= 0);
  scene.many = places.length > 1 ? places : null;
  if (places.length > 1) scene.selected = primary;
  await commitFrame(places.length > 1 ? null : places[0]);
}

/** The scene's instances in drawing order (Interface Builder's document outline, shown under
 *  whatever the inspector shows of a scene): a checkbox each, checked when the instance is selected.
 *  A click (or Space) selects that instance alone, also one lying under another on the canvas;
 *  Shift-, Ctrl- or Cmd-click (or Shift+Space) adds it to the selection or takes it out, as on
 *  the canvas. */
function outline() {
  const fs = document.createElement("fieldset");
  fs.className = "group outline";
  const legend = document.createElement("legend");
  legend.textContent = "Instances";
  fs.append(legend);
  // (Checkboxes, checked as the instances are selected: a button named as the canvas's box was
  // a second control of the same name, and radio buttons cannot say that several are chosen.)
  const list = document.createElement("div");
  list.className = "outline-list"; // (the fieldset, named by its legend, is the group)
  state.scene.document.instances.forEach((inst, i) => {
    const l = document.createElement("label");
    l.className = "outline-entry";
    const r = document.createElement("input");
    r.type = "checkbox";
    r.name = "outline";
    r.checked = isSelected(i);
    r.dataset.index = String(i);
    r.addEventListener("click", (e) => {
      e.preventDefault(); // (the selection, drawn anew, says what is checked)
      if (e.shiftKey || e.ctrlKey || e.metaKey) {
        toggleInstance(i);
        // (The focus stays in the outline, for the next entry to add.)
        document.querySelector(`#properties .outline-entry input[data-index="${i}"]`)?.focus();
        return;
      }
      if (state.scene.many || state.scene.selected !== i) selectInstance(i);
      $("instance-boxes").children[i]?.focus(); // (the arrow keys then move it)
    });
    l.append(r, document.createTextNode(instanceLabel(inst, i)));
    list.append(l);
  });
  if (!state.scene.document.instances.length) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = "No instances yet.";
    fs.append(p);
  }
  fs.append(list);
  return fs;
}

/** What the canvas calls instance `i` (its box's accessible name). */
function instanceLabel(inst, i) {
  return inst.name ? `${inst.name} (${inst.class})` : `${inst.class} ${i + 1}`;
}

/** The instances last copied or cut (Ctrl+C, Ctrl+X), as a scene document's instance objects. */
let instanceClipboard = null;

/** A copy of `inst` (class, variant, attributes; no name), 10 points right and down. */
function offsetCopy(inst) {
  const copy = structuredClone(inst);
  delete copy.name;
  const f = copy.frame.split(",").map(Number);
  copy.frame = [f[0] + 10, f[1] + 10, f[2], f[3]].join(",");
  return copy;
}

/** Pastes the instances copied last into the scene shown (without their names), 10 points right
 *  and down of where they were copied from, or of the last paste (pastes in a row cascade). */
async function pasteInstances() {
  const copies = instanceClipboard.map(offsetCopy);
  instanceClipboard.forEach((inst, i) => { inst.frame = copies[i].frame; });
  await insertInstances(copies);
}

/** Copies of instances `indices` (class, variant, attributes; no name), 10 points right and down,
 *  on top of the others; they are then selected. */
async function duplicateInstances(indices) {
  const insts = indices.map((i) => state.scene?.document.instances[i]);
  if (!insts.length || !insts.every(Boolean)) return;
  await insertInstances(insts.map(offsetCopy));
}

/** The scene's own size and background (the canvas every instance is drawn on), shown when no
 *  instance is selected. */
function sceneEditor() {
  const doc = state.scene.document;
  const fs = document.createElement("fieldset");
  fs.className = "group scene-settings";
  const legend = document.createElement("legend");
  legend.textContent = basename(state.scene.file);
  fs.append(legend);
  const row = document.createElement("div");
  row.className = "property";
  row.dataset.property = "@scene";
  const message = document.createElement("small");
  message.className = "error";
  message.id = `scene-settings-${++editorCount}-error`;
  message.setAttribute("role", "alert");
  const [w, h] = doc.size.split(/[x,X]/).map((v) => v.trim());
  const field = (label, value, type) => {
    const l = document.createElement("label");
    const i = document.createElement("input");
    i.type = type;
    i.value = value;
    if (type === "number") { i.min = 1; i.step = "any"; }
    i.setAttribute("aria-describedby", message.id);
    l.append(document.createTextNode(label + " "), i);
    return [l, i];
  };
  const [wl, wi] = field("Scene width", w, "number");
  const [hl, hi] = field("Scene height", h, "number");
  const [bl, bi] = field("Scene background", doc.background || "", "text");
  bi.placeholder = "transparent (#RRGGBB[AA])";
  const send = async () => {
    if (wi.value === "" || hi.value === "") return;
    doc.size = `${wi.value}x${hi.value}`;
    if (bi.value.trim()) doc.background = bi.value.trim(); else delete doc.background;
    const sceneIndex = state.scene.index;
    try {
      await postScene("scene-settings");
    } catch (e) {
      if (e.superseded || state.scene?.index !== sceneIndex) return;
      const typed = [wi.value, hi.value, bi.value];
      await reloadScene(sceneIndex, null);
      const again = document.querySelector('#properties .property[data-property="@scene"]');
      if (!again) return;
      // (What was typed stays, to be corrected, under the host's message.)
      again.querySelectorAll("input").forEach((input, i) => { input.value = typed[i]; });
      showRefusal(again, again.querySelector(".error"), e.message);
      return;
    }
    clearRefusal(row, message);
    markSceneEdited();
    await renderCanvas();
  };
  for (const i of [wi, hi, bi]) i.addEventListener("change", send);
  const controls = document.createElement("div");
  controls.className = "controls scene-fields";
  controls.append(wl, hl, bl);
  row.append(controls, message);
  fs.append(row);
  return fs;
}

/** "Add to scene" (Interface Builder's object library): a class and a button, keyboard-usable; the
 *  library's entries can also be dragged onto the canvas. */
function addInstanceEditor() {
  const fs = document.createElement("fieldset");
  fs.className = "group add";
  const legend = document.createElement("legend");
  legend.textContent = "Add to scene";
  fs.append(legend);
  const id = `add-class-${++editorCount}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = "Class to add";
  const select = document.createElement("select");
  select.id = id;
  for (const c of state.classes) {
    const o = document.createElement("option");
    o.value = c.name;
    o.textContent = c.displayName;
    select.append(o);
  }
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Add to scene";
  button.disabled = state.classes.length === 0;
  button.addEventListener("click", () => addInstance(select.value, null));
  fs.append(label, select, button);
  return fs;
}

/** Adds an instance of `className` to the scene shown, at its default size: centred on `at` (scene
 *  points, a drop), else a little below and right of the last one added; it is then selected. */
async function addInstance(className, at) {
  if (!state.scene || !className) return;
  const sceneIndex = state.scene.index;
  let size = { width: 100, height: 100 };
  try {
    const d = await getJSON(`/api/classes/${encodeURIComponent(className)}`);
    if (d.class.defaultSize?.width > 0 && d.class.defaultSize?.height > 0) size = d.class.defaultSize;
  } catch (e) { notice(String(e.message || e), "error"); return; }
  if (state.scene?.index !== sceneIndex) return;
  const n = state.scene.document.instances.length;
  const w = Math.round(size.width), h = Math.round(size.height);
  const x = at ? Math.round(at.x - w / 2) : 20 + (n % 10) * 10, y = at ? Math.round(at.y - h / 2) : 20 + (n % 10) * 10;
  await insertInstances([{ class: className, frame: `${x},${y},${w},${h}` }]);
}

/** Sends the scene shown (scene `sceneIndex`) after an edit of its instances and marks it edited;
 *  returns whether the server took it. A refused edit is said and the server's scene shown again. */
async function sendSceneEdit(sceneIndex) {
  try {
    await postScene();
  } catch (e) {
    if (e.superseded || state.scene?.index !== sceneIndex) return false;
    await reloadScene(sceneIndex, null);
    notice(String(e.message || e), "error");
    return false;
  }
  markSceneEdited();
  return true;
}

/** Puts `instances` (a document's instance objects) on top of the scene shown, sends the scene
 *  (one edit, one undo step), and selects them. */
async function insertInstances(instances) {
  const sceneIndex = state.scene.index;
  const first = state.scene.document.instances.length;
  state.scene.document.instances.push(...instances);
  state.scene.ids.push(...instances.map(() => 0)); // (the server gives them their identities)
  const places = instances.map((_, k) => first + k);
  state.scene.selected = places.at(-1);
  state.scene.many = places.length > 1 ? places : null;
  if (!(await sendSceneEdit(sceneIndex))) return;
  await reloadScene(sceneIndex, places.at(-1)); // (the inspector then has the class's editors)
  document.querySelectorAll(".instance")[state.scene?.selected ?? -1]?.focus();
}

/** Takes instances `indices` out of the scene (an unsaved edit, one undo step, as a move is). */
async function removeInstances(indices) {
  const sceneIndex = state.scene.index;
  // The focus leaves a removed instance's box for the canvas, not for the next instance's box
  // (where another Delete would remove that one too).
  const gone = new Set(indices);
  const boxes = [...$("instance-boxes").children];
  if (boxes.some((b, i) => gone.has(i) && (b === document.activeElement || b.contains(document.activeElement)))) $("canvas-area").focus();
  boxes.forEach((b, i) => { if (gone.has(i)) b.remove(); });
  state.scene.document.instances = state.scene.document.instances.filter((_, i) => !gone.has(i));
  state.scene.ids = state.scene.ids.filter((_, i) => !gone.has(i));
  state.scene.selected = null;
  state.scene.many = null;
  renderInspector();
  if (!(await sendSceneEdit(sceneIndex))) return;
  await renderCanvas();
}

/** Sends the scene after a frame edit (a drag, a resize, arrow keys, the Frame fields). A frame
 *  the server refuses puts the instance back where the server holds it, and its message goes
 *  under the Frame editor, where the instance's other refused edits are shown. */
async function commitFrame(index, mergeKey) {
  // (null: an edit of every selected instance, which stay selected.)
  if (index != null) {
    if (!isSelected(index)) state.scene.many = null;
    state.scene.selected = index;
  }
  const sceneIndex = state.scene.index;
  try {
    await postScene(mergeKey);
  } catch (e) {
    if (e.superseded || state.scene?.index !== sceneIndex) return;
    await reloadScene(sceneIndex, state.scene.selected);
    const row = document.querySelector('#properties .property[data-property="@frame"]');
    if (row) showRefusal(row, row.querySelector(".error"), e.message);
    return;
  }
  markSceneEdited();
  renderInspector();
  await renderCanvas();
}

/** Drags instance `index`: moves it (and every other selected instance with it, when it is
 *  selected: one edit, one undo step), snapping to the other instances' and the scene's edges and
 *  centres (not with Alt held), or with `corner` ("nw", "ne", "sw", "se") resizes it from that
 *  corner (the opposite corner stays put; at least a point a side). */
function dragInstance(e, index, zoom, corner) {
  if (e.shiftKey || e.ctrlKey || e.metaKey) return; // (a click that changes the selection)
  const group = !corner && isSelected(index) ? selection() : [index];
  const insts = group.map((i) => state.scene.document.instances[i]);
  const starts = insts.map((inst) => inst.frame.split(",").map(Number));
  const start = starts[group.indexOf(index)];
  const x0 = e.clientX, y0 = e.clientY;
  let moved = false;
  state.dragging = true; // (the scene is not read again under the pointer)
  const move = (ev) => {
    let dx = Math.round((ev.clientX - x0) / zoom), dy = Math.round((ev.clientY - y0) / zoom);
    if (!moved && Math.abs(dx) + Math.abs(dy) < 2) return;
    moved = true;
    if (corner) {
      const f = [...start];
      if (corner.includes("w")) { f[2] = Math.max(1, start[2] - dx); f[0] = start[0] + start[2] - f[2]; }
      else f[2] = Math.max(1, start[2] + dx);
      if (corner.includes("n")) { f[3] = Math.max(1, start[3] - dy); f[1] = start[1] + start[3] - f[3]; }
      else f[3] = Math.max(1, start[3] + dy);
      const guides = ev.altKey ? [] : snapResize(index, f, corner, zoom);
      insts[0].frame = f.join(",");
      drawInstanceBoxes(zoom);
      drawGuides(guides, zoom);
      return;
    }
    const snapped = ev.altKey ? { dx, dy, guides: [] } : snapMove(group, starts, dx, dy, zoom);
    insts.forEach((inst, k) => {
      const f = starts[k];
      inst.frame = [f[0] + snapped.dx, f[1] + snapped.dy, f[2], f[3]].join(",");
    });
    drawInstanceBoxes(zoom);
    drawGuides(snapped.guides, zoom);
  };
  const up = async () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    state.dragging = false;
    drawGuides([], zoom);
    if (!moved) return;
    // (The click that ends a drag selects nothing: a group moved stays selected.)
    state.justDragged = true;
    setTimeout(() => { state.justDragged = false; }, 0);
    await commitFrame(group.length > 1 ? null : index);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
}

/** Rubber-band selection, as in Interface Builder: a drag begun on the canvas beside every
 *  instance draws a rectangle; on release every instance it touches is selected (with Shift, Ctrl
 *  or Cmd held, added to the selection). A press without a drag is left to the click (which
 *  deselects); `dragged` is called when there was a drag (its click then deselects nothing). */
function marqueeSelect(e, dragged) {
  const area = $("canvas-area");
  if (e.target === area && (e.offsetX >= area.clientWidth || e.offsetY >= area.clientHeight)) return; // (its scroll bars)
  const canvas = $("canvas").getBoundingClientRect();
  const zoom = canvas.width / sceneSize()[0];
  if (!(zoom > 0)) return;
  const point = (ev) => ({ x: (ev.clientX - canvas.left) / zoom, y: (ev.clientY - canvas.top) / zoom });
  const from = point(e);
  const adding = e.shiftKey || e.ctrlKey || e.metaKey;
  const before = selection();
  let band = null;
  const bounds = (ev) => {
    const to = point(ev);
    return { x0: Math.min(from.x, to.x), y0: Math.min(from.y, to.y), x1: Math.max(from.x, to.x), y1: Math.max(from.y, to.y) };
  };
  const move = (ev) => {
    if (!band && Math.hypot(ev.clientX - e.clientX, ev.clientY - e.clientY) < 4) return;
    ev.preventDefault(); // (no text selection meanwhile)
    if (!band) {
      band = document.createElement("div");
      band.id = "marquee";
      band.setAttribute("aria-hidden", "true");
      $("frame").append(band);
    }
    const r = bounds(ev);
    Object.assign(band.style, { left: `${r.x0 * zoom}px`, top: `${r.y0 * zoom}px`, width: `${(r.x1 - r.x0) * zoom}px`, height: `${(r.y1 - r.y0) * zoom}px` });
  };
  // (A press that began a drag of the page's own, e.g. of text selected meanwhile, is the band's.)
  const noDrag = (ev) => ev.preventDefault();
  const end = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", end);
    window.removeEventListener("dragstart", noDrag);
    band?.remove();
  };
  const up = (ev) => {
    end();
    if (!band) return;
    dragged();
    if (!state.scene) return;
    const r = bounds(ev);
    const touched = [];
    state.scene.document.instances.forEach((inst, i) => {
      const [x, y, w, h] = inst.frame.split(",").map(Number);
      if (x < r.x1 && x + w > r.x0 && y < r.y1 && y + h > r.y0) touched.push(i);
    });
    setSelection(adding ? [...before, ...touched] : touched, touched.at(-1) ?? state.scene.selected);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", end);
  window.addEventListener("dragstart", noDrag);
}

/** Interface Builder's alignment guides: the offset (`dx`, `dy`, in points) of instances `group`
 *  (frames `starts`) moved so that their bounds' left, centre or right (top, middle or bottom)
 *  lie on another instance's, or on the scene's edges or centre, when within 4 screen pixels;
 *  and the guides to draw ({axis: "x"|"y", at: points}). */
function snapMove(group, starts, dx, dy, zoom) {
  const tolerance = 4 / zoom;
  const targets = snapTargets(group);
  const low = { x: Math.min(...starts.map((f) => f[0])), y: Math.min(...starts.map((f) => f[1])) };
  const high = { x: Math.max(...starts.map((f) => f[0] + f[2])), y: Math.max(...starts.map((f) => f[1] + f[3])) };
  const offset = { x: dx, y: dy };
  const guides = [];
  for (const axis of ["x", "y"]) {
    const edges = () => [low[axis] + offset[axis], (low[axis] + high[axis]) / 2 + offset[axis], high[axis] + offset[axis]];
    let best = null;
    for (const edge of edges()) for (const t of targets[axis]) {
      const d = t - edge;
      if (Math.abs(d) <= tolerance && (best === null || Math.abs(d) < Math.abs(best))) best = d;
    }
    if (best === null) continue;
    offset[axis] += best;
    const on = edges();
    for (const t of new Set(targets[axis])) if (on.some((edge) => Math.abs(edge - t) < 1e-9)) guides.push({ axis, at: t });
  }
  return { dx: offset.x, dy: offset.y, guides };
}

/** What a drag of instances `group` snaps onto: the scene's edges and centre and every other
 *  instance's edges and centre ({x: [points], y: [points]}). */
function snapTargets(group) {
  const [sw, sh] = sceneSize();
  const targets = { x: [0, sw / 2, sw], y: [0, sh / 2, sh] };
  state.scene.document.instances.forEach((inst, i) => {
    if (group.includes(i)) return;
    const [x, y, w, h] = inst.frame.split(",").map(Number);
    targets.x.push(x, x + w / 2, x + w);
    targets.y.push(y, y + h / 2, y + h);
  });
  return targets;
}

/** The alignment guides of a resize from `corner`: frame `f` (x, y, width, height) of instance
 *  `index`, changed in place so that its moving edges (left or right, top or bottom) lie on
 *  another instance's or the scene's edges or centre when within 4 screen pixels (the opposite
 *  edges stay put; at least a point a side); returns the guides to draw. */
function snapResize(index, f, corner, zoom) {
  const tolerance = 4 / zoom;
  const targets = snapTargets([index]);
  const guides = [];
  for (const [axis, low] of [["x", corner.includes("w")], ["y", corner.includes("n")]]) {
    const [o, s] = axis === "x" ? [0, 2] : [1, 3];
    const edge = low ? f[o] : f[o] + f[s];
    let best = null;
    for (const t of targets[axis]) {
      const d = t - edge;
      if (Math.abs(d) <= tolerance && (best === null || Math.abs(d) < Math.abs(best))) best = d;
    }
    if (best === null) continue;
    const size = low ? f[s] - best : f[s] + best;
    if (size < 1) continue;
    if (low) f[o] += best;
    f[s] = size;
    guides.push({ axis, at: edge + best });
  }
  return guides;
}

/** Draws the alignment guides (thin lines across the scene) of a drag; none: they go. */
function drawGuides(guides, zoom) {
  const layer = $("guides");
  layer.replaceChildren(...guides.map((g) => {
    const line = document.createElement("div");
    line.className = `guide guide-${g.axis}`;
    line.dataset.axis = g.axis;
    line.dataset.at = String(g.at);
    if (g.axis === "x") line.style.left = `${g.at * zoom}px`; else line.style.top = `${g.at * zoom}px`;
    return line;
  }));
}

// Arrow keys move the focused instance by a point (Shift: 10), and every selected instance with it
// when it is selected; with Alt they resize them. (No snapping: a press moves by what it says.)
async function nudgeInstance(e, index) {
  const d = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[e.key];
  if (!d) return;
  e.preventDefault();
  const step = e.shiftKey ? 10 : 1;
  const group = isSelected(index) ? selection() : [index];
  for (const i of group) {
    const inst = state.scene.document.instances[i];
    const f = inst.frame.split(",").map(Number);
    if (e.altKey) { f[2] = Math.max(1, f[2] + d[0] * step); f[3] = Math.max(1, f[3] + d[1] * step); }
    else { f[0] += d[0] * step; f[1] += d[1] * step; }
    inst.frame = f.join(",");
  }
  // (A burst of presses is one undo step.)
  await commitFrame(group.length > 1 ? null : index, `nudge:${group.map((i) => state.scene.ids[i]).join(",")}`);
  document.querySelectorAll(".instance")[index]?.focus();
}

async function saveScene() {
  try {
    showSceneFile(await postJSON(`/api/scenes/${state.scene.index}/save`, {}));
    state.scene.dirty = false;
    $("save-scene").disabled = true;
    updateTitle();
    notice(`Saved ${basename(state.scene.file)}`, "ok");
    await loadScenes();
  } catch (e) {
    notice(e.message, "error");
  }
}

// ---------------------------------------------------------------------------------------------
// Tools

function shellQuote(s) { return /^[A-Za-z0-9_.,:#=\/+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`; }

/** What the page calls the server: `easel serve` or `host serve`, as it was run (before the first
 *  answer, which says so, "the designer's server"). */
function serverName() { return state.program ? `${state.program} serve` : "the designer's server"; }

/** The `host render` line (`easel render` when the server was run as easel) that draws what the
 *  canvas shows: the class (or scene), the folders this server loads from, the values, the size
 *  asked for, and the scale the frame shown was rendered at. */
function command() {
  const scene = state.scene;
  const parts = [state.program || "host", "render", scene ? shellQuote(scene.file) : state.current.class.name];
  // The folders this server loads from, unless it is the default that host render searches too
  // (without them the line found no class when the server was started on another folder).
  const dirs = state.searchPath || [];
  if (!(dirs.length === 1 && dirs[0] === "./components")) for (const d of dirs) parts.push("--plugins", shellQuote(d));
  if (!scene) {
    const c = state.current.class;
    for (const p of c.properties) if (p.valueText !== undefined && p.valueText !== p.defaultText) parts.push("--set", shellQuote(`${p.name}=${p.valueText}`));
    // The size of the frame shown (not one typed since and refused).
    if (state.shownSize) parts.push("--size", state.shownSize);
  }
  if (state.lastScale !== 1) parts.push("--scale", String(state.lastScale));
  const name = scene ? basename(scene.file).replace(/\.json$/, "") : state.current.class.name;
  parts.push("-o", shellQuote(name + ".png"));
  return parts.join(" ") + (scene?.deletedOnDisk ? "   # save the scene first: its file is not on disk"
    : scene?.dirty ? "   # save the scene first: it has unsaved edits" : "");
}

function setupResize() {
  const handle = $("resize-handle");
  const apply = async (w, h) => {
    $("width").value = Math.max(1, Math.round(w));
    $("height").value = Math.max(1, Math.round(h));
    await renderCanvas();
  };
  handle.addEventListener("pointerdown", (e) => {
    if (!state.current || state.scene) return;
    e.preventDefault();
    const zoom = zoomScale(state.lastSize?.width, state.lastSize?.height);
    const start = state.lastSize || { width: 100, height: 100 };
    const x0 = e.clientX, y0 = e.clientY;
    const move = (ev) => apply(start.width + (ev.clientX - x0) / zoom, start.height + (ev.clientY - y0) / zoom);
    const up = () => { window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up); };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  });
  handle.addEventListener("keydown", (e) => {
    if (!state.current || state.scene) return;
    const step = e.shiftKey ? 10 : 1;
    const d = { ArrowRight: [step, 0], ArrowLeft: [-step, 0], ArrowDown: [0, step], ArrowUp: [0, -step] }[e.key];
    if (!d) return;
    e.preventDefault();
    // From the size asked for last (the fields), not the last frame shown: presses faster than
    // frames add up, and the renders in between are coalesced (renderCanvas draws the latest).
    const asked = requestedSize();
    const s = asked ? { width: Number(asked.split("x")[0]), height: Number(asked.split("x")[1]) }
                    : state.lastSize || { width: 100, height: 100 };
    apply(s.width + d[0], s.height + d[1]);
  });
}

function setup() {
  $("search").addEventListener("input", renderLibrary);
  $("zoom").addEventListener("change", () => renderCanvas());
  $("background").addEventListener("change", () => {
    $("canvas-area").className = "bg-" + $("background").value;
  });
  for (const id of ["width", "height"]) $(id).addEventListener("change", () => renderCanvas());
  $("copy-command").addEventListener("click", async () => {
    if (!state.current && !state.scene) return;
    // The line of the view the click brings: a size or value the click's blur sent is drawn first.
    while (state.rendering || state.sending || state.pending.size > 0) await new Promise((ok) => setTimeout(ok, 20));
    const text = command();
    $("command").value = text;
    $("command-row").hidden = false;
    $("command").select();
    try { await navigator.clipboard.writeText(text); notice("Copied: " + text, "ok"); } catch { notice("Select the command and copy it: " + text); }
  });
  $("save-scene").addEventListener("click", saveScene);
  $("canvas-area").addEventListener("dragover", (e) => {
    if (state.scene && e.dataTransfer.types.includes("application/x-easel-class")) { e.preventDefault(); e.dataTransfer.dropEffect = "copy"; }
  });
  $("canvas-area").addEventListener("drop", (e) => {
    const name = e.dataTransfer.getData("application/x-easel-class");
    if (!state.scene || !name || !state.lastSize) return;
    e.preventDefault();
    const r = $("canvas").getBoundingClientRect();
    const zoom = r.width / state.lastSize.width;
    addInstance(name, { x: (e.clientX - r.left) / zoom, y: (e.clientY - r.top) / zoom });
  });
  document.addEventListener("keydown", onSceneKey);
  // A click on the canvas beside every instance deselects, as in Interface Builder.
  // (Only a press that began there too: a drag ending beside the instance it moved is no such click.)
  let pressedBeside = false;
  $("canvas-area").addEventListener("pointerdown", (e) => {
    pressedBeside = !e.target.closest?.(".instance, #overlay, #resize-handle");
    if (pressedBeside && state.scene && e.button === 0) marqueeSelect(e, () => { pressedBeside = false; });
  });
  $("canvas-area").addEventListener("click", (e) => {
    if (state.scene && pressedBeside && !e.target.closest?.(".instance, #overlay")) selectInstance(null);
  });
  $("scene-file-reload").addEventListener("click", () => sceneFileChoice("reload"));
  $("scene-file-keep").addEventListener("click", () => sceneFileChoice("keep"));
  $("kept-edits-restore").addEventListener("click", () => sceneFileChoice("restore"));
  $("kept-edits-discard").addEventListener("click", () => sceneFileChoice("discard"));
  $("undo").addEventListener("click", () => stepHistory(true));
  $("redo").addEventListener("click", () => stepHistory(false));
  // Ctrl+S (⌘S) saves the scene shown, as in an editor (the browser's "Save page" is not meant);
  // Ctrl+Z undoes a scene edit, Ctrl+Shift+Z or Ctrl+Y redoes it (in a text field they are the
  // field's own).
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || !state.scene) return;
    const key = e.key.toLowerCase();
    if (key === "s") {
      e.preventDefault();
      if (!$("save-scene").disabled) saveScene();
      return;
    }
    if (key === "d" && !e.shiftKey) {
      // Duplicate the selected instance (Interface Builder's ⌘D; the browser's bookmark is not meant).
      e.preventDefault();
      if (selection().length) duplicateInstances(selection());
      return;
    }
    const t = e.target;
    const typing = t instanceof Element && (t.matches("textarea, input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=color])") || t.isContentEditable);
    if (["c", "x", "v"].includes(key) && !e.shiftKey) {
      // Copy, cut and paste scene instances (also into another scene); text selected on the page
      // and text fields keep their own.
      if (typing || String(window.getSelection() || "") !== "") return;
      if (key === "v") {
        if (!instanceClipboard) return;
        e.preventDefault();
        pasteInstances();
        return;
      }
      if (!selection().length) return;
      e.preventDefault();
      instanceClipboard = selection().map((i) => structuredClone(state.scene.document.instances[i]));
      if (key === "x") removeInstances(selection());
      return;
    }
    if (key === "a" && !e.shiftKey) {
      // Select all the scene's instances, when the focus is on the canvas (elsewhere the key is
      // the page's or the field's own).
      if (!(t instanceof Element && $("canvas-area").contains(t))) return;
      e.preventDefault();
      setSelection(state.scene.document.instances.map((_, i) => i), state.scene.selected);
      return;
    }
    if (key !== "z" && key !== "y") return;
    if (typing) return;
    e.preventDefault();
    stepHistory(key === "z" && !e.shiftKey);
  });
  // Fit follows the canvas area, whatever changes its size (the window, the command row, notices,
  // the build log): a frame is rendered again when the fitting scale differs from the one shown.
  new ResizeObserver(() => {
    if (!["fit", "auto"].includes($("zoom").value) || !state.lastSize || (!state.current && !state.scene)) return;
    const natural = state.scene ? sceneSize() : [state.lastSize.width, state.lastSize.height];
    if (renderScale(zoomScale(...natural)) !== state.lastScale) renderCanvas();
  }).observe($("canvas-area"));
  setupResize();
  connectEvents();
  Promise.all([loadLibrary(), loadScenes()]).then(showAddressed)
    .catch((e) => setStatus(`Cannot reach ${serverName()}: ${e.message}`));
  window.addEventListener("popstate", () => { showAddressed().catch(() => {}); });
}

document.addEventListener("DOMContentLoaded", setup);
