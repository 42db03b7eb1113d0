"""The designer as a product (issue 24) in a real headless Chromium at 1280×800, driven by the
accessible names of its controls, and checked by axe-core (axe-playwright-python).

Usage: designer_product.py PORT
The server runs `host serve --scene board.json` on Rounded Corner Button and Gauge, with a file that
fails to load (libBroken.so).
1. `--scene FILE` opens the scene at start; the failed file is in sight above the fold (the library's
   Problems and the status bar's count); the toolbar (role=toolbar) is one row.
2. Keyboard: / and Ctrl+K focus the search; Enter opens the only match; the arrow keys move through
   the results; ? shows the shortcut table.
3. Tabs (role=tab) Canvas, Variants (every variant at once, each named by class and variant) and
   Docs (the property table and the command lines); the arrow keys move between tabs.
4. A refused value (150 for Corner Radius, 0–100): a message for a designer (no file path; the
   range and the nearest valid value, with a button taking it), the slider at the value in force,
   the field marked invalid; the colour field takes rgba() and shows its alpha as a percentage over
   a checkerboard.
5. Notices can be dismissed and cleared; panels collapse and resize; the theme follows the system
   and the header's switch; Ctrl+wheel zooms, 0 fits, Space+drag pans.
6. axe-core finds no serious or critical violation: landing, a class open, Variants, Docs, the scene
   editor, in light and dark.
Exits non-zero with a message on the first failure.
"""
import sys
import time

from designer import FRAME, eventually, launch, open_page, run, sync_playwright, wait_until

ERRORS = []


def axe_violations(page):
    """Serious and critical violations axe-core finds on the page as it is."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page).response["violations"]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found if v["impact"] in ("serious", "critical")]


def main(port):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)
        library = page.get_by_role("navigation", name="Library")
        inspector = page.get_by_role("complementary", name="Inspector")

        # 1. The scene at start; the failed file above the fold; the toolbar in one row.
        page.get_by_role("img", name="Scene board.json").wait_for()
        problems = library.get_by_role("heading", name="Problems")
        problems.wait_for()
        box = page.locator("#failure-section").bounding_box()
        assert box["y"] + box["height"] <= 800, f"the problems are below the fold: {box}"
        assert "libBroken.so" in page.locator("#failure-list").inner_text()
        count = page.locator("#problems-count")
        eventually("the problems count", lambda: count.is_visible() and "1 problem" in count.inner_text(), last=count.inner_text)
        assert axe_violations(page) == [], axe_violations(page)  # (the scene editor)
        toolbar = page.get_by_role("toolbar", name="Canvas tools")
        tops = toolbar.evaluate("t => [...t.children].filter(c => c.offsetParent).map(c => Math.round(c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2))")
        assert max(tops) - min(tops) <= 4, f"the toolbar wraps: {tops}"
        assert toolbar.evaluate("t => t.scrollWidth <= t.clientWidth"), toolbar.evaluate("t => [t.scrollWidth, t.clientWidth]")

        # 2. Keyboard: / and Ctrl+K, Enter, arrows, ?.
        page.locator("body").press("/")
        search = library.get_by_label("Search classes")
        assert page.evaluate("document.activeElement.id") == "search"
        search.fill("gaug")
        search.press("Enter")
        inspector.get_by_role("heading", name="Gauge", exact=True).wait_for()
        page.get_by_role("img", name="Gauge").wait_for()
        page.locator("#canvas-area").focus()
        page.keyboard.press("Control+k")
        assert page.evaluate("document.activeElement.id") == "search"
        search.fill("")
        search.press("ArrowDown")
        first = page.evaluate("document.activeElement.getAttribute('aria-label')")
        page.keyboard.press("ArrowDown")
        second = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert (first, second) == ("Rounded Corner Button", "Gauge") or (first and second and first != second), (first, second)
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowUp")
        assert page.evaluate("document.activeElement.id") == "search", "ArrowUp on the first result goes back to the search"
        page.locator("#canvas-area").focus()
        page.keyboard.press("?")
        dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
        dialog.wait_for()
        assert dialog.get_by_role("cell", name="Zoom to fit").count() == 1
        page.keyboard.press("Escape")
        eventually("the table closed", lambda: not dialog.is_visible())

        # 3. Tabs: Variants and Docs of Rounded Corner Button.
        library.get_by_role("button", name="Rounded Corner Button", exact=True).click()
        page.get_by_role("img", name="Rounded Corner Button").wait_for()
        assert axe_violations(page) == [], axe_violations(page)
        tabs = page.get_by_role("tablist", name="Views")
        assert [t.inner_text() for t in tabs.get_by_role("tab").all()] == ["Canvas", "Variants", "Docs"]
        tabs.get_by_role("tab", name="Variants").click()
        panel = page.get_by_role("tabpanel", name="Variants")
        panel.wait_for()
        for name in ["Default", "Square", "Rounded", "Pill"]:
            panel.get_by_role("img", name=f"Rounded Corner Button, {name}").wait_for()
            assert panel.get_by_text(f"Rounded Corner Button / {name}").count() == 1, name
        eventually("every variant drawn", lambda: panel.evaluate("p => [...p.querySelectorAll('img')].every(i => i.complete && i.naturalWidth > 0)"))
        assert axe_violations(page) == [], axe_violations(page)
        page.get_by_role("tab", name="Variants").press("ArrowRight")
        docs = page.get_by_role("tabpanel", name="Docs")
        docs.wait_for()
        assert page.get_by_role("tab", name="Docs").get_attribute("aria-selected") == "true"
        assert docs.get_by_role("cell", name="Corner Radius cornerRadius").count() == 1
        assert "render RoundedCornerButton" in docs.locator("pre").inner_text() and "--variant pill" in docs.locator("pre").inner_text()
        assert axe_violations(page) == [], axe_violations(page)
        page.get_by_role("tab", name="Canvas").click()

        # 4. A refused value, said for a designer; the colour editor.
        slider = page.get_by_label("Corner Radius", exact=True)
        field = page.get_by_label("Corner Radius value")
        eventually("Corner Radius at 0", lambda: field.input_value() == "0", last=field.input_value)
        field.fill("150")
        message = page.locator(".property[data-property=cornerRadius] .error")
        eventually("the refusal", lambda: "150" in message.inner_text(), last=message.inner_text)
        said = message.inner_text()
        assert "150 is outside the range 0…100" in said and "nearest valid value is 100" in said, said
        assert ".so" not in said and "class RoundedCornerButton" not in said, f"no file or class context: {said}"
        assert slider.input_value() == "0", f"the slider shows the value in force, not {slider.input_value()}"
        assert field.get_attribute("aria-invalid") == "true"
        message.get_by_role("button", name="Use 100").click()
        eventually("100 taken", lambda: message.inner_text() == "" and field.input_value() == "100", last=message.inner_text)
        hex_field = page.get_by_label("Text Color hex", exact=True)
        hex_field.fill("rgba(255, 0, 0, 0.5)")
        hex_field.press("Enter")
        alpha = page.get_by_label("Text Color alpha (percent)")
        eventually("the alpha as a percentage", lambda: alpha.input_value() == "50", last=alpha.input_value)
        fill = page.locator(".property[data-property=titleColor] .swatch .fill").evaluate("f => getComputedStyle(f).backgroundColor")
        assert fill == "rgba(255, 0, 0, 0.5)", fill
        eventually("the server holding #FF000080", lambda: page.evaluate(
            "fetch('/api/classes/RoundedCornerButton').then(r => r.json()).then(d => d.class.properties.find(p => p.name === 'titleColor').valueText)") == "#FF000080")

        # 5. Notices: dismissed one by one, and cleared; panels; theme; zoom and pan.
        page.get_by_role("button", name="Copy as command").click()
        notices = page.locator("#notices li")
        eventually("a notice", lambda: notices.count() >= 1)
        n = notices.count()
        notices.first.get_by_role("button", name="Dismiss").click()
        assert notices.count() == n - 1
        page.get_by_role("button", name="Copy as command").click()
        eventually("a notice", lambda: notices.count() >= 1)
        page.get_by_role("button", name="Clear").click()
        assert notices.count() == 0 and page.locator("#notices-box").is_hidden()
        collapse = page.get_by_role("button", name="Collapse the library")
        collapse.click()
        assert page.get_by_role("button", name="Expand the library").get_attribute("aria-expanded") == "false"
        assert search.is_hidden()
        page.get_by_role("button", name="Expand the library").click()
        splitter = page.get_by_role("separator", name="Library width")
        before = page.locator("#library").bounding_box()["width"]
        splitter.focus()
        page.keyboard.press("ArrowRight")
        eventually("the library wider", lambda: page.locator("#library").bounding_box()["width"] > before)
        page.keyboard.press("ArrowLeft")
        background = lambda: page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        page.emulate_media(color_scheme="dark")
        dark = background()
        theme = page.locator("#theme")
        theme.click()  # Auto → Light
        assert page.evaluate("document.documentElement.dataset.theme") == "light" and background() != dark, background()
        theme.click()  # → Dark
        assert background() == dark
        assert axe_violations(page) == [], axe_violations(page)
        theme.click()  # → Auto
        page.emulate_media(color_scheme="light")
        canvas = page.locator("#canvas")
        width = canvas.bounding_box()["width"]
        box = page.locator("#canvas-area").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.keyboard.down("Control")
        page.mouse.wheel(0, -400)
        page.keyboard.up("Control")
        eventually("zoomed in about the pointer", lambda: canvas.bounding_box()["width"] > width * 1.5, last=lambda: canvas.bounding_box())
        assert page.get_by_role("combobox", name="Zoom").input_value() not in ("auto", "fit")
        page.get_by_role("combobox", name="Zoom").select_option("3")
        page.set_viewport_size({"width": 1000, "height": 700})
        area = page.locator("#canvas-area")
        eventually("the frame larger than the area", lambda: area.evaluate("a => a.scrollWidth > a.clientWidth"))
        left = area.evaluate("a => a.scrollLeft = Math.floor((a.scrollWidth - a.clientWidth) / 2)")
        box = area.bounding_box()
        page.locator("#canvas-area").focus()
        page.mouse.move(box["x"] + 100, box["y"] + 100)
        page.keyboard.down(" ")
        page.mouse.down()
        page.mouse.move(box["x"] + 40, box["y"] + 100, steps=4)
        page.mouse.up()
        page.keyboard.up(" ")
        assert area.evaluate("a => a.scrollLeft") != left, "Space+drag pans"
        page.set_viewport_size({"width": 1280, "height": 800})
        page.locator("#canvas-area").focus()
        page.keyboard.press("0")
        eventually("zoom to fit", lambda: page.get_by_role("combobox", name="Zoom").input_value() == "fit")

        # 6. axe-core on the landing page, in light and dark.
        for scheme in ["light", "dark"]:
            fresh = browser.new_page(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
            fresh.goto(base + "#class=Gauge")
            fresh.get_by_role("img", name="Gauge").wait_for()
            time.sleep(0.3)
            assert axe_violations(fresh) == [], (scheme, axe_violations(fresh))
            fresh.close()
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_product.py", sys.argv[1:], ERRORS)
