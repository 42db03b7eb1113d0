"""Multiple selection and alignment guides in the scene editor, in a real headless Chromium.

Usage: designer_scene_select.py PORT SCENE_JSON
The server runs `host serve --scene board.json` on Gauge; board.json (400x200) holds three
Gauges: "a" at 20,20,60,60, "b" at 120,40,60,60 and "c" at 250,120,80,60.
1. Shift-click adds an instance to the selection, Ctrl-click takes it out (and adds it again), and
   so do Shift+Space and Shift+Enter on a focused box; the
   inspector says "2 instances selected" and offers the Frame actions, not one instance's editors.
2. Dragging one of two selected instances moves both (Alt held: no snapping), sent to the server
   as one edit; one Undo puts both back. Arrow keys move both; a burst is one undo step.
3. Ctrl+A on the canvas selects every instance; Escape clears the selection.
4. Alignment guides: c dragged with its left edge a point from a's snaps onto it, a guide is
   drawn at x 20 while dragging (and goes on release); its centre near b's and its bottom near the
   scene's snap both ways at once; with Alt held it does not snap (no guide). Saved: the file has
   the frames the server holds.
5. Delete removes every selected instance (one undo step brings them back, identities and all);
   Duplicate (Ctrl+D), Copy/Paste (Ctrl+C, Ctrl+V) and Cut (Ctrl+X) act on all of them; Bring to
   Front moves them on top, their order kept.
6. Rubber-band selection: a drag on the canvas beside every instance draws a rectangle (gone on
   release) and selects the instances it touches; with Shift or Ctrl it adds them; one touching
   nothing selects nothing; a click without a drag still deselects; nothing moves.
7. The Instances outline: a click selects an instance alone, Shift-/Ctrl-click or Shift+Space on an
   entry adds it or takes it out; the entries are checked as the instances are selected.
8. Resizing from a corner snaps the moving edges onto other instances' edges and centres, with
   their guides while dragging (gone on release); with Alt held it does not snap.
0. A scene opened while a class's frame is on its way is drawn at once; the class's frame, when
   it arrives, is dropped, without a script error.
9. An instance picked while an addition is on its way stays selected once the addition is answered.
Exits non-zero with a message on the first failure.
"""
import json
import sys

from designer import eventually, launch, open_page, run, sync_playwright

ERRORS = []
SCENE = "(async () => (await (await fetch('/api/scenes/0', { cache: 'no-store' })).json()))()"
PRESSED = "[...document.querySelectorAll('.instance[aria-pressed=true]')].map(b => b.getAttribute('aria-label'))"
GUIDES = "[...document.querySelectorAll('#guides .guide')].filter(g => g.getBoundingClientRect().width + g.getBoundingClientRect().height > 0).map(g => g.dataset.axis + '=' + g.dataset.at)"


def frames(page):
    return {i.get("name", i["class"]): i["frame"] for i in page.evaluate(SCENE)["document"]["instances"]}


def names(page):
    return [i.get("name", "-") for i in page.evaluate(SCENE)["document"]["instances"]]


def main(port, scene_file):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)
        inspector = page.get_by_role("complementary", name="Inspector")
        heading = lambda text: inspector.get_by_role("heading", name=text).wait_for()
        # 0. A class's frame still on its way when a scene is opened is dropped (on a loaded machine
        #    it arrived after the scene was shown and threw "Cannot read properties of null").
        held = []
        late = lambda route: held.append(route) if "class=Gauge" in route.request.url else route.continue_()
        page.route("**/api/preview?*", late)
        page.get_by_role("button", name="Gauge", exact=True).click()
        eventually("the class's frame asked for", lambda: page.wait_for_timeout(20) or len(held) > 0)
        version = int(page.get_attribute("#canvas", "data-version") or 0)
        page.get_by_role("button", name="board.json", exact=True).click()
        # The scene's own frame is drawn while the class's is still held (the class's draw held the
        # scene's up until it arrived: the canvas showed the scene's older frame, or none).
        frame = lambda: (int(page.get_attribute("#canvas", "data-version") or 0), page.get_attribute("#canvas", "alt"))
        eventually("the scene's frame drawn, the class's still on its way",
                   lambda: frame()[0] > version and frame()[1] == "Scene board.json", last=frame)
        for route in held:
            route.continue_()
        page.unroute("**/api/preview?*", late)
        page.wait_for_timeout(500)
        assert not ERRORS, ERRORS
        assert page.get_by_role("img", name="Scene board.json").count() == 1, "the scene stays shown"
        box = lambda name: page.get_by_role("button", name=f"{name} (Gauge)", exact=True)
        original = {"a": "20,20,60,60", "b": "120,40,60,60", "c": "250,120,80,60"}
        assert frames(page) == original, frames(page)
        zoom = page.locator("#canvas").bounding_box()["width"] / 400

        def drag(name, dx, dy, alt=False, guides=None, handle=None):
            """Drags instance `name` (or its corner `handle`: ".grip", ".corner[data-corner=nw]", …) by
            dx, dy points; `guides`: the guides seen before the release."""
            b = None
            while b is None:  # (the boxes are drawn anew after each frame)
                b = (box(name).locator(handle) if handle else box(name)).bounding_box()
            x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
            page.mouse.move(x, y)
            if alt:
                page.keyboard.down("Alt")
            page.mouse.down()
            page.mouse.move(x + dx * zoom / 2, y + dy * zoom / 2, steps=3)
            page.mouse.move(x + dx * zoom, y + dy * zoom, steps=3)
            seen = page.evaluate(GUIDES)
            page.mouse.up()
            if alt:
                page.keyboard.up("Alt")
            if guides is not None:
                assert sorted(seen) == sorted(guides), (name, "guides while dragging", seen, guides)
            eventually("the guides gone after the drag", lambda: page.evaluate(GUIDES) == [], last=lambda: page.evaluate(GUIDES))

        # 1. Shift-click, Ctrl-click.
        box("a").click()
        heading("Gauge (a)")
        box("b").click(modifiers=["Shift"])
        heading("2 instances selected")
        assert page.evaluate(PRESSED) == ["a (Gauge)", "b (Gauge)"], page.evaluate(PRESSED)
        for name in ["Remove from scene", "Duplicate", "Bring to Front", "Send to Back"]:
            assert inspector.get_by_role("button", name=name, exact=True).is_visible(), name
        assert page.get_by_label("Frame x", exact=True).count() == 0, "no single instance's Frame"
        box("b").click(modifiers=["Control"])
        heading("Gauge (a)")
        assert page.evaluate(PRESSED) == ["a (Gauge)"], page.evaluate(PRESSED)
        box("b").click(modifiers=["Control"])
        heading("2 instances selected")
        # With the keyboard: Shift+Space or Shift+Enter on a focused box.
        box("b").focus()
        page.keyboard.press("Shift+Space")
        heading("Gauge (a)")
        page.keyboard.press("Shift+Enter")
        heading("2 instances selected")
        assert page.evaluate(PRESSED) == ["a (Gauge)", "b (Gauge)"], page.evaluate(PRESSED)

        # 2. A group drag (Alt: no snapping), one edit; one Undo.
        revision = page.evaluate(SCENE)["revision"]
        drag("a", 30, 7, alt=True, guides=[])
        eventually("both moved", lambda: frames(page) == {"a": "50,27,60,60", "b": "150,47,60,60", "c": original["c"]}, last=lambda: frames(page))
        assert page.evaluate(SCENE)["revision"] == revision + 1, ("one edit", page.evaluate(SCENE)["revision"], revision)
        assert page.evaluate(PRESSED) == ["a (Gauge)", "b (Gauge)"], ("still both selected", page.evaluate(PRESSED))
        page.get_by_role("button", name="Undo").click()
        eventually("both back", lambda: frames(page) == original, last=lambda: frames(page))
        heading("2 instances selected")
        box("b").focus()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Shift+ArrowDown")
        eventually("both moved by the keys", lambda: frames(page) == {"a": "23,30,60,60", "b": "123,50,60,60", "c": original["c"]}, last=lambda: frames(page))
        page.keyboard.press("Control+z")
        eventually("one undo: both back", lambda: frames(page) == original, last=lambda: frames(page))

        # 3. Ctrl+A on the canvas; Escape.
        box("c").click()
        heading("Gauge (c)")
        page.keyboard.press("Control+a")
        heading("3 instances selected")
        assert len(page.evaluate(PRESSED)) == 3, page.evaluate(PRESSED)
        page.keyboard.press("Escape")
        heading("Scene")
        assert page.evaluate(PRESSED) == [], page.evaluate(PRESSED)

        # 4. Guides and snapping (c alone).
        box("c").click()
        heading("Gauge (c)")
        drag("c", -229, 7, guides=["x=20"])
        eventually("snapped onto a's left edge", lambda: frames(page)["c"] == "20,127,80,60", last=lambda: frames(page))
        drag("c", 91, 12, guides=["x=150", "y=200"])
        eventually("snapped onto b's centre and the scene's bottom", lambda: frames(page)["c"] == "110,140,80,60", last=lambda: frames(page))
        drag("c", -89, -13, alt=True, guides=[])
        eventually("not snapped with Alt", lambda: frames(page)["c"] == "21,127,80,60", last=lambda: frames(page))
        page.get_by_role("button", name="Save scene").click()
        eventually("saved", lambda: page.evaluate(SCENE)["dirty"] is False)
        with open(scene_file) as f:
            saved = {i["name"]: i["frame"] for i in json.load(f)["instances"]}
        assert saved == frames(page) == {"a": original["a"], "b": original["b"], "c": "21,127,80,60"}, (saved, frames(page))

        # 5. Delete, Duplicate, Copy/Paste, Cut, Bring to Front on the selection.
        ids = page.evaluate(SCENE)["instanceIds"]
        box("a").click()
        box("c").click(modifiers=["Shift"])
        heading("2 instances selected")
        page.keyboard.press("Delete")
        eventually("both removed", lambda: names(page) == ["b"], last=lambda: names(page))
        page.keyboard.press("Control+z")
        eventually("both back", lambda: names(page) == ["a", "b", "c"], last=lambda: names(page))
        assert page.evaluate(SCENE)["instanceIds"] == ids, (page.evaluate(SCENE)["instanceIds"], ids)
        box("a").click()
        box("b").click(modifiers=["Shift"])
        heading("2 instances selected")
        page.keyboard.press("Control+d")
        eventually("both duplicated", lambda: len(names(page)) == 5, last=lambda: names(page))
        copies = page.evaluate(SCENE)["document"]["instances"][3:]
        assert [c["frame"] for c in copies] == ["30,30,60,60", "130,50,60,60"] and all("name" not in c for c in copies), copies
        heading("2 instances selected")
        page.keyboard.press("Control+z")
        eventually("one undo", lambda: len(names(page)) == 3, last=lambda: names(page))
        box("a").click()
        box("b").click(modifiers=["Shift"])
        page.keyboard.press("Control+c")
        page.keyboard.press("Control+v")
        eventually("both pasted", lambda: len(names(page)) == 5, last=lambda: names(page))
        assert [c["frame"] for c in page.evaluate(SCENE)["document"]["instances"][3:]] == ["30,30,60,60", "130,50,60,60"]
        heading("2 instances selected")
        page.keyboard.press("Control+x")
        eventually("both cut", lambda: names(page) == ["a", "b", "c"], last=lambda: names(page))
        box("a").click()
        box("b").click(modifiers=["Shift"])
        heading("2 instances selected")
        inspector.get_by_role("button", name="Bring to Front", exact=True).click()
        eventually("brought to front, in order", lambda: names(page) == ["c", "a", "b"], last=lambda: names(page))
        assert page.evaluate(SCENE)["instanceIds"] == [ids[2], ids[0], ids[1]], page.evaluate(SCENE)["instanceIds"]
        heading("2 instances selected")
        assert inspector.get_by_role("button", name="Bring to Front", exact=True).is_disabled()

        # 6. Rubber-band selection on the canvas beside the instances.
        def at(x, y):
            """The page coordinates of scene point x, y."""
            r = page.locator("#canvas").bounding_box()
            return r["x"] + x * zoom, r["y"] + y * zoom

        def band(x0, y0, x1, y1, modifier=None):
            """Drags a selection rectangle from scene point x0, y0 to x1, y1."""
            page.mouse.move(*at(x0, y0))
            if modifier:
                page.keyboard.down(modifier)
            page.mouse.down()
            page.mouse.move(*at((x0 + x1) / 2, (y0 + y1) / 2), steps=3)
            page.mouse.move(*at(x1, y1), steps=3)
            shown = page.evaluate("document.getElementById('marquee')?.getBoundingClientRect().toJSON() ?? null")
            assert shown and abs(shown["width"] - abs(x1 - x0) * zoom) < 2 and abs(shown["height"] - abs(y1 - y0) * zoom) < 2, ("the rectangle while dragging", (x0, y0, x1, y1), shown)
            page.mouse.up()
            if modifier:
                page.keyboard.up(modifier)
            assert page.locator("#marquee").count() == 0, "the rectangle gone after the release"

        before = frames(page)
        page.mouse.click(*at(300, 20))
        heading("Scene")
        band(-4, 10, 130, 50)  # (begun beside the scene, in the canvas's margin)
        heading("2 instances selected")
        assert page.evaluate(PRESSED) == ["a (Gauge)", "b (Gauge)"], page.evaluate(PRESSED)
        band(30, 190, 10, 180, modifier="Shift")  # (drawn up and left: c, added)
        heading("3 instances selected")
        band(110, 120, 90, 135, modifier="Control")  # (c again: it stays, nothing is taken out)
        heading("3 instances selected")
        band(300, 10, 390, 30)  # (nothing inside: nothing selected)
        heading("Scene")
        band(110, 105, 150, 85)
        heading("Gauge (b)")
        page.mouse.click(*at(300, 20))  # (a click without a drag still deselects)
        heading("Scene")
        assert page.evaluate(PRESSED) == [], page.evaluate(PRESSED)
        assert frames(page) == before, ("nothing moved", frames(page), before)

        # 7. The outline: a click selects an instance alone; Shift-, Ctrl-click and Shift+Space add or take out.
        entry = lambda name: inspector.get_by_role("group", name="Instances", exact=True).get_by_role("checkbox", name=f"{name} (Gauge)", exact=True)
        checked = lambda: page.evaluate("[...document.querySelectorAll('#properties .outline-entry input:checked')].map(c => c.parentElement.textContent)")
        entry("a").click()
        heading("Gauge (a)")
        entry("b").click(modifiers=["Shift"])
        heading("2 instances selected")
        assert page.evaluate(PRESSED) == ["a (Gauge)", "b (Gauge)"] and checked() == ["a (Gauge)", "b (Gauge)"], (page.evaluate(PRESSED), checked())
        entry("a").click(modifiers=["Control"])
        heading("Gauge (b)")
        entry("c").focus()
        page.keyboard.press("Shift+Space")
        heading("2 instances selected")
        assert page.evaluate(PRESSED) == ["c (Gauge)", "b (Gauge)"] and checked() == ["c (Gauge)", "b (Gauge)"], (page.evaluate(PRESSED), checked())
        entry("c").click()
        heading("Gauge (c)")
        assert checked() == ["c (Gauge)"], checked()

        # 8. Snapping while resizing from a corner: the moving edges snap, with their guides (not with Alt).
        box("a").click()
        heading("Gauge (a)")
        drag("a", 39, -9, handle=".grip", guides=["x=120", "y=70"])
        eventually("resized onto b's left edge and middle", lambda: frames(page)["a"] == "20,20,100,50", last=lambda: frames(page))
        drag("a", 3, 3, alt=True, handle=".corner[data-corner=nw]", guides=[])
        eventually("not snapped with Alt", lambda: frames(page)["a"] == "23,23,97,47", last=lambda: frames(page))
        drag("a", -1, -2, handle=".corner[data-corner=nw]", guides=["x=21"])
        eventually("the left edge onto c's, the right one put", lambda: frames(page)["a"] == "21,21,99,49", last=lambda: frames(page))

        # 9. An instance added, and another picked while the addition is on its way: the pick stays
        #    (the addition's answer took the selection back to the new instance).
        held = []
        hold = lambda route: held.append(route) if route.request.method == "POST" else route.continue_()
        page.route("**/api/scenes/0", hold)
        page.keyboard.press("Escape")
        heading("Scene")
        page.get_by_label("Class to add").select_option(label="Gauge")
        page.get_by_role("button", name="Add to scene").click()
        eventually("the addition sent", lambda: page.wait_for_timeout(20) or len(held) > 0)
        box("b").click()
        heading("Gauge (b)")
        for route in held:
            route.continue_()
        page.unroute("**/api/scenes/0", hold)
        eventually("the instance added", lambda: page.locator(".instance").count() == 4)
        page.wait_for_timeout(500)
        assert page.evaluate(PRESSED) == ["b (Gauge)"], page.evaluate(PRESSED)
        heading("Gauge (b)")
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_scene_select.py", sys.argv[1:3], ERRORS)
