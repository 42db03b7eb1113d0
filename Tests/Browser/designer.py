"""The live designer (host serve) in a real headless Chromium, driven as a person would: by the
accessible names of its controls.

Usage: designer.py PORT COMPONENTS_DIR BUTTON_SO FAULTY_GOOD_SO FAULTY_CRASH_DRAW_SO SCENE_JSON
1. Picks "Rounded Corner Button" in the library, drags "Corner Radius" to 22: the canvas changes
   and equals POST /api/render with cornerRadius 22 (pixel for pixel, decoded in the browser).
2. A rebuilt libRoundedCornerButton.so lands: the page updates without navigating and keeps 22.
   Its variants: "Rounded" shows what POST /api/render gives with its attributes, "Default" resets,
   an edit leaves the variant.
3. Picks "Faulty"; a build that crashes in draw lands: the overlay names the phase and the signal
   over the dimmed last frame; the scene holding a Faulty instance names it too, and shows no
   other frame as its own; another class picked while Faulty's last good frame is on its way is
   drawn at once and stays; the good build lands: the page recovers by itself.
4. Opens the scene, selects its button, edits its Corner Radius, drags it 10 points right and
   saves: the file holds both edits, and its other instance and keys are kept; the library's entry
   says "(unsaved)" between the edit and the save.
Exits non-zero with a message on the first failure.
"""
import os
import shutil
import sys
import time
import traceback
from playwright.sync_api import Error as PlaywrightError, sync_playwright as playwright_context

COMPARE = """async ([a, b]) => {
  const load = (src) => new Promise((ok, no) => { const i = new Image(); i.onload = () => ok(i); i.onerror = no; i.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.naturalWidth !== y.naturalWidth || x.naturalHeight !== y.naturalHeight)
    return `sizes differ: ${x.naturalWidth}x${x.naturalHeight} vs ${y.naturalWidth}x${y.naturalHeight}`;
  const data = (i) => { const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;
    const g = c.getContext('2d'); g.drawImage(i, 0, 0); return g.getImageData(0, 0, c.width, c.height).data; };
  const p = data(x), q = data(y);
  let n = 0; for (let k = 0; k < p.length; k++) if (p[k] !== q[k]) n++;
  return n === 0 ? 'same' : `${n} bytes differ`;
}"""

SNAPSHOT = """() => { const i = document.getElementById('canvas'); const c = document.createElement('canvas');
  c.width = i.naturalWidth; c.height = i.naturalHeight; c.getContext('2d').drawImage(i, 0, 0); return c.toDataURL(); }"""

RENDER = """async ([cls, attributes, scale]) => {
  const r = await fetch('/api/render', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ class: cls, attributes, scale }) });
  if (!r.ok) return 'error ' + r.status;
  return URL.createObjectURL(await r.blob());
}"""


def wait_until(page, expression, timeout=15.0):
    """Polls a JavaScript expression with page.evaluate (the page's Content-Security-Policy forbids
    the string evaluation page.wait_for_function uses)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if page.evaluate(expression):
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for: {expression}")


def replace(destination, source):
    temporary = destination + ".tmp"
    shutil.copyfile(source, temporary)
    os.rename(temporary, destination)


# Shared by the designer's browser tests (designer_details.py, designer_live.py, designer_faults.py).

FRAME = "Number(document.getElementById('canvas').dataset.version || 0)"
FACTS_CLASS = "[...document.querySelectorAll('#overlay-facts dt')].find(d => d.textContent === 'Class')?.nextElementSibling.textContent ?? ''"


def launch(p):
    """Debian's Chromium, headless (no browser can be downloaded here)."""
    return p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])


OPEN_PAGES = []


class sync_playwright:
    """Playwright's `sync_playwright()`, which also says, when the test fails inside it, what each
    page opened with `open_page` showed at that moment (its status, problems, notices and failure
    overlay): on a CI machine the browser is gone by the time anyone reads the failure."""

    def __enter__(self):
        self.context = playwright_context()
        return self.context.__enter__()

    def __exit__(self, kind, error, trace):
        if error is not None:
            for number, page in enumerate(OPEN_PAGES):
                print(f"page {number + 1} when it failed: {describe_page(page)}", file=sys.stderr)
        return self.context.__exit__(kind, error, trace)


PAGE_STATE = """() => {
  const text = (id) => { const e = document.getElementById(id); return e && !e.hidden ? e.innerText.replace(/\\s+/g, ' ').trim().slice(0, 400) : null; };
  return { address: location.pathname + location.search + location.hash, status: text('status'), problems: text('problems-count'),
           notices: text('notices'), overlay: text('overlay'), selected: document.querySelector('[aria-current], [aria-selected=true]')?.textContent?.trim() ?? null,
           focused: document.activeElement?.getAttribute('aria-label') || document.activeElement?.id || document.activeElement?.tagName || null,
           inspector: document.querySelector('#inspector h2')?.textContent ?? null,
           sceneSelection: [...document.querySelectorAll('.instance[aria-pressed=true]')].map(b => b.getAttribute('aria-label')) };
}"""


def describe_page(page):
    try:
        return page.evaluate(PAGE_STATE)
    except Exception as e:  # a page already closed, or a browser gone
        return f"(cannot be read: {e})"


def record_errors(page, errors):
    """Appends `page`'s script errors, with where they were thrown (a bare "Failed to fetch" does not
    say which call let it escape), and its console errors to `errors`. A failed fetch is expected (a
    render refused by a broken build, a missing preview): "Failed to load resource" is left out."""
    page.on("pageerror", lambda e: errors.append(str(e) + "".join(f" | {line.strip()}" for line in (e.stack or "").splitlines()[1:4])))
    page.on("console", lambda m: errors.append("console: " + m.text)
            if m.type == "error" and "Failed to load resource" not in m.text else None)


def open_page(browser, base, errors, **options):
    """A page on the designer at `base`; its script errors and console errors go to `errors` (a
    failed fetch is expected: a render refused by a broken build, a missing preview)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, **options)
    OPEN_PAGES.append(page)
    record_errors(page, errors)
    page.goto(base)
    return page


def show_sized(page, display_name, width, height):
    """Picks `display_name` in the library and gives it `width`×`height` points in the W×H fields."""
    page.get_by_role("button", name=display_name, exact=True).click()
    page.get_by_role("img", name=display_name).wait_for()
    page.get_by_label("Width", exact=True).fill(str(width))
    page.get_by_label("Height", exact=True).fill(str(height))
    page.get_by_label("Height", exact=True).press("Enter")


def eventually(what, check, timeout=15.0, last=None):
    """Polls `check` (a Python function) until it returns True; fails naming `what` and, with `last`,
    what it reads at the end."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if check() is True:
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}" + (f": {last()!r}" if last else ""))


def pick_variant(page, name, timeout=15.0):
    """Picks the variant `name` in the Inspector's variant picker. The picker is rebuilt from the
    values whenever a frame lands, and a frame sent before the click can land just after it and show
    the old choice for a moment (Playwright's check() then fails: "did not change its state"): the
    radio is clicked again until it stays checked."""
    radio = page.get_by_role("radio", name=name, exact=True)
    deadline = time.time() + timeout
    while True:
        try:
            radio.check(timeout=3000)
            return
        except PlaywrightError:
            if time.time() > deadline:
                raise
            time.sleep(0.1)


def compare_canvas(page, url):
    """COMPARE of the pixels the canvas shows now (the image as decoded on the page, read back through
    a 2D canvas: SNAPSHOT) with `url`. The canvas's own blob: URL is not read again: the page revokes
    it as soon as a newer frame replaces it. A canvas with nothing decoded yet is read again."""
    for _ in range(20):
        try:
            return page.evaluate(COMPARE, [page.evaluate(SNAPSHOT), url])
        except PlaywrightError as e:
            error = e
            time.sleep(0.05)
    raise error


def canvas_becomes(page, url, what):
    """Waits until the canvas shows the image at `url`, pixel for pixel."""
    eventually(what, lambda: compare_canvas(page, url) == "same", last=lambda: compare_canvas(page, url))


def run(main, script, arguments, errors):
    """Runs a browser test's `main`; on a failure prints the line of `script` that failed (a wait's
    own line says little) and the page's errors, and exits 1."""
    try:
        main(*arguments)
    except AssertionError as e:
        frames = traceback.extract_tb(e.__traceback__)
        where = ([f for f in frames if os.path.basename(f.filename) == script] or frames)[-1]
        print(f"{script}:{where.lineno}: {where.line}: {e!r}", file=sys.stderr)
        sys.exit(1)
    except Exception as e:
        frames = traceback.extract_tb(e.__traceback__)
        where = ([f for f in frames if os.path.basename(f.filename) == script] or frames)[-1]
        print(f"{script}:{where.lineno}: {where.line}: {type(e).__name__}: {e}; page errors: {errors}", file=sys.stderr)
        sys.exit(1)


ERRORS = []


def main(port, components, button, good, crash, scene):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors = ERRORS
        record_errors(page, errors)
        page.goto(base)
        page.evaluate("window.__notNavigated = true")
        version = lambda: int(page.get_by_role("img", name="Rounded Corner Button").get_attribute("data-version") or "0")

        # 1. Select, edit through the labelled control, compare with the API.
        page.get_by_role("button", name="Rounded Corner Button", exact=True).click()
        canvas = page.get_by_role("img", name="Rounded Corner Button")
        canvas.wait_for()
        wait_until(page, "document.getElementById('canvas').dataset.version >= '1'")
        before = page.evaluate(SNAPSHOT)
        radius = page.get_by_label("Corner Radius", exact=True)
        # The inspector fills its fields when the class's description arrives, which may be after
        # the first frame (a loaded machine showed an empty field here).
        for _ in range(200):
            if radius.input_value() == "0":
                break
            page.wait_for_timeout(25)
        assert radius.input_value() == "0", f"Corner Radius reads {radius.input_value()!r}, expected '0'"
        v = version()
        radius.fill("22")
        wait_until(page, f"Number(document.getElementById('canvas').dataset.version) > {v}")
        wait_until(page, "document.querySelector('#properties .property[data-property=cornerRadius] .marker').textContent !== ''")
        assert page.evaluate(COMPARE, [before, page.evaluate(SNAPSHOT)]) != "same", "the canvas did not change"
        expected = page.evaluate(RENDER, ["RoundedCornerButton", {"cornerRadius": 22}, 2])
        assert expected.startswith("blob:"), expected
        eventually("the canvas as POST /api/render draws it", lambda: compare_canvas(page, expected) == "same", last=lambda: compare_canvas(page, expected))
        assert page.get_by_label("Corner Radius value").input_value() == "22"

        # "Copy as command": the host render line of this view.
        page.get_by_role("button", name="Copy as command").click()
        # The field is filled once the page has the command (under load, after the click returns).
        field = page.get_by_label("Command", exact=True)
        deadline = time.time() + 10
        while not field.input_value() and time.time() < deadline:
            time.sleep(0.02)
        line = field.input_value()
        # The server was started on its folder by name: the line names it (it found no class elsewhere).
        assert line == "host render RoundedCornerButton --plugins components --set cornerRadius=22 --scale 2 -o RoundedCornerButton.png", line

        # The keyboard alone: focus a library entry, Enter selects it.
        inspector = page.get_by_role("complementary", name="Inspector")
        page.get_by_role("button", name="Faulty", exact=True).focus()
        page.keyboard.press("Enter")
        inspector.get_by_role("heading", name="Faulty", exact=True).wait_for()
        page.get_by_role("button", name="Rounded Corner Button", exact=True).focus()
        page.keyboard.press("Enter")
        inspector.get_by_role("heading", name="Rounded Corner Button", exact=True).wait_for()
        page.get_by_role("img", name="Rounded Corner Button").wait_for()
        assert page.get_by_label("Corner Radius", exact=True).input_value() == "22", "the server kept the value"

        # 2. A rebuilt .so: the page updates in place and keeps the value.
        v = version()
        replace(os.path.join(components, "libRoundedCornerButton.so"), button)
        wait_until(page, f"Number(document.getElementById('canvas').dataset.version) > {v}")
        assert page.evaluate("window.__notNavigated === true"), "the page navigated"
        assert page.get_by_label("Corner Radius", exact=True).input_value() == "22", "the value was lost"
        eventually("after the rebuild, the same picture", lambda: compare_canvas(page, expected) == "same", last=lambda: compare_canvas(page, expected))

        # 2b. Variants, as stories: "Rounded" shows the class as the variant sets it (pixel for pixel
        #     the API's render with its attributes), "Default" resets, an edit leaves the variant.
        variant = lambda name: page.get_by_role("radio", name=name, exact=True)
        v = version()
        pick_variant(page, "Rounded")
        wait_until(page, f"Number(document.getElementById('canvas').dataset.version) > {v}")
        # (A frame of the rebuild can land after the click: the editors are read until they follow.)
        radius_value = page.get_by_label("Corner Radius value")
        eventually("the variant's cornerRadius=10", lambda: radius_value.input_value() == "10", last=radius_value.input_value)
        wait_until(page, "document.querySelector('#properties .variants input:checked') !== null")
        assert variant("Rounded").is_checked()
        rounded = page.evaluate(RENDER, ["RoundedCornerButton", {"cornerRadius": 10}, 2])
        eventually("variant Rounded as POST /api/render draws it", lambda: compare_canvas(page, rounded) == "same", last=lambda: compare_canvas(page, rounded))
        v = version()
        pick_variant(page, "Default")
        wait_until(page, f"Number(document.getElementById('canvas').dataset.version) > {v}")
        # (A frame asked for before the pick can be the one that landed: the editor is read until it follows.)
        eventually("Default resets to the defaults", lambda: radius_value.input_value() == "0", last=radius_value.input_value)
        assert page.locator("#properties .property[data-property=cornerRadius] .marker").inner_text() == ""
        page.get_by_label("Corner Radius value").fill("21")  # (22 is Pill's: the picker would show Pill)
        wait_until(page, "document.querySelector('#properties .variants input:checked') === null")

        # 3. A build that crashes in draw: the overlay names the phase; then it recovers.
        page.get_by_role("button", name="Faulty", exact=True).click()
        page.get_by_role("img", name="Faulty").wait_for()
        # A value out of range is refused in the editor with the host's own message.
        page.get_by_label("Level value", exact=True).fill("12")
        refusal = page.locator(".property[data-property=level] .error")
        wait_until(page, "document.querySelector('.property[data-property=level] .error').textContent !== ''")
        assert "12 is outside the range 0…10" in refusal.inner_text(), refusal.inner_text()
        assert page.get_by_label("Level value", exact=True).get_attribute("aria-invalid") == "true"
        page.get_by_label("Level value", exact=True).fill("3")
        wait_until(page, "document.querySelector('.property[data-property=level] .error').textContent === ''")
        replace(os.path.join(components, "libFaulty.so"), crash)
        overlay = page.get_by_role("alert").filter(has_text="failed")
        overlay.wait_for(timeout=15000)
        text = overlay.inner_text()
        for word in ["Phase", "draw", "SIGSEGV", "libFaulty.so", "about to crash in draw"]:
            assert word in text, f"overlay lacks {word!r}: {text}"
        assert "stale" in page.locator("#frame").get_attribute("class"), "the last good frame is not dimmed"
        assert page.get_by_role("img", name="Faulty").is_visible(), "the last good frame is not shown"
        # The scene holding a Faulty instance: its overlay names the class that failed (it said
        # "The build failed").
        # With no frame of the scene yet, the canvas says so (it showed Faulty's frame as the scene's).
        page.get_by_role("button", name="board.json", exact=True).click()
        page.get_by_text("No frame of board.json yet").wait_for()
        assert page.locator("#frame").is_hidden(), "a frame is shown for a scene that never rendered"
        assert page.locator("#overlay").is_visible()
        title = page.locator("#overlay-title").inner_text()
        assert title == "Faulty failed", title
        assert "Faulty" in page.evaluate(FACTS_CLASS), page.evaluate(FACTS_CLASS)
        # Faulty picked, its last good frame on its way, and another class picked meanwhile: that
        # class's frame is drawn at once, and Faulty's, arriving after it, is not shown over it (drawn
        # side by side, the last good frame landed last; drawn in turn, the other class waited).
        held = []
        hold = lambda route: held.append(route)
        page.route("**/api/thumbnail/Faulty*", hold)
        page.get_by_role("button", name="Faulty", exact=True).click()
        eventually("Faulty's last good frame asked for", lambda: page.wait_for_timeout(20) or len(held) > 0)
        v = int(page.evaluate("document.getElementById('canvas').dataset.version"))
        page.get_by_role("button", name="Rounded Corner Button", exact=True).click()
        wait_until(page, f"Number(document.getElementById('canvas').dataset.version) > {v} && document.getElementById('canvas').alt === 'Rounded Corner Button'")
        for route in held:
            try:
                route.continue_()
            except PlaywrightError:
                pass  # (the page gave the request up: as it should)
        page.unroute("**/api/thumbnail/Faulty*", hold)
        page.wait_for_timeout(500)
        assert page.evaluate("document.getElementById('canvas').alt") == "Rounded Corner Button", page.evaluate("document.getElementById('canvas').alt")
        assert page.locator("#overlay").is_hidden(), "Faulty's failure shown over another class"
        page.get_by_role("button", name="Faulty", exact=True).click()
        page.get_by_role("img", name="Faulty").wait_for()
        replace(os.path.join(components, "libFaulty.so"), good)
        page.wait_for_selector("#overlay", state="hidden", timeout=15000)
        assert "stale" not in (page.locator("#frame").get_attribute("class") or "")
        assert page.evaluate("window.__notNavigated === true"), "the page navigated"

        # 4. The scene: select an instance, edit it, move it with the mouse, save.
        page.get_by_role("button", name="board.json", exact=True).click()
        page.get_by_role("img", name="Scene board.json").wait_for()
        instance = page.get_by_role("button", name="ok (RoundedCornerButton)")
        instance.click()
        inspector.get_by_role("heading", name="Rounded Corner Button (ok)").wait_for()
        v = int(page.evaluate("document.getElementById('canvas').dataset.version"))
        page.get_by_label("Corner Radius", exact=True).fill("10")
        wait_until(page, f"Number(document.getElementById('canvas').dataset.version) > {v}")
        save = page.get_by_role("button", name="Save scene")
        assert save.is_enabled(), "an edit enables Save"
        entry = page.get_by_role("button", name="board.json", exact=True)
        assert entry.inner_text() == "board.json (unsaved)", f"the library's scene entry: {entry.inner_text()!r}"
        box = instance.bounding_box()
        v = int(page.evaluate("document.getElementById('canvas').dataset.version"))
        page.mouse.move(box["x"] + 10, box["y"] + 10)
        page.mouse.down()
        page.mouse.move(box["x"] + 20, box["y"] + 10, steps=4)
        page.mouse.move(box["x"] + 30, box["y"] + 10, steps=4)
        page.mouse.up()
        wait_until(page, f"Number(document.getElementById('canvas').dataset.version) > {v}")
        with open(scene) as f:
            assert '"cornerRadius"' not in f.read(), "saved before Save"
        page.keyboard.press("Control+s")  # as the Save scene button (and not the browser's Save page)
        wait_until(page, "document.querySelector('#save-scene').disabled")
        eventually("the entry saved", lambda: entry.inner_text() == "board.json", last=entry.inner_text)
        import json
        with open(scene) as f:
            saved = json.load(f)
        names = [i.get("name") for i in saved["instances"]]
        assert names == ["ok", "gauge"], names
        ok = saved["instances"][0]
        assert ok["frame"] == "30,20,120,44", ok["frame"]
        assert ok["attributes"]["cornerRadius"] == 10, ok["attributes"]
        assert ok["attributes"]["title"] == "OK", "an attribute the edit did not touch is kept"
        assert saved["background"] == "#F2F2F7", saved

        # 5. A screen with 3 device pixels per point: "Fit" on a 20×20 frame asked for scale 24,
        #    past the renderer's 16 (refused by the server); the page stays within it.
        dense = browser.new_page(viewport={"width": 1280, "height": 800}, device_scale_factor=3)
        record_errors(dense, errors)
        dense.goto(base)
        show_sized(dense, "Rounded Corner Button", 20, 20)
        wait_until(dense, "document.getElementById('canvas').naturalWidth === 120")
        dense.get_by_label("Zoom").select_option("fit")
        wait_until(dense, "document.getElementById('canvas').naturalWidth === 320")
        assert dense.locator("#overlay").is_hidden(), dense.locator("#overlay").inner_text()
        assert not errors, errors
        browser.close()


if __name__ == "__main__":
    try:
        main(*sys.argv[1:7])
    except AssertionError as e:
        # The failing line too: an assertion's own message may be an empty value.
        where = traceback.extract_tb(e.__traceback__)[-1]
        print(f"designer.py:{where.lineno}: {where.line}: {e!r}", file=sys.stderr)
        sys.exit(1)
    except Exception as e:
        print(f"designer.py: {type(e).__name__}: {e}; page errors: {ERRORS}", file=sys.stderr)
        sys.exit(1)
