"""Scene editing as an Interface Builder user expects it, in a real headless Chromium.

Usage: designer_scene_keys.py PORT SCENE_JSON
The server runs `host serve --scene board.json --scene typo.json` on RoundedCornerButton and Gauge;
board.json holds a Gauge "meter", a RoundedCornerButton "ok" and two Gauges without names.
1. The keyboard: Escape deselects; Delete or Backspace typed in an editor's field edits the field,
   and removes nothing; on a selected instance (or the instance whose box has the focus) it
   removes that instance, and the focus goes to the canvas (another Delete removes nothing).
   A click on the canvas beside every instance deselects. A value the server refuses stays in its
   field, under the host's message (the field showed the value held instead). The default zoom
   (Auto) shows a scene whole in a small window, at a quarter-step scale.
2. Identities: another tab removes the first instance while this one has the last (unnamed)
   Gauge selected: the selection stays on that Gauge (it was lost: its place was gone), and a value
   typed then goes to it, not to the instance now at its old place.
3. The file deleted on disk: the scene stays open as it is, the page says "deleted on disk — Save
   recreates it" (Save offered without unsaved edits; the library's entry says so too); Save
   writes the file again. Deleted again and put back by another program: read again.
4. Add to scene (the scene's inspector with nothing selected: a class and a button; or a library
   entry dragged onto the canvas): the instance is added at its class's default size, selected.
   Undo (Ctrl+Z, or the button) takes edits back one at a time, a removal too (the same instance
   comes back, with its identity), and Redo (Ctrl+Shift+Z) does them again; in a text field
   Ctrl+Z is the field's own.
5. The scene's own size and background (its inspector with nothing selected), a background the
   server refuses said and left typed; Duplicate (Ctrl+D, or the button): a copy without the name,
   10 points right and down, selected; an instance's Name edited.
6. The outline (the scene's inspector with nothing selected) selects an instance, also one under
   others; Bring to Front and Send to Back change the drawing order, the instance's identity and
   attributes going with it; Undo puts it back, and Redo (Ctrl+Y) is still there after a class
   was shown meanwhile.
7. An instance's variant (the scene's "variant" key): picked in its Layout; the editors show the
   variant's values (not the defaults) and are not marked modified by them; None takes it off.
8. A rebuilt component is said in the notices (the warnings of an earlier build were the last
   word), and a line repeated is listed once.
9. Copy, cut and paste instances (Ctrl+C, Ctrl+X, Ctrl+V): a paste is a copy without the name, 10
   points right and down (pastes in a row cascade); in a text field the keys are the field's.
10. typo.json names a variant its class does not declare: the scene cannot be drawn (no frame, so
   no box to click); the outline selects the instance, whose Variant shows the typo as it is, and
   picking a real one draws the scene.
11. The selected instance resizes from any corner (it did only from its bottom right one): the
   top left corner dragged up and left grows it there, the opposite corner staying put.
Exits non-zero with a message on the first failure.
"""
import json
import os
import re
import shutil
import sys

from designer import eventually, launch, open_page, run, sync_playwright

ERRORS = []
DOCUMENT = "(async () => (await (await fetch('/api/scenes/0', { cache: 'no-store' })).json()).document)()"
BOXES = "[...document.querySelectorAll('.instance')].map(b => b.getAttribute('aria-label'))"
PRESSED = "[...document.querySelectorAll('.instance[aria-pressed=true]')].map(b => b.getAttribute('aria-label'))"
IDS = "(async () => (await (await fetch('/api/scenes/0', { cache: 'no-store' })).json()).instanceIds)()"
ACTIVE_IS_BOX = "document.activeElement?.classList.contains('instance') ?? false"


def labels(page):
    return [f"{i.get('name') or i['class']}" for i in page.evaluate(DOCUMENT)["instances"]]


def open_scene(page):
    page.get_by_role("button", name="board.json", exact=True).click()
    page.get_by_role("img", name="Scene board.json").wait_for()


def main(port, scene):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)
        inspector = page.get_by_role("complementary", name="Inspector")
        open_scene(page)
        eventually("four boxes", lambda: len(page.evaluate(BOXES)) == 4, last=lambda: page.evaluate(BOXES))
        # Auto zoom: 2× here; in a small window, the scene whole at the largest step that fits
        # (quarters down to 1×, tenths below: quarters alone showed a scene fitting at 0.48× at 0.25×).
        small = browser.new_page(viewport={"width": 820, "height": 600})
        small.goto(base + "#scene=0")
        small.get_by_role("img", name="Scene board.json").wait_for()
        small.get_by_role("button", name="Copy as command").click()
        line = small.locator("#command").input_value()
        shown = small.evaluate("document.getElementById('canvas').getBoundingClientRect().width")
        shown_height = small.evaluate("document.getElementById('canvas').getBoundingClientRect().height")
        area = small.evaluate("[document.getElementById('canvas-area').getBoundingClientRect().width,"
                              " document.getElementById('canvas-area').getBoundingClientRect().height]")
        scale = float(re.search(r"--scale ([0-9.]+) ", line).group(1))
        step = 0.25 if scale >= 1 else 0.1
        assert shown <= area[0] and scale < 2 and abs(scale / step - round(scale / step)) < 1e-6, (shown, area, line)
        # The next step would not fit (the natural size is what is shown over the scale).
        bigger = scale + step
        assert (bigger * shown / scale > area[0] - 48) or (bigger * shown_height / scale > area[1] - 48), (scale, shown, shown_height, area)
        small.close()
        page.get_by_role("button", name="Copy as command").click()
        assert "--scale 2 " in page.locator("#command").input_value(), page.locator("#command").input_value()

        # 1. Escape deselects; keys typed in a field are the field's.
        page.get_by_role("button", name="ok (RoundedCornerButton)").click()
        inspector.get_by_role("heading", name="Rounded Corner Button (ok)").wait_for()
        assert page.evaluate(PRESSED) == ["ok (RoundedCornerButton)"], page.evaluate(PRESSED)
        # The Frame's four numbers say which is which (they were four bare fields).
        captions = page.locator("#properties .frame .caption span").all_inner_texts()
        assert captions == ["X", "Y", "W", "H"], captions
        page.keyboard.press("Escape")
        inspector.get_by_role("heading", name="Scene").wait_for()
        assert page.evaluate(PRESSED) == [], page.evaluate(PRESSED)
        page.get_by_role("button", name="ok (RoundedCornerButton)").click()
        title = page.get_by_label("Title", exact=True)
        title.fill("OK!")
        eventually("the title edit held", lambda: page.evaluate(DOCUMENT)["instances"][1].get("attributes", {}).get("title") == "OK!")
        title.press("End")
        title.press("Backspace")
        title.press("Delete")
        page.get_by_label("Corner Radius value").press("Backspace")
        page.get_by_label("Frame x", exact=True).press("Delete")
        eventually("the title's last character deleted", lambda: page.evaluate(DOCUMENT)["instances"][1].get("attributes", {}).get("title") == "OK",
                   last=lambda: page.evaluate(DOCUMENT)["instances"][1])
        # Nor on the library's or the toolbar's controls.
        page.get_by_role("button", name="Copy as command").focus()
        page.keyboard.press("Delete")
        page.get_by_role("button", name="Gauge", exact=True).focus()
        page.keyboard.press("Backspace")
        page.wait_for_timeout(300)
        assert labels(page) == ["meter", "ok", "Gauge", "Gauge"], ("keys typed in fields remove nothing", labels(page))
        # Delete on the selected instance (its box has the focus after the click): removed.
        # A value refused stays typed, under the host's message.
        page.get_by_role("button", name="meter (Gauge)").click()
        inspector.get_by_role("heading", name="Gauge (meter)").wait_for()
        page.get_by_label("Value value").fill("150")
        error = page.locator('#properties .property[data-property="value"] .error')
        eventually("the refusal said", lambda: "150 is outside the range 0…100" in error.inner_text(), last=error.inner_text)
        assert page.get_by_label("Value value").input_value() == "150", page.get_by_label("Value value").input_value()
        assert page.evaluate(DOCUMENT)["instances"][0].get("attributes", {}).get("value") is None
        # A refused edit is no step to undo: Undo takes back the move before it.
        page.get_by_label("Frame x", exact=True).fill("15")
        page.get_by_label("Frame x", exact=True).press("Tab")
        eventually("moved", lambda: page.evaluate(DOCUMENT)["instances"][0]["frame"] == "15,10,100,100")
        eventually("the inspector drawn again", lambda: error.inner_text() == "", last=error.inner_text)
        page.get_by_label("Value value").fill("150")
        eventually("refused again", lambda: "150 is outside" in error.inner_text(), last=error.inner_text)
        page.get_by_role("button", name="Undo").click()
        eventually("the move undone", lambda: page.evaluate(DOCUMENT)["instances"][0]["frame"] == "10,10,100,100",
                   last=lambda: page.evaluate(DOCUMENT)["instances"][0]["frame"])
        page.get_by_role("button", name="ok (RoundedCornerButton)").click()
        page.keyboard.press("Delete")
        eventually("ok removed", lambda: labels(page) == ["meter", "Gauge", "Gauge"], last=lambda: labels(page))
        eventually("its box gone", lambda: page.get_by_role("button", name="ok (RoundedCornerButton)").count() == 0)
        inspector.get_by_role("heading", name="Scene").wait_for()
        assert not page.evaluate(ACTIVE_IS_BOX), "the focus is not handed to the next instance's box"
        page.keyboard.press("Delete")
        page.wait_for_timeout(300)
        assert labels(page) == ["meter", "Gauge", "Gauge"], ("a second Delete removes nothing", labels(page))
        # Selected by a click, the focus then on the canvas: Backspace removes the selected one.
        page.get_by_role("button", name="meter (Gauge)").click()
        inspector.get_by_role("heading", name="Gauge (meter)").wait_for()
        page.locator("#canvas-area").focus()
        page.keyboard.press("Backspace")
        eventually("meter removed", lambda: labels(page) == ["Gauge", "Gauge"], last=lambda: labels(page))
        # A click on the canvas beside every instance deselects.
        page.get_by_role("button", name="Gauge 1").click()
        inspector.get_by_role("heading", name="Gauge (instance 1)").wait_for()
        box = page.locator("#canvas").bounding_box()
        page.mouse.click(box["x"] + box["width"] - 3, box["y"] + box["height"] - 3)
        inspector.get_by_role("heading", name="Scene").wait_for()
        # The tab's title names the scene and its unsaved edits.
        assert page.title() == "board.json (unsaved) — Easel designer", page.title()
        page.keyboard.press("Control+s")
        eventually("saved", lambda: not page.get_by_role("button", name="Save scene").is_enabled())
        with open(scene) as f:
            assert [i["class"] for i in json.load(f)["instances"]] == ["Gauge", "Gauge"]
        eventually("the title after the save", lambda: page.title() == "board.json — Easel designer", last=page.title)

        # 2. Another tab removes the first instance; this one's selection (the second, unnamed
        # Gauge) stays on it, and a value typed goes to it.
        page.get_by_role("button", name="Gauge 2").click()
        inspector.get_by_role("heading", name="Gauge (instance 2)").wait_for()
        other = open_page(browser, base, ERRORS)
        open_scene(other)
        other.get_by_role("button", name="Gauge 1").click()
        other.keyboard.press("Delete")
        eventually("removed in the other tab", lambda: len(page.evaluate(DOCUMENT)["instances"]) == 1)
        eventually("this tab shows one instance", lambda: page.evaluate(BOXES) == ["Gauge 1"], last=lambda: page.evaluate(BOXES))
        eventually("the selection stayed on the same Gauge", lambda: page.evaluate(PRESSED) == ["Gauge 1"], last=lambda: page.evaluate(PRESSED))
        inspector.get_by_role("heading", name="Gauge (instance 1)").wait_for()
        page.get_by_label("Value value").fill("70")
        eventually("the value on that Gauge", lambda: page.evaluate(DOCUMENT)["instances"][0].get("attributes", {}).get("value") == 70,
                   last=lambda: page.evaluate(DOCUMENT))
        other.close()
        page.get_by_role("button", name="Save scene").click()
        eventually("saved", lambda: not page.get_by_role("button", name="Save scene").is_enabled())

        # 3. Deleted on disk: kept open, said, Save recreates it.
        os.remove(scene)
        notice = page.locator("#scene-file")
        notice.wait_for()
        assert page.locator("#scene-file-title").inner_text() == "board.json was deleted on disk", page.locator("#scene-file-title").inner_text()
        hint = page.locator("#scene-file-hint").inner_text()
        assert "Save scene recreates the file" in hint, hint
        assert page.get_by_role("button", name="Reload from disk").is_hidden()
        eventually("Save offered without edits", lambda: page.get_by_role("button", name="Save scene").is_enabled())
        entry = page.locator("#scene-list li").first
        eventually("the library says so", lambda: entry.inner_text() == "board.json (deleted on disk)", last=entry.inner_text)
        assert page.evaluate(BOXES) == ["Gauge 1"], "the scene stays open"
        page.get_by_role("button", name="Copy as command").click()
        line = page.locator("#command").input_value()
        assert line.endswith("# save the scene first: its file is not on disk"), line
        page.get_by_role("img", name="Scene board.json").wait_for()
        page.get_by_role("button", name="Save scene").click()
        notice.wait_for(state="hidden")
        with open(scene) as f:
            saved = json.load(f)
        assert [i.get("attributes", {}).get("value") for i in saved["instances"]] == [70], saved
        eventually("the library's entry", lambda: entry.inner_text() == "board.json", last=entry.inner_text)
        # Deleted, then put back by another program (a git checkout): read again, the notice gone.
        os.remove(scene)
        notice.wait_for()
        saved["instances"][0]["frame"] = "5,5,90,90"
        with open(scene + ".new", "w") as f:
            json.dump(saved, f)
        os.rename(scene + ".new", scene)
        notice.wait_for(state="hidden")
        eventually("the file's scene", lambda: page.get_by_label("Frame x", exact=True).input_value() == "5",
                   last=lambda: page.get_by_label("Frame x", exact=True).input_value())
        assert not page.get_by_role("button", name="Save scene").is_enabled(), "no unsaved edits"

        # 4. Add to scene, Undo and Redo.
        ids = lambda: page.evaluate(IDS)
        start = ids()
        page.keyboard.press("Escape")
        inspector.get_by_role("heading", name="Scene").wait_for()
        page.get_by_label("Class to add").select_option(label="Rounded Corner Button")
        page.get_by_role("button", name="Add to scene").click()
        inspector.get_by_role("heading", name="Rounded Corner Button (instance 2)").wait_for()
        eventually("added", lambda: labels(page) == ["Gauge", "RoundedCornerButton"], last=lambda: labels(page))
        added = page.evaluate(DOCUMENT)["instances"][1]
        assert added["frame"].endswith(",0,0") is False and len(added["frame"].split(",")) == 4, added
        # (The boxes are drawn again once the scene's new frame arrives: the selection shows then.)
        eventually("the added instance selected", lambda: page.evaluate(PRESSED) == ["RoundedCornerButton 2"],
                   last=lambda: page.evaluate(PRESSED))
        two = ids()
        assert len(two) == 2 and two[0] == start[0] and two[1] not in start, two
        # Dragged from the library onto the canvas: added where it is dropped.
        canvas = page.locator("#canvas").bounding_box()
        zoom = canvas["width"] / 300
        page.get_by_role("button", name="Gauge", exact=True).drag_to(
            page.locator("#instance-boxes"), target_position={"x": 150 * zoom, "y": 65 * zoom})
        eventually("dropped", lambda: labels(page) == ["Gauge", "RoundedCornerButton", "Gauge"], last=lambda: labels(page))
        # (The drop selects the new instance once its answer is back: awaited, or it could take the
        # selection from the instance picked next.)
        eventually("the dropped instance selected", lambda: page.evaluate(PRESSED) == ["Gauge 3"], last=lambda: page.evaluate(PRESSED))
        frame = [float(v) for v in page.evaluate(DOCUMENT)["instances"][2]["frame"].split(",")]
        assert abs(frame[0] + frame[2] / 2 - 150) <= 2 and abs(frame[1] + frame[3] / 2 - 65) <= 2, ("centred on the drop", frame)
        three = ids()
        # Typing in a text field: Ctrl+Z is the field's (nothing is undone in the scene).
        # (The dropped Gauge covers part of it: selected with the keyboard.)
        page.get_by_role("button", name="RoundedCornerButton 2").focus()
        page.keyboard.press("Enter")
        inspector.get_by_role("heading", name="Rounded Corner Button (instance 2)").wait_for()
        title = page.get_by_label("Title", exact=True)
        title.fill("Go")
        eventually("the title", lambda: page.evaluate(DOCUMENT)["instances"][1].get("attributes", {}).get("title") == "Go")
        title.press("Control+z")
        page.wait_for_timeout(300)
        assert len(page.evaluate(DOCUMENT)["instances"]) == 3, "Ctrl+Z in a field undoes no scene edit"
        # Remove it, then undo step by step: the removal (the same instance back), the title, the drop.
        page.get_by_role("button", name="RoundedCornerButton 2").focus()
        page.keyboard.press("Delete")
        eventually("removed", lambda: labels(page) == ["Gauge", "Gauge"], last=lambda: labels(page))
        page.keyboard.press("Control+z")
        eventually("the removal undone", lambda: labels(page) == ["Gauge", "RoundedCornerButton", "Gauge"], last=lambda: labels(page))
        assert ids() == three, ("the same instance back", ids(), three)
        title_of = lambda: page.evaluate(DOCUMENT)["instances"][1].get("attributes", {}).get("title")
        assert title_of() in ("Go", "Button"), title_of()  # (the field's own undo may have taken "Go" back)
        page.get_by_role("button", name="Undo").click()
        eventually("the title undone", lambda: title_of() is None, last=title_of)
        page.keyboard.press("Control+z")
        eventually("the drop undone", lambda: labels(page) == ["Gauge", "RoundedCornerButton"], last=lambda: labels(page))
        page.keyboard.press("Control+Shift+z")
        eventually("the drop redone", lambda: labels(page) == ["Gauge", "RoundedCornerButton", "Gauge"], last=lambda: labels(page))
        assert ids() == three, ("redone: the same instance", ids(), three)
        page.get_by_role("button", name="Redo").click()
        eventually("the title redone", lambda: title_of() is not None, last=title_of)
        assert page.get_by_role("button", name="Save scene").is_enabled()

        # 5. The scene's size and background; Duplicate; Name.
        page.keyboard.press("Escape")
        inspector.get_by_role("heading", name="Scene").wait_for()
        width = page.get_by_label("Scene width")
        assert width.input_value() == "300", width.input_value()
        width.fill("320")
        width.press("Tab")
        eventually("the scene's size", lambda: page.evaluate(DOCUMENT)["size"] == "320x130", last=lambda: page.evaluate(DOCUMENT)["size"])
        background = page.get_by_label("Scene background")
        background.fill("#ZZZ")
        background.press("Tab")
        message = page.locator('#properties .property[data-property="@scene"] .error')
        eventually("the refusal", lambda: "background" in message.inner_text() and "#RRGGBB" in message.inner_text(), last=message.inner_text)
        assert page.get_by_label("Scene background").input_value() == "#ZZZ"
        assert "background" not in page.evaluate(DOCUMENT)
        page.get_by_label("Scene background").fill("#102030")
        page.get_by_label("Scene background").press("Tab")
        eventually("the background", lambda: page.evaluate(DOCUMENT).get("background") == "#102030",
                   last=lambda: page.evaluate(DOCUMENT))
        page.get_by_role("button", name="Gauge 1").focus()  # (partly under the others)
        page.keyboard.press("Enter")
        inspector.get_by_role("heading", name="Gauge (instance 1)").wait_for()
        page.get_by_label("Name", exact=True).fill("dial")
        page.get_by_label("Name", exact=True).press("Enter")
        inspector.get_by_role("heading", name="Gauge (dial)").wait_for()
        page.get_by_role("button", name="dial (Gauge)").focus()
        page.keyboard.press("Control+d")
        eventually("duplicated", lambda: labels(page) == ["dial", "RoundedCornerButton", "Gauge", "Gauge"], last=lambda: labels(page))
        original, copy = page.evaluate(DOCUMENT)["instances"][0], page.evaluate(DOCUMENT)["instances"][3]
        ox, oy, ow, oh = [float(v) for v in original["frame"].split(",")]
        assert copy["frame"] == ",".join(str(int(v)) if v.is_integer() else str(v) for v in [ox + 10, oy + 10, ow, oh]), (original, copy)
        assert copy.get("attributes") == original.get("attributes"), (original, copy)
        inspector.get_by_role("heading", name="Gauge (instance 4)").wait_for()
        page.get_by_role("button", name="Duplicate").click()
        eventually("duplicated again", lambda: len(labels(page)) == 5, last=lambda: labels(page))
        assert len(set(ids())) == 5

        # 6. The outline, and the drawing order.
        page.keyboard.press("Escape")
        entries = lambda: page.evaluate("[...document.querySelectorAll('#properties .outline-entry')].map(l => l.textContent)")
        eventually("the outline", lambda: entries() == ["dial (Gauge)", "RoundedCornerButton 2", "Gauge 3", "Gauge 4", "Gauge 5"], last=entries)
        page.get_by_role("group", name="Instances", exact=True).get_by_role("checkbox", name="RoundedCornerButton 2").click()
        inspector.get_by_role("heading", name="Rounded Corner Button (instance 2)").wait_for()
        before = ids()
        button = page.evaluate(DOCUMENT)["instances"][1]
        page.get_by_role("button", name="Bring to Front").click()
        eventually("on top", lambda: labels(page)[-1] == "RoundedCornerButton", last=lambda: labels(page))
        assert ids() == before[:1] + before[2:] + [before[1]], (ids(), before)
        assert page.evaluate(DOCUMENT)["instances"][-1] == button, "its attributes go with it"
        inspector.get_by_role("heading", name="Rounded Corner Button (instance 5)").wait_for()
        assert not page.get_by_role("button", name="Bring to Front").is_enabled()
        page.get_by_role("button", name="Send to Back").click()
        eventually("at the back", lambda: labels(page)[0] == "RoundedCornerButton", last=lambda: labels(page))
        assert ids() == [before[1], before[0]] + before[2:], (ids(), before)
        page.get_by_role("button", name="Undo").click()
        eventually("on top again", lambda: ids() == before[:1] + before[2:] + [before[1]], last=ids)
        # The history outlives showing a class meanwhile.
        page.get_by_role("button", name="Gauge", exact=True).click()
        page.get_by_role("img", name="Gauge").wait_for()
        assert page.title() == "Gauge — Easel designer", page.title()
        open_scene(page)
        eventually("Redo still offered", lambda: page.get_by_role("button", name="Redo").is_enabled())
        page.keyboard.press("Control+y")
        eventually("redone", lambda: ids() == [before[1], before[0]] + before[2:], last=ids)

        # 7. An instance's variant.
        page.keyboard.press("Escape")
        page.get_by_role("group", name="Instances", exact=True).get_by_role("checkbox", name="RoundedCornerButton 1").click()
        inspector.get_by_role("heading", name="Rounded Corner Button (instance 1)").wait_for()
        radius = page.get_by_label("Corner Radius value")
        assert radius.input_value() == "0", radius.input_value()
        page.get_by_label("Variant", exact=True).select_option(label="Rounded")
        eventually("the variant", lambda: page.evaluate(DOCUMENT)["instances"][0].get("variant") == "rounded",
                   last=lambda: page.evaluate(DOCUMENT)["instances"][0])
        eventually("its value shown", lambda: page.get_by_label("Corner Radius value").input_value() == "10",
                   last=lambda: page.get_by_label("Corner Radius value").input_value())
        row = page.locator('#properties .property[data-property="cornerRadius"]')
        assert "modified" not in (row.get_attribute("class") or ""), row.get_attribute("class")
        page.get_by_label("Variant", exact=True).select_option(label="None")
        eventually("no variant", lambda: "variant" not in page.evaluate(DOCUMENT)["instances"][0])
        eventually("the default shown", lambda: page.get_by_label("Corner Radius value").input_value() == "0")

        # 8. A rebuilt component in the notices; no line twice.
        gauge = os.path.join(os.path.dirname(scene), "components", "libGauge.so")
        shutil.copyfile(gauge, gauge + ".new")
        os.rename(gauge + ".new", gauge)
        notices = lambda: page.evaluate("[...document.querySelectorAll('#notices li')].map(l => l.className + ' | ' + l.textContent)")
        eventually("the reload said", lambda: any(n.startswith("notice ok | reloaded libGauge.so build 2") for n in notices()), last=notices)
        assert len(notices()) == len(set(notices())), notices()

        # 9. Copy, cut, paste.
        count = len(labels(page))
        page.get_by_role("button", name="dial (Gauge)").focus()
        page.keyboard.press("Enter")
        inspector.get_by_role("heading", name="Gauge (dial)").wait_for()
        dial = page.evaluate(DOCUMENT)["instances"][labels(page).index("dial")]
        page.keyboard.press("Control+c")
        page.keyboard.press("Control+v")
        eventually("pasted", lambda: len(labels(page)) == count + 1, last=lambda: labels(page))
        pasted = page.evaluate(DOCUMENT)["instances"][-1]
        x, y, w, h = [float(v) for v in dial["frame"].split(",")]
        assert "name" not in pasted and pasted.get("attributes") == dial.get("attributes"), (dial, pasted)
        assert [float(v) for v in pasted["frame"].split(",")] == [x + 10, y + 10, w, h], (dial, pasted)
        page.keyboard.press("Control+v")
        eventually("pasted again, cascading", lambda: len(labels(page)) == count + 2, last=lambda: labels(page))
        assert [float(v) for v in page.evaluate(DOCUMENT)["instances"][-1]["frame"].split(",")] == [x + 20, y + 20, w, h]
        inspector.get_by_role("heading", name=f"Gauge (instance {count + 2})").wait_for()
        page.keyboard.press("Control+x")
        eventually("cut", lambda: len(labels(page)) == count + 1, last=lambda: labels(page))
        page.get_by_role("button", name="dial (Gauge)").focus()
        page.keyboard.press("Enter")
        # (The Inspector is drawn for dial first: its Name field before that was another instance's,
        # and the field went with it under the key press: Ctrl+V pasted on the canvas.)
        inspector.get_by_role("heading", name="Gauge (dial)").wait_for()
        page.get_by_label("Name", exact=True).press("Control+v")
        page.get_by_label("Name", exact=True).press("Control+c")
        page.wait_for_timeout(300)
        assert len(labels(page)) == count + 1, ("the keys in a text field are the field's", labels(page))

        # 10. A variant that is not one of the class's.
        page.get_by_role("button", name="typo.json", exact=True).click()
        page.locator("#overlay").wait_for()
        facts = page.evaluate("""(() => { const f = {}; for (const dt of document.querySelectorAll('#overlay-facts dt'))
          f[dt.textContent] = dt.nextElementSibling.textContent; return f; })()""")
        assert facts.get("Class") == "RoundedCornerButton" and facts.get("Instance") == "instances[0] ('ok')", facts
        page.get_by_role("group", name="Instances", exact=True).get_by_role("checkbox", name="ok (RoundedCornerButton)").click()
        variant = page.get_by_label("Variant", exact=True)
        shown = variant.evaluate("s => s.selectedOptions[0].textContent")
        assert shown == "nope (not a variant of RoundedCornerButton)", shown
        variant.select_option(label="Rounded")
        page.get_by_role("img", name="Scene typo.json").wait_for()
        page.locator("#overlay").wait_for(state="hidden")

        # 11. Resized from its top left corner.
        typo = "(async () => (await (await fetch('/api/scenes/1', { cache: 'no-store' })).json()).document.instances[0].frame)()"
        assert page.evaluate(typo) == "10,10,120,44", page.evaluate(typo)
        zoom = page.locator("#canvas").bounding_box()["width"] / 300
        corner = page.locator('.instance.selected .corner[data-corner="nw"]')
        assert corner.is_visible(), "the selected instance shows its corners"
        c = corner.bounding_box()
        cx, cy = c["x"] + c["width"] / 2, c["y"] + c["height"] / 2
        page.mouse.move(cx, cy)
        page.mouse.down()
        page.mouse.move(cx - 5 * zoom, cy - 3 * zoom, steps=4)
        page.mouse.move(cx - 10 * zoom, cy - 6 * zoom, steps=4)
        page.mouse.up()
        eventually("resized from the top left", lambda: page.evaluate(typo) == "0,4,130,50", last=lambda: page.evaluate(typo))
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_scene_keys.py", sys.argv[1:3], ERRORS)
