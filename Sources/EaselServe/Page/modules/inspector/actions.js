// Actions (easel.actions/1), as a designer's buttons: an argument gets a field with its default;
// what the host says of a call goes under the action.
import { nextSerial } from "../dom.js";
import { postJSON } from "../api.js";
import { setClassDetail, subjectChanged, noteValuesSent } from "../subject.js";
import { renderCanvas } from "../canvas.js";
import { refreshValuesSoon } from "../class-view.js";

/** The Actions section of class `cls`'s inspector. */
export function actionsEditor(cls) {
  const fs = document.createElement("fieldset");
  fs.className = "group actions";
  const legend = document.createElement("legend");
  legend.textContent = "Actions";
  fs.append(legend);
  for (const a of cls.actions) fs.append(actionRow(cls, a));
  return fs;
}

function actionRow(cls, a) {
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
  message.id = `action-${a.name}-${nextSerial()}-error`;
  message.setAttribute("role", "alert");
  button.setAttribute("aria-describedby", message.id);
  if (field) field.setAttribute("aria-describedby", message.id);
  button.addEventListener("click", async () => {
    noteValuesSent();
    try {
      setClassDetail(await postJSON("/api/actions", { class: cls.name, action: a.name, argument: field ? field.value : null }));
      subjectChanged();
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
  return row;
}
