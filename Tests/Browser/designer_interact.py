"""The designer's live component (issue 22) in a real headless Chromium, driven by the accessible
names of its controls: Interact, Appearance, Direction and Text size.

Usage: designer_interact.py PORT
The server runs `host serve` on Rounded Corner Button, Tax Rate Row and Gauge.
1. With Interact on (a toggle button, aria-pressed), holding the mouse on Rounded Corner Button
   changes the picture (it looks pressed) and releasing restores it, pixel for pixel; the status bar
   says what the button sent. The keyboard does the same: the live frame is a Tab stop, and Space held
   on it presses the button. Off, a press on the canvas changes nothing.
2. Appearance Dark redraws it: the canvas is what POST /api/render draws with appearance dark, and
   the library's thumbnail is drawn again, on a checkerboard of the components' appearance whatever
   the page's theme; Light restores the picture.
3. Direction RTL mirrors Tax Rate Row (as POST /api/render with direction rtl); Text size lists
   every size and the server takes the one picked.
4. Interact on Gauge: a press on the ring sets its value, which the inspector's Value field shows.
Exits non-zero with a message on the first failure.
"""
import sys

from designer import COMPARE, FRAME, SNAPSHOT, compare_canvas, eventually, launch, open_page, run, sync_playwright, wait_until

ERRORS = []
RENDER_WITH = """async ([cls, scale, traits]) => {
  const r = await fetch('/api/render', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ class: cls, scale, traits }) });
  if (!r.ok) return 'error ' + r.status + ' ' + await r.text();
  return URL.createObjectURL(await r.blob());
}"""


def frame_version(page):
    return page.evaluate(FRAME)


def main(port):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)
        library = page.get_by_role("navigation", name="Library")
        library.get_by_role("button", name="Rounded Corner Button", exact=True).click()
        canvas = page.get_by_role("img", name="Rounded Corner Button")
        canvas.wait_for()
        wait_until(page, f"{FRAME} >= 1")
        before = page.evaluate(SNAPSHOT)

        # 1. Interact: pressed while held, as before once released.
        interact = page.get_by_role("button", name="Interact")
        assert interact.get_attribute("aria-pressed") == "false", interact.get_attribute("aria-pressed")
        interact.click()
        assert interact.get_attribute("aria-pressed") == "true"
        box = canvas.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        v = frame_version(page)
        page.mouse.down()
        wait_until(page, f"{FRAME} > {v}")
        eventually("the button pressed", lambda: page.evaluate(COMPARE, [before, page.evaluate(SNAPSHOT)]) != "same")
        assert float(page.evaluate("document.getElementById('canvas').dataset.interactMs")) > 0
        page.mouse.up()
        eventually("the button released", lambda: page.evaluate(COMPARE, [before, page.evaluate(SNAPSHOT)]) == "same",
                   last=lambda: page.evaluate(COMPARE, [before, page.evaluate(SNAPSHOT)]))
        eventually("the status bar saying what was sent", lambda: "touchUpInside" in page.locator("#status-action").inner_text(),
                   last=lambda: page.locator("#status-action").inner_text())
        # The keyboard: the frame is a Tab stop while Interact is on; Space held presses the button at
        # its middle (the same picture as the mouse's press), released it is as before and sends.
        frame = page.get_by_role("group", name="Rounded Corner Button, live: Space or Enter presses it")
        frame.focus()
        page.locator("#status-action").evaluate("e => e.textContent = ''")
        v = frame_version(page)
        page.keyboard.down(" ")
        wait_until(page, f"{FRAME} > {v}")
        eventually("the button pressed by Space", lambda: page.evaluate(COMPARE, [before, page.evaluate(SNAPSHOT)]) != "same")
        assert page.evaluate("document.getElementById('canvas-area').classList.contains('space-held')") is False, \
            "Space on the live frame is the press, not the canvas's pan"
        page.keyboard.up(" ")
        eventually("the button released by Space", lambda: page.evaluate(COMPARE, [before, page.evaluate(SNAPSHOT)]) == "same",
                   last=lambda: page.evaluate(COMPARE, [before, page.evaluate(SNAPSHOT)]))
        eventually("Space sent touchUpInside", lambda: "touchUpInside" in page.locator("#status-action").inner_text(),
                   last=lambda: page.locator("#status-action").inner_text())
        # Off (the I key toggles it too): a press edits as before, and draws nothing new.
        page.locator("#canvas-area").focus()
        page.keyboard.press("i")
        assert interact.get_attribute("aria-pressed") == "false", "the I key turns Interact off"
        v = frame_version(page)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(400)
        page.mouse.up()
        assert frame_version(page) == v, "with Interact off, a press draws no frame"

        # 2. Appearance Dark: the canvas as the server draws it dark; the thumbnail follows; Light again.
        thumbnail = library.get_by_role("button", name="Rounded Corner Button", exact=True).locator("img")
        thumbnail_before = thumbnail.get_attribute("src")
        appearance = page.get_by_role("radiogroup", name="Appearance")
        v = frame_version(page)
        appearance.get_by_role("radio", name="Dark").check()
        wait_until(page, f"{FRAME} > {v}")
        natural = page.evaluate("fetch('/api/classes/RoundedCornerButton').then(r => r.json()).then(d => d.class.defaultSize.width)")
        scale = round(page.evaluate("document.getElementById('canvas').naturalWidth") / natural, 2)
        expected = page.evaluate(RENDER_WITH, ["RoundedCornerButton", scale, {"appearance": "dark"}])
        assert expected.startswith("blob:"), expected
        eventually("the canvas drawn dark", lambda: compare_canvas(page, expected) == "same", last=lambda: compare_canvas(page, expected))
        eventually("the thumbnail drawn again", lambda: thumbnail.get_attribute("src") != thumbnail_before)
        assert "Dark" in page.locator("#status-traits").inner_text(), page.locator("#status-traits").inner_text()
        # Pictures of components sit on a checkerboard of the components' appearance, not the page's
        # (a light Gauge's dark "42%" vanished on the dark page's checkerboard).
        checker = lambda: thumbnail.evaluate("i => getComputedStyle(i).backgroundImage")
        eventually("a dark checkerboard under dark components on the light page", lambda: "rgb(42, 44, 49)" in checker(), last=checker)
        v = frame_version(page)
        appearance.get_by_role("radio", name="Light").check()
        wait_until(page, f"{FRAME} > {v}")
        eventually("light again", lambda: page.evaluate(COMPARE, [before, page.evaluate(SNAPSHOT)]) == "same")
        page.emulate_media(color_scheme="dark")
        eventually("the page dark", lambda: page.evaluate("getComputedStyle(document.body).colorScheme") == "dark"
                   or page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches"))
        eventually("a light checkerboard under light components on the dark page", lambda: "rgb(232, 232, 234)" in checker(), last=checker)
        page.emulate_media(color_scheme="light")

        # 3. Direction RTL mirrors Tax Rate Row; Text size lists every size.
        library.get_by_role("button", name="Tax Rate Row", exact=True).click()
        page.get_by_role("img", name="Tax Rate Row").wait_for()
        wait_until(page, "document.getElementById('canvas').dataset.className === 'TaxRateRow'")
        row = page.evaluate(SNAPSHOT)
        v = frame_version(page)
        page.get_by_role("radiogroup", name="Direction").get_by_role("radio", name="RTL").check()
        wait_until(page, f"{FRAME} > {v}")
        natural = page.evaluate("fetch('/api/classes/TaxRateRow').then(r => r.json()).then(d => d.class.defaultSize.width)")
        scale = round(page.evaluate("document.getElementById('canvas').naturalWidth") / natural, 2)
        expected = page.evaluate(RENDER_WITH, ["TaxRateRow", scale, {"direction": "rtl"}])
        eventually("the row mirrored", lambda: compare_canvas(page, expected) == "same", last=lambda: compare_canvas(page, expected))
        assert page.evaluate(COMPARE, [row, page.evaluate(SNAPSHOT)]) != "same"
        size = page.get_by_role("combobox", name="Text size")
        assert size.locator("option").count() == 12, size.locator("option").count()
        size.select_option("extraLarge")
        eventually("the server showing extraLarge", lambda: page.evaluate(
            "fetch('/api/traits').then(r => r.json()).then(d => d.size)") == "extraLarge")
        page.get_by_role("radiogroup", name="Direction").get_by_role("radio", name="LTR").check()
        size.select_option("large")

        # 4. Interact on Gauge: a press on the ring sets the value, and the inspector shows it.
        library.get_by_role("button", name="Gauge", exact=True).click()
        gauge = page.get_by_role("img", name="Gauge")
        gauge.wait_for()
        field = page.get_by_label("Value value", exact=True)
        eventually("the Value field", lambda: field.input_value() == "42", last=field.input_value)
        interact.click()
        box = gauge.bounding_box()
        page.mouse.move(box["x"] + box["width"] * 0.12, box["y"] + box["height"] * 0.5)
        page.mouse.down()
        page.mouse.up()
        eventually("the value set by the press", lambda: field.input_value() != "42", last=field.input_value)
        interact.click()
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_interact.py", sys.argv[1:], ERRORS)
