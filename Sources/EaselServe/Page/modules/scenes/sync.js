// The open scene's document goes to the server one post at a time, in the order of the edits:
// posts in flight together (arrow keys pressed faster than answers came) reached it in any order,
// and it could keep an older frame than the page showed, draw it and save it.
// Each post names the revision its document was made on (the one before it in the queue leaves
// the server at that revision): the server refuses an edit made on a document another tab or a
// script changed meanwhile, which replacing the whole document would undo. After a refusal the
// scene is read again, and the posts queued on the old document are not sent (superseded).
// This module owns that queue.
import { postJSON } from "../api.js";
import { shownScene } from "../subject.js";
import { recordEdit, forgetStep, noteRevision } from "./history.js";

let sceneQueue = Promise.resolve();
let sceneBase = 0;          // the revision the next post's document is made on
let sceneEpoch = 0;         // counts the documents read from the server
let scenePosts = 0;         // posts queued or in flight

/** Whether posts of the scene are queued or in flight (a read of the scene would be older). */
export function scenePostsInFlight() { return scenePosts > 0; }

/** The scene was read from the server at `revision`: the next post is made on it, and the posts
 *  queued on the document it replaces are not sent. */
export function startFromRevision(revision) {
  sceneBase = revision;
  sceneEpoch += 1;
}

/** Sends the open scene's document as it is now (an undo step unless `record` is false; the same
 *  `mergeKey` in a row is one step). Rejects with the server's refusal, or with an Error whose
 *  `superseded` is true when the scene was read again before its turn. */
export function postScene(mergeKey, { record = true } = {}) {
  const { index, document, ids } = shownScene();
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
    const scene = shownScene();
    if (scene?.index === index && epoch === sceneEpoch) {
      scene.revision = answer.revision;
      noteRevision(index, answer.revision);
      // Instances this page added have their identities now (the next posts name them).
      const ids = scene.ids, given = answer.instanceIds || [];
      if (given.length === ids.length && ids.every((id, i) => id <= 0 || id === given[i])) scene.ids = given;
    }
    return answer;
  }).catch((e) => {
    forgetStep(index, step); // (a refused edit is no step to undo)
    throw e;
  }).finally(() => { scenePosts -= 1; });
  sceneQueue = sent.catch(() => {});
  return sent;
}
