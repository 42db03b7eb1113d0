// The Docs tab: the class shown documented as the static gallery documents it — its summary, its
// properties (type, default, range or cases, what each does), its variants and actions, and the
// command lines that render, inspect and snapshot it.
import { shownClass, shownScene } from "./subject.js";
import { programName } from "./library.js";
import { pluginArguments } from "./command.js";

function element(tag, text, className) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (className) e.className = className;
  return e;
}

function table(headings, rows, caption) {
  const t = element("table");
  t.append(element("caption", caption, "visually-hidden"));
  const head = element("thead");
  const tr = element("tr");
  for (const h of headings) { const th = element("th", h); th.scope = "col"; tr.append(th); }
  head.append(tr);
  const body = element("tbody");
  for (const row of rows) {
    const r = element("tr");
    for (const cell of row) {
      const td = element("td");
      if (cell instanceof Node) td.append(cell); else td.textContent = cell ?? "";
      r.append(td);
    }
    body.append(r);
  }
  t.append(head, body);
  return t;
}

/** What a property takes: its range, its cases, or its type alone. */
function takes(p) {
  if (p.range) return `${p.range.min} … ${p.range.max}` + (p.range.step ? ` (step ${p.range.step})` : "");
  if (p.enumCases?.length) return p.enumCases.map((c) => `${c.name} (${c.displayName})`).join(", ");
  return "";
}

/** Draws the Docs of the class shown into `panel`. */
export function drawClassDocs(panel) {
  const detail = shownClass();
  if (shownScene() || !detail) {
    panel.replaceChildren(element("p", shownScene() ? "Docs belong to a class: pick one in the library." : "Pick a class in the library.", "empty"));
    return;
  }
  const cls = detail.class;
  const docs = element("article", null, "docs");
  docs.setAttribute("aria-label", `${cls.displayName} docs`);
  docs.append(element("h2", `${cls.group || "Components"} / ${cls.displayName}`));
  docs.append(element("p", cls.summary || "No summary.", "summary"));
  const plugin = cls.plugin || {};
  docs.append(element("p", `Class ${cls.name} · ${plugin.name || "plugin"} ${plugin.version || ""} (${plugin.path || ""}) · ABI ${plugin.abi || "?"}`
    + (cls.extensions?.length ? ` · ${cls.extensions.join(", ")}` : ""), "muted"));

  docs.append(element("h3", "Properties"));
  const shown = cls.properties.filter((p) => !p.hidden);
  docs.append(shown.length ? table(["Property", "Type", "Default", "Takes", "What it does"], shown.map((p) => {
    const name = element("span");
    name.append(element("strong", p.displayName), document.createTextNode(" "), element("code", p.name));
    return [name, p.type + (p.readOnly ? " (read only)" : ""), p.defaultText, takes(p), [p.group, p.summary].filter(Boolean).join(": ")];
  }), `Properties of ${cls.displayName}`) : element("p", "No inspectable properties.", "muted"));

  docs.append(element("h3", "Variants"));
  docs.append(cls.variants.length ? table(["Variant", "Sets", "What it shows"], cls.variants.map((v) => {
    const name = element("span");
    name.append(element("strong", v.displayName), document.createTextNode(" "), element("code", v.name));
    return [name, v.attributes.map((a) => `${a.name}=${a.value}`).join(", "), v.summary];
  }), `Variants of ${cls.displayName}`) : element("p", "No variants (easel.variants/1).", "muted"));

  const actions = cls.actions || [];
  docs.append(element("h3", "Actions"));
  docs.append(actions.length ? table(["Action", "Argument", "What it does"], actions.map((a) => {
    const name = element("span");
    name.append(element("strong", a.displayName), document.createTextNode(" "), element("code", a.name));
    return [name, a.argument ? `${a.argument.type}${takes(a.argument) ? ": " + takes(a.argument) : ""}` : "none", a.summary];
  }), `Actions of ${cls.displayName}`) : element("p", "No actions (easel.actions/1).", "muted"));

  docs.append(element("h3", "Command lines"));
  const program = programName() || "host";
  const plugins = pluginArguments().join(" ");
  const at = plugins ? ` ${plugins}` : "";
  const lines = [
    `${program} render ${cls.name}${at} -o ${cls.name}.png`,
    ...cls.variants.map((v) => `${program} render ${cls.name}${at} --variant ${v.name} -o ${cls.name}.${v.name}.png`),
    `${program} render ${cls.name}${at} --trait appearance=dark -o ${cls.name}.dark.png`,
    `${program} inspect ${cls.name}${at}`,
    `${program} gallery${at} --out gallery`,
  ];
  docs.append(element("pre", lines.join("\n")));
  panel.replaceChildren(docs);
}
