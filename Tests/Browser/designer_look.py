"""The designer's look, kept as reference screenshots (issue 24: "a designer that regresses visually
fails"), in a real headless Chromium at 1280×800.

Usage: designer_look.py PORT FONTS_CONF REFERENCES_DIR
The server runs `host serve --scene board.json` on Rounded Corner Button and Gauge, with a file
that fails to load (libBroken.so). FONTS_CONF is the renderer's pinned fontconfig setup
(EaselRender/FontConfiguration.swift), which Chromium is given too (FONTCONFIG_FILE), with text drawn
without antialiasing (BILEVEL): the page's text is drawn with the same few font files on every
machine, whatever else is installed or configured, and the references stay small.

1. Ten screenshots, light and dark: the landing page (the scene `--scene` opens), a class open
   (Rounded Corner Button), its Variants and Docs tabs, and the scene editor (an instance selected).
   Each is taken once the page has settled (fonts loaded, every image decoded, two screenshots in a
   row the same), with animations and the caret off and the pointer parked, and compared with
   REFERENCES_DIR/NAME.png within the tolerance below. On a mismatch NAME.actual.png and NAME.diff.png
   (differing pixels in red over a faded copy of the reference) are written beside the reference and
   named in the failure.
2. The comparison can fail: the class view with a broken stylesheet (an accent colour changed, the
   text colour a shade off, the toolbar hidden, the library panel 12 px wider) differs from its
   reference past the tolerance, each one; without it, it matches again.

EASEL_RECORD_REFERENCES=1 writes every reference anew instead of comparing (then check them by eye and
commit them). Exits non-zero with a message on the first failure.
"""
import base64
import os
import sys
import time

from designer import eventually, run, sync_playwright, wait_until

# The tolerance. A pixel differs when one of its channels differs by more than CHANNEL_THRESHOLD
# (of 255): antialiasing and image-scaling noise moves edge pixels by a few levels, while a token
# colour changed by a visible shade moves every pixel painted with it by more. A screenshot fails
# when more than MAX_DIFFERING_SHARE of its pixels differ: 0.05 % of 1280×800 is 512 pixels, fewer
# than one short word re-laid out (a moved panel, a lost style, a hidden control or a changed colour
# changes thousands), more than the stray edge pixels a loaded machine's raster may change.
CHANNEL_THRESHOLD = 16
MAX_DIFFERING_SHARE = 0.0005

# Appended to the pinned setup for Chromium (the last rule wins): outlines drawn without antialiasing.
BILEVEL = """  <match target="font">
    <test name="color"><bool>false</bool></test>
    <edit name="antialias" mode="assign"><bool>false</bool></edit>
  </match>
"""

VIEWPORT = {"width": 1280, "height": 800}
RECORD = os.environ.get("EASEL_RECORD_REFERENCES") == "1"
ERRORS = []

COMPARE = """async ([actual, reference, threshold]) => {
  const load = (src) => new Promise((ok, no) => { const i = new Image(); i.onload = () => ok(i); i.onerror = () => no(new Error('cannot decode')); i.src = src; });
  const [a, r] = await Promise.all([load(actual), load(reference)]);
  if (a.naturalWidth !== r.naturalWidth || a.naturalHeight !== r.naturalHeight)
    return { sizes: `${a.naturalWidth}x${a.naturalHeight} vs ${r.naturalWidth}x${r.naturalHeight}` };
  const w = a.naturalWidth, h = a.naturalHeight;
  const pixels = (i) => { const c = document.createElement('canvas'); c.width = w; c.height = h;
    const g = c.getContext('2d'); g.drawImage(i, 0, 0); return g.getImageData(0, 0, w, h); };
  const p = pixels(a).data, q = pixels(r);
  const d = q.data;
  let differing = 0, largest = 0;
  for (let k = 0; k < p.length; k += 4) {
    const delta = Math.max(Math.abs(p[k] - d[k]), Math.abs(p[k + 1] - d[k + 1]), Math.abs(p[k + 2] - d[k + 2]), Math.abs(p[k + 3] - d[k + 3]));
    largest = Math.max(largest, delta);
    if (delta > threshold) { differing++; d[k] = 255; d[k + 1] = 0; d[k + 2] = 0; d[k + 3] = 255; }
    else { const v = 255 - (255 - (d[k] + d[k + 1] + d[k + 2]) / 3) * 0.2; d[k] = d[k + 1] = d[k + 2] = v; d[k + 3] = 255; }
  }
  let diff = null;
  if (differing) { const c = document.createElement('canvas'); c.width = w; c.height = h; c.getContext('2d').putImageData(q, 0, 0); diff = c.toDataURL('image/png'); }
  return { differing, total: w * h, largest, diff };
}"""

SETTLED = """() => document.fonts.status === 'loaded'
  && [...document.images].every(i => !i.src || (i.complete && (i.naturalWidth > 0 || i.style.visibility === 'hidden')))"""


def data_url(png):
    return "data:image/png;base64," + base64.b64encode(png).decode()


def shoot(page):
    """A screenshot of the page once it has settled: fonts and images loaded, then two screenshots in
    a row the same (a frame still arriving, a thumbnail redrawn, a transition ending change it)."""
    wait_until(page, SETTLED)
    page.mouse.move(VIEWPORT["width"] - 2, VIEWPORT["height"] - 2)  # (no control hovered: the status bar's end)
    options = {"animations": "disabled", "caret": "hide", "scale": "css"}
    last = page.screenshot(**options)
    for _ in range(40):
        time.sleep(0.15)
        wait_until(page, SETTLED)
        now = page.screenshot(**options)
        if now == last:
            return now
        last = now
    raise AssertionError("the page never settled: two screenshots in a row always differed")


class Comparer:
    """Compares screenshots with the references in `folder`, in a blank page of its own."""

    def __init__(self, browser, folder):
        self.folder = folder
        self.page = browser.new_page()
        # The Chromium the references were recorded with (another version may lay text out anew).
        self.version_file = os.path.join(folder, "chromium-version.txt")
        self.version = browser.version
        if RECORD:
            with open(self.version_file, "w") as f:
                f.write(self.version + "\n")

    def version_note(self):
        """A word when this Chromium is not the one the references were recorded with."""
        recorded = open(self.version_file).read().strip() if os.path.exists(self.version_file) else "an unknown version"
        return "" if recorded == self.version else f" (the references were recorded with Chromium {recorded}; this is {self.version})"

    def verdict(self, actual, name):
        """(differing pixels, total, largest channel difference, diff PNG or None) against NAME.png."""
        with open(os.path.join(self.folder, name + ".png"), "rb") as f:
            reference = f.read()
        if reference == actual:
            return 0, VIEWPORT["width"] * VIEWPORT["height"], 0, None
        result = self.page.evaluate(COMPARE, [data_url(actual), data_url(reference), CHANNEL_THRESHOLD])
        if "sizes" in result:
            raise AssertionError(f"{name}: the screenshot's size differs from the reference's: {result['sizes']}")
        diff = base64.b64decode(result["diff"].split(",", 1)[1]) if result["diff"] else None
        return result["differing"], result["total"], result["largest"], diff

    def check(self, actual, name):
        """Records NAME.png (EASEL_RECORD_REFERENCES=1) or compares `actual` with it; on a mismatch
        writes NAME.actual.png and NAME.diff.png beside it and fails naming them."""
        reference = os.path.join(self.folder, name + ".png")
        leftovers = [os.path.join(self.folder, f"{name}.{kind}.png") for kind in ("actual", "diff")]
        for path in leftovers:
            if os.path.exists(path):
                os.remove(path)
        if RECORD:
            with open(reference, "wb") as f:
                f.write(actual)
            print(f"recorded {reference} ({len(actual)} bytes)")
            return
        if not os.path.exists(reference):
            raise AssertionError(f"no reference {reference}: record the references with EASEL_RECORD_REFERENCES=1 "
                                 "(Docs/reference/designer.md, Reference screenshots)")
        differing, total, largest, diff = self.verdict(actual, name)
        print(f"{name}: {differing} of {total} pixels differ (largest channel difference {largest})")
        if differing > MAX_DIFFERING_SHARE * total:
            with open(leftovers[0], "wb") as f:
                f.write(actual)
            with open(leftovers[1], "wb") as f:
                f.write(diff)
            raise AssertionError(f"{name}: {differing} of {total} pixels ({100 * differing / total:.2f} %) differ from {reference} "
                                 f"by more than {CHANNEL_THRESHOLD} (at most {MAX_DIFFERING_SHARE * 100:g} % may); "
                                 f"see {leftovers[0]} and {leftovers[1]}; if the change is meant, record the references "
                                 f"again (EASEL_RECORD_REFERENCES=1){self.version_note()}")


def views(page, base, library):
    """Yields (name, screenshot) for the landing page, a class, Variants, Docs and the scene editor."""
    page.goto(base)
    page.get_by_role("img", name="Scene board.json").wait_for()
    eventually("the problems count", lambda: page.locator("#problems-count").is_visible())
    yield "landing", shoot(page)
    library.get_by_role("button", name="Rounded Corner Button", exact=True).click()
    page.get_by_role("img", name="Rounded Corner Button").wait_for()
    eventually("its inspector", lambda: page.get_by_label("Corner Radius", exact=True).input_value() == "0")
    yield "class", shoot(page)
    page.get_by_role("tab", name="Variants").click()
    panel = page.get_by_role("tabpanel", name="Variants")
    panel.get_by_role("img", name="Rounded Corner Button, Pill").wait_for()
    yield "variants", shoot(page)
    page.get_by_role("tab", name="Docs").click()
    page.get_by_role("tabpanel", name="Docs").locator("pre").first.wait_for()
    yield "docs", shoot(page)
    page.get_by_role("tab", name="Canvas").click()
    library.get_by_role("button", name="board.json", exact=True).click()
    page.get_by_role("img", name="Scene board.json").wait_for()
    page.get_by_role("group", name="Instances", exact=True).get_by_role("checkbox", name="meter (Gauge)").click()
    page.get_by_role("complementary", name="Inspector").get_by_label("Value", exact=True).wait_for()
    yield "scene", shoot(page)


def sabotages(page, compare):
    """The class view under broken stylesheets: each one must fail the comparison."""
    sheet = """(css) => { const s = new CSSStyleSheet(); s.replaceSync(css); document.adoptedStyleSheets = css ? [s] : []; }"""
    for what, css in [("an accent colour changed", ":root { --accent: light-dark(#c2410c, #fb923c) !important; }"),
                      ("the text colour a shade off", ":root { --text: light-dark(#3a3d44, #c8cad0) !important; }"),
                      ("the toolbar hidden", ".toolbar { visibility: hidden !important; }"),
                      ("the library 12 px wider", ":root { --library-width: 252px !important; }")]:
        page.evaluate(sheet, css)
        differing, total, _, _ = compare.verdict(shoot(page), "class-light")
        print(f"broken stylesheet, {what}: {differing} of {total} pixels differ")
        assert differing > MAX_DIFFERING_SHARE * total, f"{what}: only {differing} pixels differ: the comparison cannot see it"
    page.evaluate(sheet, "")
    differing, total, _, _ = compare.verdict(shoot(page), "class-light")
    assert differing <= MAX_DIFFERING_SHARE * total, f"the stylesheet restored: still {differing} pixels differ"


def main(port, fonts_conf, folder):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        # The pinned fonts and rasterisation (no hinting, grey antialiasing), the sRGB profile, 1×.
        # Text without antialiasing: the references hold a few colours instead of thousands of
        # antialiased text pixels, a third of the size in git (about 45 KB a screenshot, not 110–180).
        pinned = open(fonts_conf).read()
        assert pinned.rstrip().endswith("</fontconfig>"), fonts_conf
        fonts_conf = os.path.join(os.path.dirname(fonts_conf), "fonts-bilevel.conf")
        with open(fonts_conf, "w") as f:
            f.write(pinned.rstrip()[:-len("</fontconfig>")] + BILEVEL + "</fontconfig>\n")
        environment = {**os.environ, "FONTCONFIG_FILE": fonts_conf}
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", env=environment,
                                    args=["--no-sandbox", "--font-render-hinting=none", "--disable-lcd-text",
                                          "--force-color-profile=srgb", "--disable-gpu"])
        compare = Comparer(browser, folder)
        class_view = None
        for scheme in ["light", "dark"]:
            context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1, color_scheme=scheme,
                                          reduced_motion="reduce", locale="en-US", timezone_id="UTC")
            page = context.new_page()
            page.on("pageerror", lambda e: ERRORS.append(str(e)))
            library = page.get_by_role("navigation", name="Library")
            for name, png in views(page, base, library):
                compare.check(png, f"{name}-{scheme}")
            if scheme == "light":
                class_view = page
                library.get_by_role("button", name="Rounded Corner Button", exact=True).click()
                page.get_by_role("img", name="Rounded Corner Button").wait_for()
                eventually("its inspector", lambda: page.get_by_label("Corner Radius", exact=True).input_value() == "0")
                if not RECORD:
                    sabotages(page, compare)
            else:
                context.close()
        class_view.context.close()
        assert ERRORS == [], ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, os.path.basename(__file__), sys.argv[1:], ERRORS)
