"""The snapshot report page (host snapshot verify's index.html) in a real headless Chromium.

Usage: snapshot_report.py REPORT/index.html
Checks that every image of the first failure loads, that the slider wipes between the reference
and the actual render, and that the zoom doubles the pictures. Exits non-zero with a message.
"""
import sys
from playwright.sync_api import sync_playwright


def main(page_path):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("file://" + page_path)
        page.wait_for_load_state("load")
        failure = page.locator("section.failure").first
        assert failure.get_attribute("id") == "Swatch/default@2x", failure.get_attribute("id")
        for name in ["Reference", "Actual", "Difference"]:
            img = failure.get_by_role("img", name=f"{name} of Swatch/default@2x")
            size = img.evaluate("i => [i.complete, i.naturalWidth, i.naturalHeight]")
            assert size == [True, 96, 64], f"{name}: {size}"
        over = failure.get_by_role("img", name="actual over the slider")
        slider = failure.get_by_label("Slider for Swatch/default@2x")
        assert over.evaluate("i => i.style.clipPath") == "inset(0px 0px 0px 50%)", over.evaluate("i => i.style.clipPath")
        slider.fill("0")
        assert over.evaluate("i => i.style.clipPath") in ("inset(0px 0px 0px 0%)", "inset(0px)"), over.evaluate("i => i.style.clipPath")
        slider.fill("100")
        assert over.evaluate("i => i.style.clipPath") == "inset(0px 0px 0px 100%)", over.evaluate("i => i.style.clipPath")
        page.get_by_label("Zoom").select_option("2")
        width = failure.get_by_role("img", name="Actual of Swatch/default@2x").evaluate("i => i.getBoundingClientRect().width")
        assert width == 192, f"zoomed width {width}"
        assert not errors, errors
        browser.close()


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except AssertionError as e:
        print(f"assertion failed: {e}", file=sys.stderr)
        sys.exit(1)
