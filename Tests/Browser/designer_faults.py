"""Plugin failures in the live designer's overlay, and editing a scene with the mouse and the
keyboard, in a real headless Chromium driven by the accessible names of its controls.

Usage: designer_faults.py PORT COMPONENTS_DIR SCENE_JSON FAULTY_GOOD_SO CRASH_CREATE_SO CRASH_SET_SO
       LOOP_DRAW_SO EXIT_CREATE_SO
The server runs `host serve --timeout 1 --scene board.json` on Faulty (Tests/Fixtures/faulty_plugin.c,
FAULT=none), Gauge and Rounded Corner Button; board.json holds a Gauge "meter" at 10,10,100,100 and
a RoundedCornerButton "ok" at 130,20,120,44.
1. Faulty's Level is set to 7 (the value its crash_set build crashes on). Then, one after another,
   builds that crash in create, crash in the setter, hang in draw (past the 1 s budget) and call
   exit() in create land: each opens the overlay naming the class, file, phase and how it failed
   (signal, property, time budget, exit status) with the worker's last output, over the class's
   own dimmed last good frame; the good build after each closes it, and the canvas shows the class
   with the value kept (pixel for pixel POST /api/render).
2. The scene: the selected instance's grip resizes it with the mouse; arrow keys move the focused
   instance (Shift: 10 points, Alt: resize), each press counted, the focus kept; the server holds
   the new frames and its preview is what POST /api/render draws of that document, also when the
   posts of quick presses are held and let go last first. An invalid colour typed for an
   instance shows the host's message under the editor, and the scene is left unchanged.
3. wide.json's "bar" (-16000,20,16250,40) resized with its grip past 16384 points: the server
   refuses the frame; its message shows under the inspector's Frame editor, the instance's box and
   the canvas go back to the frame the server holds, and no page error. Typed in the Frame fields:
   an accepted frame is drawn; a refused height keeps the frame and says why.
4. Two more tabs on board.json: one follows the first's edit; one that hears no events has its next
   edit refused (made on the old document, it would have undone the first's), says so, and shows
   the scene as it is.
Exits non-zero with a message on the first failure.
"""
import os
import sys

from designer import FRAME, RENDER, SNAPSHOT, canvas_becomes, compare_canvas, eventually, launch, open_page, replace, run, sync_playwright, wait_until

ERRORS = []
FACTS = """(() => { const f = {}; const dts = document.querySelectorAll('#overlay-facts dt');
  for (const dt of dts) f[dt.textContent] = dt.nextElementSibling.textContent; return f; })()"""
SCENE_RENDER = """async ([scale, index]) => {
  const d = await (await fetch('/api/scenes/' + (index || 0), { cache: 'no-store' })).json();
  const r = await fetch('/api/render', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scene: d.document, scale }) });
  if (!r.ok) return 'error ' + r.status + ' ' + await r.text();
  return URL.createObjectURL(await r.blob());
}"""
DOCUMENT = "(async () => (await (await fetch('/api/scenes/0', { cache: 'no-store' })).json()).document)()"
DOCUMENT1 = "(async () => (await (await fetch('/api/scenes/1', { cache: 'no-store' })).json()).document)()"


def main(port, components, scene, good, crash_create, crash_set, loop_draw, exit_create):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)
        inspector = page.get_by_role("complementary", name="Inspector")
        canvas = page.locator("#canvas")
        frame = lambda: page.evaluate(FRAME)

        # 1. Failures in create, set, a hang and exit(), each in the overlay; the good build recovers.
        v = frame()
        page.get_by_role("button", name="Faulty", exact=True).click()
        inspector.get_by_role("heading", name="Faulty", exact=True).wait_for()
        wait_until(page, f"{FRAME} > {v}")
        page.get_by_label("Level value", exact=True).fill("7")
        wait_until(page, "document.querySelector('.property[data-property=level] .marker').textContent !== ''")
        expected = page.evaluate(RENDER, ["Faulty", {"level": 7}, 2])
        canvas_becomes(page, expected, "Faulty at level 7")
        overlay = page.get_by_role("alert").filter(has_text="Faulty failed")
        for build, facts, output in [
            (crash_create, {"Phase": "create", "Signal": "SIGSEGV"}, "faulty plugin: about to crash in create"),
            (crash_set, {"Phase": "set", "Property": "level", "Signal": "SIGSEGV"}, "faulty plugin: about to crash in the setter"),
            (loop_draw, {"Phase": "draw", "Time budget": "exceeded"}, None),
            (exit_create, {"Phase": "create", "Exit status": "3"}, "faulty plugin: giving up"),
        ]:
            what = f"{facts['Phase']} ({os.path.basename(build)})"
            replace(os.path.join(components, "libFaulty.so"), build)
            overlay.wait_for(timeout=15000)
            shown = page.evaluate(FACTS)
            assert shown.get("Class") == "Faulty", f"{what}: {shown}"
            assert shown.get("File", "").endswith("libFaulty.so"), f"{what}: {shown}"
            for key, value in facts.items():
                assert shown.get(key) == value, f"{what}: {key} is {shown.get(key)!r}, expected {value!r}: {shown}"
            for key in {"Signal", "Exit status", "Time budget", "Property"} - facts.keys():
                assert key not in shown, f"{what}: {key} shown: {shown}"
            reason = shown.get("What happened", "")
            if facts.get("Signal"):
                assert "crashed with SIGSEGV" in reason, f"{what}: {reason}"
            if facts.get("Time budget"):
                assert "did not answer within 1 s" in reason, f"{what}: {reason}"
            if facts.get("Exit status"):
                assert "exited with status 3" in reason, f"{what}: {reason}"
            text = page.locator("#overlay-output").inner_text()
            if output:
                assert output in text, f"{what}: the worker's output {text!r}"
            assert "Faulty failed" in page.locator("#overlay-title").inner_text()
            # Over the class's own last good frame, dimmed.
            assert "stale" in page.locator("#frame").get_attribute("class"), f"{what}: the last good frame is not dimmed"
            assert canvas.get_attribute("data-class-name") == "Faulty" and canvas.is_visible(), f"{what}: not Faulty's frame"
            canvas_becomes(page, expected, f"{what}: the last good frame")
            # The good build: the overlay closes, the canvas is live again with the value kept.
            v = frame()
            replace(os.path.join(components, "libFaulty.so"), good)
            page.wait_for_selector("#overlay", state="hidden", timeout=15000)
            wait_until(page, f"{FRAME} > {v}")
            assert "stale" not in (page.locator("#frame").get_attribute("class") or ""), f"{what}: still dimmed"
            assert page.get_by_label("Level value", exact=True).input_value() == "7", f"{what}: the value was lost"
            canvas_becomes(page, expected, f"after {what}, the good build's frame")

        # 2. The scene: resize with the grip, nudge with the keyboard.
        v = frame()
        page.get_by_role("button", name="board.json", exact=True).click()
        page.get_by_role("img", name="Scene board.json").wait_for()
        wait_until(page, f"{FRAME} > {v}")
        zoom = 2  # the default zoom
        meter = page.get_by_role("button", name="meter (Gauge)")
        meter.click()
        inspector.get_by_role("heading", name="Gauge (meter)").wait_for()
        grip = page.locator(".instance.selected .grip")
        assert grip.is_visible(), "the selected instance shows its grip"
        before = page.evaluate(SNAPSHOT)
        box = grip.bounding_box()
        v = frame()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        # 20×10 pixels at zoom 2: 10×5 points.
        page.mouse.move(box["x"] + box["width"] / 2 + 10, box["y"] + box["height"] / 2 + 5, steps=3)
        page.mouse.move(box["x"] + box["width"] / 2 + 20, box["y"] + box["height"] / 2 + 10, steps=3)
        page.mouse.up()
        wait_until(page, f"{FRAME} > {v}")
        document = page.evaluate(DOCUMENT)
        frames = [i["frame"] for i in document["instances"]]
        assert frames == ["10,10,110,105", "130,20,120,44"], f"resized by the grip: {frames}"
        size = meter.bounding_box()
        assert abs(size["width"] - 110 * zoom) < 1 and abs(size["height"] - 105 * zoom) < 1, f"the instance's box: {size}"
        assert compare_canvas(page, before) != "same", "the canvas did not change"
        eventually("the resized scene on the canvas", lambda: scene_verdict(page) == "same", last=lambda: scene_verdict(page))
        assert page.get_by_role("button", name="Save scene").is_enabled(), "a resize enables Save"

        # Arrow keys: a point a press (presses faster than frames add up), Shift 10, Alt resizes.
        meter.focus()
        for key in ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowDown", "Shift+ArrowRight", "Alt+ArrowDown", "ArrowLeft"]:
            page.keyboard.press(key)
        want = ["22,11,110,106", "130,20,120,44"]
        nudged = lambda: [i["frame"] for i in page.evaluate(DOCUMENT)["instances"]]
        eventually(f"the nudged frames {want}", lambda: nudged() == want, last=nudged)
        wait_until(page, "document.querySelector('.instance.selected')?.style.left === '44px'")
        focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert focused == "meter (Gauge)", f"after nudging the focus is on {focused!r}"
        # The keyboard goes on from there: the next press moves it too.
        page.keyboard.press("ArrowUp")
        want = ["22,10,110,106", "130,20,120,44"]
        eventually(f"the frames after one more press {want}", lambda: nudged() == want, last=nudged)
        eventually("the nudged scene on the canvas", lambda: scene_verdict(page) == "same", last=lambda: scene_verdict(page))
        # Edits whose posts would reach the server in another order (held here, then let go last
        # first, as connections of their own may deliver them): the server ends with the last edit.
        held, holding = [], [True]

        def hold(route):
            if route.request.method == "POST" and holding[0]:
                held.append(route)
            else:
                route.continue_()
        page.route("**/api/scenes/0", hold)
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        eventually("a scene post", lambda: (page.evaluate("1"), len(held) > 0)[1])
        page.wait_for_timeout(300)  # (lets more posts come, if the page sends them together; not a check)
        holding[0] = False
        for route in reversed(held):
            route.continue_()
            page.wait_for_timeout(100)
        want = ["25,10,110,106", "130,20,120,44"]
        eventually(f"the frames after posts let go out of order {want}", lambda: nudged() == want, last=nudged)
        eventually("the scene on the canvas after them", lambda: scene_verdict(page) == "same", last=lambda: scene_verdict(page))
        page.unroute("**/api/scenes/0", hold)
        wait_until(page, "document.querySelector('.instance.selected')?.style.left === '50px'")

        # An invalid colour for an instance: the host's message under the editor; the scene unchanged.
        page.get_by_role("button", name="ok (RoundedCornerButton)").click()
        inspector.get_by_role("heading", name="Rounded Corner Button (ok)").wait_for()
        shown = page.evaluate(SNAPSHOT)
        held = page.evaluate(DOCUMENT)
        hex_field = page.get_by_label("Text Color hex", exact=True)
        hex_field.fill("#12345")
        hex_field.press("Enter")
        wait_until(page, "document.querySelector('.property[data-property=titleColor] .error')?.textContent !== ''"
                         " && document.querySelector('.property[data-property=titleColor] .error') !== null")
        message = page.locator(".property[data-property=titleColor] .error").inner_text()
        for part in ["titleColor", "'#12345' is not a colour", "expected #RRGGBB or #RRGGBBAA"]:
            assert part in message, f"{part!r} not in {message!r}"
        assert page.get_by_label("Text Color hex", exact=True).get_attribute("aria-invalid") == "true"
        assert page.evaluate(DOCUMENT) == held, "the refused value reached the scene"
        canvas_becomes(page, shown, "the scene's canvas unchanged by the refused value")

        # 3. A frame the server refuses: resized past the largest instance (16384 points per side).
        v = frame()
        page.get_by_role("button", name="wide.json", exact=True).click()
        page.get_by_role("img", name="Scene wide.json").wait_for()
        wait_until(page, f"{FRAME} > {v}")
        bar = page.get_by_role("button", name="bar (RoundedCornerButton)")
        box = bar.bounding_box()
        page.mouse.click(box["x"] + box["width"] - 40, box["y"] + 10)  # its right end, on the canvas
        inspector.get_by_role("heading", name="Rounded Corner Button (bar)").wait_for()
        held = page.evaluate(DOCUMENT1)
        assert held["instances"][0]["frame"] == "-16000,20,16250,40", held
        shown = page.evaluate(SNAPSHOT)
        grip = page.locator(".instance.selected .grip").bounding_box()
        gx, gy = grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2
        page.mouse.move(gx, gy)
        page.mouse.down()
        # 300 pixels at zoom 2: 150 points, to 16400 points wide.
        page.mouse.move(gx + 150, gy, steps=3)
        page.mouse.move(gx + 300, gy, steps=3)
        page.mouse.up()
        refusal = page.locator('.property[data-property="@frame"] .error')
        eventually("the refused frame's message", lambda: refusal.count() == 1 and refusal.inner_text() != "",
                   last=lambda: refusal.all_inner_texts())
        message = refusal.inner_text()
        for part in ["wide.json: class RoundedCornerButton: instances[0].frame ('bar'): width 16400 is out of range",
                     "at most 16384 points per side"]:
            assert part in message, f"{part!r} not in {message!r}"
        assert refusal.get_attribute("role") == "alert"
        assert page.get_by_label("Frame width", exact=True).get_attribute("aria-invalid") == "true"
        assert page.evaluate(DOCUMENT1) == held, "the refused frame reached the server"
        eventually("the bar's box back at 16250 points", lambda: abs(bar.bounding_box()["width"] - 16250 * zoom) < 1,
                   last=lambda: bar.bounding_box())
        assert page.get_by_label("Frame width", exact=True).input_value() == "16250"
        canvas_becomes(page, shown, "the canvas unchanged by the refused frame")
        assert not ERRORS, ERRORS
        # Typed: an accepted frame is drawn, a refused one is said and not kept.
        x = page.get_by_label("Frame x", exact=True)
        x.fill("10")
        x.press("Enter")
        eventually("the typed x held", lambda: page.evaluate(DOCUMENT1)["instances"][0]["frame"] == "10,20,16250,40",
                   last=lambda: page.evaluate(DOCUMENT1)["instances"][0]["frame"])
        eventually("an accepted frame clears the message", lambda: refusal.inner_text() == "", last=lambda: refusal.inner_text())
        width = page.get_by_label("Frame width", exact=True)
        width.fill("200")
        width.press("Enter")
        eventually("the typed width held", lambda: page.evaluate(DOCUMENT1)["instances"][0]["frame"] == "10,20,200,40",
                   last=lambda: page.evaluate(DOCUMENT1)["instances"][0]["frame"])
        eventually("the typed frame on the canvas", lambda: scene_verdict(page, 1) == "same", last=lambda: scene_verdict(page, 1))
        height = page.get_by_label("Frame height", exact=True)
        height.fill("20000")
        height.press("Enter")
        eventually("the refused height's message", lambda: "instances[0].frame ('bar'): height 20000 is out of range" in refusal.inner_text(),
                   last=lambda: refusal.inner_text())
        assert page.evaluate(DOCUMENT1)["instances"][0]["frame"] == "10,20,200,40"
        assert page.get_by_label("Frame height", exact=True).input_value() == "40"
        assert not ERRORS, ERRORS

        # 4. Two more tabs on board.json. One hears the events and follows this tab's edit; the
        #    other does not (its event stream cut): its next edit, made on the old document, is
        #    refused (it would have put the first tab's instance back), said under its Frame
        #    editor, and it then shows the scene as it is.
        page.get_by_role("button", name="board.json", exact=True).click()
        page.get_by_role("img", name="Scene board.json").wait_for()
        deaf_errors = []
        deaf = browser.new_page(viewport={"width": 1280, "height": 800})
        deaf.on("pageerror", lambda e: deaf_errors.append(str(e)))
        deaf.route("**/api/events", lambda route: route.abort())
        deaf.goto(base + "#scene=0")
        listening = open_page(browser, base + "#scene=0", ERRORS)
        for tab in [deaf, listening]:
            tab.get_by_role("img", name="Scene board.json").wait_for()
            wait_until(tab, "document.querySelectorAll('.instance').length === 2")
        before = [i["frame"] for i in page.evaluate(DOCUMENT)["instances"]]
        assert before == ["25,10,110,106", "130,20,120,44"], before
        page.get_by_role("button", name="meter (Gauge)").focus()
        page.keyboard.press("ArrowRight")
        eventually("the nudge held", lambda: nudged() == ["26,10,110,106", "130,20,120,44"], last=nudged)
        left = lambda tab: tab.evaluate("[...document.querySelectorAll('.instance')][0].style.left")
        eventually("the listening tab following", lambda: left(listening) == "52px", last=lambda: left(listening))
        assert left(deaf) == "50px", "the deaf tab heard nothing"
        deaf.get_by_role("button", name="ok (RoundedCornerButton)").focus()
        deaf.keyboard.press("ArrowDown")
        said = deaf.locator('.property[data-property="@frame"] .error')
        eventually("the deaf tab's refusal", lambda: said.count() == 1 and "edited meanwhile elsewhere" in said.inner_text(),
                   last=lambda: said.all_inner_texts())
        assert "board.json" in said.inner_text(), said.inner_text()
        assert nudged() == ["26,10,110,106", "130,20,120,44"], f"the refused edit reached the scene: {nudged()}"
        eventually("the deaf tab showing the scene as it is", lambda: left(deaf) == "52px", last=lambda: left(deaf))
        assert not deaf_errors, deaf_errors
        assert not ERRORS, ERRORS
        browser.close()
    with open(scene) as f:
        assert "110" not in f.read(), "nothing was saved without Save"


def scene_verdict(page, index=0):
    """COMPARE of the canvas with what POST /api/render draws of the scene document the server holds."""
    expected = page.evaluate(SCENE_RENDER, [2, index])
    assert expected.startswith("blob:"), expected
    return compare_canvas(page, expected)


if __name__ == "__main__":
    run(main, "designer_faults.py", sys.argv[1:9], ERRORS)
