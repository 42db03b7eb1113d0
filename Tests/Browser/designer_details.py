"""The live designer's details in a real headless Chromium (the gaps of issue 8's audit), driven by
the accessible names of its controls, as designer.py drives the main loop.

Usage: designer_details.py PORT COMPONENTS_DIR FAULTY_GOOD_SO FAULTY_CRASH_DRAW_SO
The server runs `host serve components --scene board.json` on Rounded Corner Button, Gauge, Fancy
Button (with its resources), Extended (Tests/Fixtures/extensions_plugin.c), All Types
(Tests/Fixtures/all_types.c) and Faulty; board.json holds a Gauge "meter" and a FancyButton "fancy".
1. A class resized, another picked, the first picked again: back at its natural size, and "Copy as
   command" reproduces it; a width typed alone keeps the natural height; ten quick arrow presses on
   the resize handle add ten points. A size the
   server refuses is said under the W×H fields, the frame kept (no failure overlay).
2. Zoom 1×/2×/3× render at that scale (pixel for pixel POST /api/render); Fit follows the canvas
   area when the layout around it changes, and "Copy as command" names the scale of the frame shown.
3. The background chooser; PNG, SVG and PDF downloads.
4. The editors: Bool switch, Color hex, segmented and select Enums, the modified marker (announced),
   reset to default by keyboard (the focus stays in the editor), a number the field cannot read; an
   image that is not there: the frame cannot be drawn with it, said under its editor and over the
   last good frame (not as a failed build); reset, the class draws again.
5. Read-only properties disabled, hidden ones absent; actions from the page (a refused argument and
   a failed call said under the action), an animation's frames
   (redraw events) reaching the canvas, and the values an animation changes reaching the editors.
6. A failing class shows its own last good frame, dimmed, also in a page opened after the failure.
7. Scenes: the command names the plugins and the scale; the class size tools are hidden; a refused
   value shows the host's message; the Image chooser lists the instance's plugin's resources.
8. The page's address names what is shown: a reload shows it again; Back and Forward step through it.
Exits non-zero with a message on the first failure.
"""
import os
import re
import sys
from designer import COMPARE, FRAME, RENDER, SNAPSHOT, compare_canvas, eventually, launch, open_page, replace, run, show_sized, sync_playwright, wait_until

ERRORS = []


def main(port, components, good, crash):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS, accept_downloads=True)
        canvas = page.locator("#canvas")
        inspector = page.get_by_role("complementary", name="Inspector")
        version = lambda: int(page.evaluate(FRAME) or 0)
        natural = lambda: page.evaluate("[document.getElementById('canvas').naturalWidth, document.getElementById('canvas').naturalHeight]")

        def select(display_name):
            v = version()
            page.get_by_role("button", name=display_name, exact=True).click()
            inspector.get_by_role("heading", name=display_name, exact=True).wait_for()
            wait_until(page, f"{FRAME} > {v}")

        def copied_command():
            page.get_by_role("button", name="Copy as command").click()
            return page.get_by_label("Command", exact=True).input_value()

        def same_as_api(cls, attributes, scale, what):
            expected = page.evaluate(RENDER, [cls, attributes, scale])
            assert expected.startswith("blob:"), f"{what}: {expected}"
            # (Until it is: a frame of the edit before can still be landing when the version moved.)
            eventually(f"{what}: canvas as POST /api/render draws it", lambda: compare_canvas(page, expected) == "same",
                       last=lambda: compare_canvas(page, expected))

        # 1. Resized, another class, back: the natural size again (the server's live instance kept
        #    300×50), and the command reproduces the view.
        # (The frame's version moves when the canvas is given its new image; the element's natural
        # size once it has loaded it: a moment later.)
        select("Rounded Corner Button")
        eventually("Rounded Corner Button at 160×44 at 2×", lambda: natural() == [320, 88], last=natural)
        v = version()
        page.get_by_label("Width", exact=True).fill("300")
        page.get_by_label("Height", exact=True).fill("50")
        page.get_by_label("Height", exact=True).press("Enter")
        wait_until(page, "document.getElementById('canvas').naturalWidth === 600")
        select("Gauge")
        select("Rounded Corner Button")
        assert page.get_by_label("Width", exact=True).input_value() == "", "the W×H fields say auto"
        eventually("back at 160×44 at 2×", lambda: natural() == [320, 88], last=natural)
        same_as_api("RoundedCornerButton", {}, 2, "back at the natural size")
        # A width typed alone (it did nothing while the height said auto): the natural height kept.
        v = version()
        page.get_by_label("Width", exact=True).fill("200")
        page.get_by_label("Width", exact=True).press("Enter")
        wait_until(page, f"{FRAME} > {v}")
        eventually("200 wide, 44 high at 2×", lambda: natural() == [400, 88], last=natural)
        assert copied_command() == "host render RoundedCornerButton --plugins components --size 200x44 --scale 2 -o RoundedCornerButton.png"
        v = version()
        page.get_by_label("Width", exact=True).fill("")
        page.get_by_label("Width", exact=True).press("Enter")
        wait_until(page, f"{FRAME} > {v}")
        eventually("emptied: the natural size again", lambda: natural() == [320, 88], last=natural)
        line = copied_command()
        assert line == "host render RoundedCornerButton --plugins components --scale 2 -o RoundedCornerButton.png", line

        # Ten quick presses on the resize handle: ten points, not as many as frames came back.
        handle = page.get_by_role("button", name="Resize (arrow keys)")
        handle.focus()
        for _ in range(10):
            page.keyboard.press("ArrowRight")
        wait_until(page, "document.getElementById('canvas').naturalWidth === 340")
        assert page.get_by_label("Width", exact=True).input_value() == "170"
        assert page.get_by_label("Height", exact=True).input_value() == "44"
        assert copied_command() == ("host render RoundedCornerButton --plugins components --size 170x44 --scale 2 "
                                    "-o RoundedCornerButton.png")

        # A size the server refuses (too large, not positive) was shown as a build failure ("…
        # recovers by itself on the next good build") over the dimmed frame: its message goes under
        # the W×H fields, the frame shown stays as it was, and so does the command; a size it
        # accepts clears the message.
        shown = page.evaluate(SNAPSHOT)
        width = page.get_by_label("Width", exact=True)
        for typed, says in [("20000", "render size 40000×88 is too large: at most 16384 pixels per side"),
                            ("0", "invalid render size 0×44 pt at scale 2: width and height must be greater than 0")]:
            width.fill(typed)
            width.press("Enter")
            wait_until(page, f"document.getElementById('size-error').textContent.includes({says!r})")
            text = page.get_by_role("alert").filter(has_text=says).inner_text()
            assert "libRoundedCornerButton.so: class RoundedCornerButton" in text, text
            assert width.get_attribute("aria-invalid") == "true", f"width {typed}"
            assert page.get_by_label("Height", exact=True).get_attribute("aria-invalid") == "true", f"width {typed}"
            assert page.locator("#overlay").is_hidden(), f"width {typed}: {page.locator('#overlay').inner_text()}"
            assert "stale" not in (page.locator("#frame").get_attribute("class") or ""), f"width {typed}: dimmed"
            assert compare_canvas(page, shown) == "same", f"width {typed}: the frame changed"
            assert copied_command() == ("host render RoundedCornerButton --plugins components --size 170x44 --scale 2 "
                                        "-o RoundedCornerButton.png"), f"width {typed}"
        v = version()
        width.fill("170")
        width.press("Enter")
        wait_until(page, f"{FRAME} > {v}")
        assert page.locator("#size-error").inner_text() == "", page.locator("#size-error").inner_text()
        assert width.get_attribute("aria-invalid") is None
        # A width typed and Copy as command clicked at once (the click's blur sends the size): the
        # line copied is the view the click brings, not the one before it (it lacked --size 180x44,
        # while the Command field, redrawn with the frame, said it had it).
        v = version()
        width.fill("180")
        page.get_by_role("button", name="Copy as command").click()
        wait_until(page, f"{FRAME} > {v}")
        try:
            wait_until(page, "document.querySelector('#notices li').textContent.includes('180x44')", timeout=5)
        except AssertionError:
            pass
        copied = page.locator("#notices li").first.inner_text()
        assert copied.endswith("host render RoundedCornerButton --plugins components --size 180x44 --scale 2 -o RoundedCornerButton.png"), copied
        v = version()
        width.fill("170")
        width.press("Enter")
        wait_until(page, f"{FRAME} > {v}")

        # 2. Zoom 1×, 2×, 3×: rendered at that scale, pixel for pixel what the API renders.
        for zoom in ["1", "3", "2"]:
            v = version()
            page.get_by_role("combobox", name="Zoom").select_option(zoom)
            wait_until(page, f"{FRAME} > {v} && document.getElementById('canvas').naturalWidth === {170 * int(zoom)}")
            expected = page.evaluate("""async ([scale]) => {
              const r = await fetch('/api/render', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ class: 'RoundedCornerButton', size: '170x44', scale }) });
              return URL.createObjectURL(await r.blob()); }""", [int(zoom)])
            eventually(f"zoom {zoom}×: the canvas as POST /api/render draws it", lambda: compare_canvas(page, expected) == "same", last=lambda: compare_canvas(page, expected))
            width = page.evaluate("document.getElementById('canvas').getBoundingClientRect().width")
            assert abs(width - 170 * int(zoom)) < 0.5, f"zoom {zoom}× shown {width} px wide"

        # Fit on a tall frame (the area's height decides), in a page that has not shown the command
        # row yet: the row appearing shrinks the area, the frame is rendered again to fit, and the
        # command names the scale of the frame shown.
        fitting = open_page(browser, base, ERRORS, accept_downloads=True)
        show_sized(fitting, "Rounded Corner Button", 100, 300)
        wait_until(fitting, "document.getElementById('canvas').naturalHeight === 600")
        fitting.get_by_role("combobox", name="Zoom").select_option("fit")
        fit = """(() => { const a = document.getElementById('canvas-area').getBoundingClientRect();
          return Math.min((a.width - 48) / 100, (a.height - 48) / 300); })()"""
        # (The page renders at the fitting zoom rounded to hundredths.)
        fits = f"Math.abs(document.getElementById('canvas').naturalHeight - 300 * Math.round({fit} * 100) / 100) <= 1"
        wait_until(fitting, fits)
        before = fitting.evaluate(fit)
        fitting.get_by_role("button", name="Copy as command").click()
        assert fitting.evaluate(fit) < before - 0.01, "the command row takes height from the canvas area"
        wait_until(fitting, fits)
        shown = fitting.evaluate("document.getElementById('canvas').naturalHeight")
        wait_until(fitting, f"document.getElementById('command').value.includes('--scale ')")
        line = fitting.get_by_label("Command", exact=True).input_value()
        scale = float(re.search(r"--scale ([0-9.]+) ", line).group(1))
        assert abs(shown - 300 * scale) <= 1, f"{line}: the frame shown is {shown} px high for 300 pt"
        fitting.close()

        # 3. Background chooser (the area behind the frame), downloads of the view.
        area = page.locator("#canvas-area")
        for choice, check in [("Dark", "rgb(28, 28, 30)"), ("Checkerboard", "conic-gradient"), ("Light", "rgb(255, 255, 255)")]:
            page.get_by_role("combobox", name="Background").select_option(label=choice)
            style = area.evaluate("a => getComputedStyle(a).backgroundColor + ' ' + getComputedStyle(a).backgroundImage")
            assert check in style, f"{choice}: {style}"
        page.get_by_role("combobox", name="Zoom").select_option("2")
        page.get_by_label("Width", exact=True).fill("")
        page.get_by_label("Height", exact=True).fill("")
        v = version()
        page.get_by_label("Height", exact=True).press("Enter")
        wait_until(page, f"{FRAME} > {v} && document.getElementById('canvas').naturalWidth === 320")
        for kind, magic in [("PNG", b"\x89PNG"), ("SVG", b"<?xml"), ("PDF", b"%PDF")]:
            with page.expect_download() as info:
                page.get_by_role("link", name=kind, exact=True).click()
            download = info.value
            assert download.suggested_filename == f"RoundedCornerButton.{kind.lower()}", download.suggested_filename
            with open(download.path(), "rb") as f:
                data = f.read()
            assert data.startswith(magic), f"{kind}: {data[:16]!r}"
            if kind == "PNG":
                width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
                assert (width, height) == (320, 88), f"the PNG download is the view: {width}×{height}"

        # 4. Editors of Gauge: each change shows what the API renders with that value.
        select("Gauge")
        v = version()
        page.get_by_role("switch", name="Show Value").uncheck()
        wait_until(page, f"{FRAME} > {v}")
        same_as_api("Gauge", {"showValue": False}, 2, "Bool switch")
        v = version()
        hex_field = page.get_by_label("Tint Color hex")
        hex_field.fill("#FF0000FF")
        hex_field.press("Enter")
        hex_field.blur()
        wait_until(page, f"{FRAME} > {v}")
        same_as_api("Gauge", {"showValue": False, "tintColor": "#FF0000FF"}, 2, "Color hex")
        assert page.get_by_label("Tint Color", exact=True).input_value() == "#ff0000", "the picker follows the hex field"
        v = version()
        page.get_by_role("radio", name="Pie Chart").check()
        wait_until(page, f"{FRAME} > {v}")
        same_as_api("Gauge", {"showValue": False, "tintColor": "#FF0000FF", "style": "pie"}, 2, "segmented Enum")
        # The modified marker is announced; the reset button, pressed with Enter, keeps the focus
        # in the editor (it went to <body>) and resets the value.
        style_row = page.locator(".property[data-property=style]")
        assert style_row.get_by_role("img", name="modified").count() == 1, "the marker is announced as 'modified'"
        value_row = page.locator(".property[data-property=value]")
        assert value_row.get_by_role("img", name="modified").count() == 0, "an unmodified property has no marker"
        reset = page.get_by_role("button", name="Reset Style to default")
        reset.focus()
        v = version()
        page.keyboard.press("Enter")
        wait_until(page, f"{FRAME} > {v}")
        wait_until(page, "document.querySelector('.property[data-property=style] input[value=ring]').checked")
        focused = page.evaluate("document.activeElement.closest('.property')?.dataset.property ?? document.activeElement.tagName")
        assert focused == "style", f"after the reset the focus is on {focused!r}"
        # A number the field cannot read: a message, not silence.
        line_width = page.get_by_label("Line Width value")
        line_width.focus()
        page.keyboard.press("Control+A")
        page.keyboard.type("1e999")
        message = page.locator(".property[data-property=lineWidth] .error")
        wait_until(page, "document.querySelector('.property[data-property=lineWidth] .error').textContent !== ''")
        assert "not a number" in message.inner_text() and "1…40" in message.inner_text(), message.inner_text()
        assert line_width.get_attribute("aria-invalid") == "true"
        line_width.fill("12")
        wait_until(page, "document.querySelector('.property[data-property=lineWidth] .error').textContent === ''")
        # Fancy Button: an Enum of more than four cases is a select.
        select("Fancy Button")
        v = version()
        page.get_by_label("Horizontal Alignment", exact=True).select_option("left")
        wait_until(page, f"{FRAME} > {v}")
        same_as_api("FancyButton", {"contentHorizontalAlignment": "left"}, 2, "select Enum")
        # Its inspector is taller than the window: the inspector scrolls, never the page (the
        # hidden radios of a segmented control low in it were placed against the page, not their
        # label, and made the whole page scroll, toolbar and all, under the wheel).
        overflow = page.evaluate("document.documentElement.scrollHeight - innerHeight")
        assert overflow <= 0, f"the page itself scrolls by {overflow} px under a long inspector"
        # An image that is not among the resources: the frame cannot be drawn with it (a 404, no
        # build failed). It said "Fancy Button failed … recovers by itself on the next good build";
        # it says which value, under its editor, and that changing it draws again.
        shown = page.evaluate(SNAPSHOT)
        image = page.get_by_label("Image", exact=True)
        image.fill("nope.png")
        image.press("Enter")
        overlay = page.get_by_role("alert").filter(has_text="cannot be drawn")
        overlay.wait_for(timeout=15000)
        assert page.locator("#overlay-title").inner_text() == "Fancy Button cannot be drawn with these values"
        hint = page.locator("#overlay-hint").inner_text()
        assert "Change or reset the value" in hint and "next good build" not in hint, hint
        wait_until(page, "document.querySelector('.property[data-property=image] .error').textContent !== ''")
        text = page.locator(".property[data-property=image] .error").inner_text()
        assert "class FancyButton: image 'nope.png': not found" in text, text
        assert image.get_attribute("aria-invalid") == "true"
        assert compare_canvas(page, shown) == "same", "the last good frame stays"
        # Another tab sets Corner Radius meanwhile: the inspector is drawn again with its value, and the
        # image's editor still says why no frame can be drawn (the message went with the old editors).
        other_tab = """async (values) => (await fetch('/api/values', { method: 'POST', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ class: 'FancyButton', values }) })).status"""
        assert page.evaluate(other_tab, {"cornerRadius": 7}) == 200
        radius = page.get_by_label("Corner Radius", exact=True)
        eventually("the other tab's Corner Radius shown", lambda: radius.input_value() == "7", last=radius.input_value)
        eventually("the image's refusal still said", lambda: "image 'nope.png': not found" in page.locator(".property[data-property=image] .error").inner_text(),
                   last=lambda: page.locator(".property[data-property=image] .error").inner_text())
        assert page.get_by_label("Image", exact=True).get_attribute("aria-invalid") == "true"
        assert page.evaluate(other_tab, {"cornerRadius": None}) == 200
        eventually("Corner Radius back to its default", lambda: radius.input_value() == "0", last=radius.input_value)
        v = version()
        page.get_by_role("button", name="Reset Image to default").click()
        wait_until(page, f"{FRAME} > {v}")
        page.wait_for_selector("#overlay", state="hidden", timeout=15000)
        assert page.locator(".property[data-property=image] .error").inner_text() == ""
        same_as_api("FancyButton", {"contentHorizontalAlignment": "left"}, 2, "the image reset")

        # 5. Read-only shown disabled, hidden not shown.
        select("All Types")
        assert page.get_by_label("Set Count", exact=True).is_disabled(), "a read-only property is disabled"
        assert page.get_by_label("Integer", exact=True).is_enabled()
        assert page.locator(".property[data-property=secret]").count() == 0, "a hidden property is not shown"
        assert inspector.get_by_text("Secret", exact=True).count() == 0
        # Actions from the page: what they report shows in the editors; an animation plays.
        select("Extended")
        v = version()
        page.get_by_role("button", name="Bump", exact=True).click()
        wait_until(page, f"{FRAME} > {v}")
        wait_until(page, "document.querySelector('.property[data-property=level] input').value === '4'")
        # An argument the host refuses, and an action that fails: said under the action (it was a
        # notice above the canvas, away from the field), the argument marked invalid only when it
        # is what was refused.
        argument = page.get_by_label("Set Level argument (Int)")
        argument.fill("99")
        page.get_by_role("button", name="Set Level", exact=True).click()
        said = page.get_by_role("alert").filter(has_text="99 is outside the range 0…10")
        said.wait_for(timeout=15000)
        assert "action setLevel" in said.inner_text(), said.inner_text()
        assert argument.get_attribute("aria-invalid") == "true"
        assert page.get_by_role("button", name="Set Level", exact=True).get_attribute("aria-describedby") == said.get_attribute("id")
        page.get_by_role("button", name="Fail", exact=True).click()
        failed = page.locator(".action", has=page.get_by_role("button", name="Fail", exact=True)).locator(".error")
        wait_until(page, "[...document.querySelectorAll('.action .error')].some(e => e.textContent !== '' && e.previousElementSibling?.textContent === 'Fail')")
        assert "fail" in failed.inner_text(), failed.inner_text()
        argument.fill("7")
        page.get_by_role("button", name="Set Level", exact=True).click()
        wait_until(page, "document.querySelector('.property[data-property=level] input').value === '7'")
        assert page.get_by_label("Set Level argument (Int)").get_attribute("aria-invalid") is None
        v = version()
        page.get_by_role("button", name="Animate", exact=True).click()
        # Frames the instance asks for (redraw events) reach the canvas until the bar is full.
        wait_until(page, f"{FRAME} > {v} + 2")
        full = """(() => { const i = document.getElementById('canvas'); const c = document.createElement('canvas');
          c.width = i.naturalWidth; c.height = i.naturalHeight; const g = c.getContext('2d'); g.drawImage(i, 0, 0);
          const d = g.getImageData(76, 4, 1, 1).data; return d[0] === 255 && d[1] === 255 && d[2] === 255; })()"""
        wait_until(page, full)
        # What an animation changes shows in the editors as it plays and where it ends: Circular
        # Progress Bar's animateTo(75) moves progress frame by frame (the field showed the first
        # frame's 0.002…, and Copy as command named it).
        select("Circular Progress Bar")
        page.get_by_role("button", name="Animate To", exact=True).click()
        progress = page.get_by_label("Progress", exact=True)
        eventually("Progress at the animation's end", lambda: progress.input_value() == "75", last=progress.input_value)
        line = copied_command()
        assert "--set progress=75 " in line, line
        same_as_api("CircularProgressBar", {"progress": 75}, 2, "the animation's last frame")

        # 6. A failing class shows its own last good frame, dimmed: never the class shown before.
        select("Gauge")
        replace(os.path.join(components, "libFaulty.so"), crash)
        wait_until(page, "document.querySelector('button[data-class-name=Faulty] .badge') !== null")
        thumbnail = page.evaluate("""async () => URL.createObjectURL(await (await fetch('/api/thumbnail/Faulty')).blob())""")
        page.get_by_role("button", name="Faulty", exact=True).click()
        page.get_by_role("alert").filter(has_text="Faulty failed").wait_for()
        last_good = page.get_by_role("img", name="Faulty (last good frame)")
        last_good.wait_for()
        assert "stale" in page.locator("#frame").get_attribute("class"), "dimmed"
        assert page.get_by_role("img", name="Gauge").count() == 0, "the previous class's picture is gone"
        assert compare_canvas(page, thumbnail) == "same", "the class's last good preview"
        assert "The last good frame stays below" in page.locator("#overlay").inner_text()
        # A page opened after the failure shows that frame too.
        late = open_page(browser, base, ERRORS, accept_downloads=True)
        wait_until(late, "document.querySelector('button[data-class-name=Faulty] .badge') !== null")
        late.get_by_role("button", name="Faulty", exact=True).click()
        late.get_by_role("alert").filter(has_text="Faulty failed").wait_for()
        late.get_by_role("img", name="Faulty (last good frame)").wait_for()
        assert late.get_by_role("img", name="Faulty (last good frame)").is_visible()
        assert "stale" in late.locator("#frame").get_attribute("class")
        replace(os.path.join(components, "libFaulty.so"), good)
        for each in [page, late]:
            each.wait_for_selector("#overlay", state="hidden", timeout=15000)
            each.get_by_role("img", name="Faulty", exact=True).wait_for()
        late.close()

        # 7. The scene: the command names the plugins and the scale of the frame shown.
        v = version()
        page.get_by_role("button", name="board.json", exact=True).click()
        page.get_by_role("img", name="Scene board.json").wait_for()
        wait_until(page, f"{FRAME} > {v}")
        assert copied_command() == "host render board.json --plugins components --scale 2 -o board.png", \
            page.get_by_label("Command", exact=True).input_value()
        # The class's size tools do nothing here: hidden, out of the tab order.
        assert page.get_by_label("Width", exact=True).is_hidden(), "the W×H fields are hidden in a scene"
        assert page.get_by_role("button", name="Resize (arrow keys)").is_hidden(), "the class resize handle is hidden in a scene"
        # A refused value shows the host's message under the editor (the inspector is redrawn after
        # the refusal); the focus stays in the field.
        page.get_by_role("button", name="meter (Gauge)").click()
        inspector.get_by_role("heading", name="Gauge (meter)").wait_for()
        value = page.get_by_label("Value value", exact=True)
        value.fill("150")
        wait_until(page, "document.querySelector('.property[data-property=value] .error')?.textContent.includes('150')")
        text = page.locator(".property[data-property=value] .error").inner_text()
        assert "150 is outside the range 0…100" in text, text
        assert page.get_by_label("Value value", exact=True).get_attribute("aria-invalid") == "true"
        focused = page.evaluate("document.activeElement.closest('.property')?.dataset.property ?? document.activeElement.tagName")
        assert focused == "value", f"after the refusal the focus is on {focused!r}"
        # The Image chooser lists the instance's plugin's resources.
        page.get_by_role("button", name="fancy (FancyButton)").click()
        inspector.get_by_role("heading", name="Fancy Button (fancy)").wait_for()
        options = page.get_by_label("Image", exact=True).evaluate("f => [...f.list.options].map(o => o.value)")
        assert options == ["icon.svg"], options
        # Back to a class: the size tools are there again.
        select("Gauge")
        assert page.get_by_label("Width", exact=True).is_visible()
        assert page.get_by_role("button", name="Resize (arrow keys)").is_visible()

        # 8. The address names what is shown (a reload showed "Pick a class" again): a reload shows
        #    it again, Back and Forward go through what was shown.
        assert page.evaluate("location.hash") == "#class=Gauge", page.evaluate("location.hash")
        page.reload()
        inspector.get_by_role("heading", name="Gauge", exact=True).wait_for()
        page.get_by_role("img", name="Gauge").wait_for()
        page.go_back()
        page.get_by_role("img", name="Scene board.json").wait_for()
        assert page.evaluate("location.hash") == "#scene=0"
        page.go_forward()
        page.get_by_role("img", name="Gauge").wait_for()
        inspector.get_by_role("heading", name="Gauge", exact=True).wait_for()
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_details.py", sys.argv[1:5], ERRORS)
