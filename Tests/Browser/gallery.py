"""The component gallery (host gallery's index.html) in a real headless Chromium.

Usage: gallery.py GALLERY/index.html  (made from Gauge, RoundedCornerButton, FancyButton and the
validate_faults.c Probe built with FAULT=wrong_default). Exits non-zero with a message.
"""
import sys
from playwright.sync_api import sync_playwright


def visible_classes(page):
    return page.eval_on_selector_all("section.class", "s => s.filter(e => !e.hidden).map(e => e.id)")


def main(path):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("file://" + path)
        page.wait_for_load_state("load")
        everything = ["FancyButton", "Gauge", "Probe", "RoundedCornerButton"]
        assert visible_classes(page) == everything, visible_classes(page)

        # Every picture loads, every variant of Gauge included.
        # (They load lazily: each is scrolled to, then waited for.)
        for img in page.locator("section.class img").all():
            img.scroll_into_view_if_needed()
            page.wait_for_function("i => i.complete && i.naturalWidth > 0", arg=img.element_handle(), timeout=5000)
        gauge = page.locator("section#Gauge")
        assert gauge.locator("figure").count() == 8, gauge.locator("figure").count()  # (6 variants; the default dark and right to left)
        assert gauge.get_by_role("img", name="Gauge (pie)").is_visible()
        assert "--variant pie" in gauge.locator("[id='Gauge.pie'] .cmd").inner_text()

        # Colour swatches show the colour.
        swatch = gauge.locator("span.swatch").first
        assert swatch.get_attribute("title") == "#2E7D33", swatch.get_attribute("title")
        assert "46, 125, 51" in swatch.evaluate("s => getComputedStyle(s).backgroundImage"), swatch.evaluate("s => getComputedStyle(s).backgroundImage")

        # Search: by a variant name, by a property name, several words, nothing.
        search = page.get_by_label("Search components")
        search.fill("pie")
        assert visible_classes(page) == ["Gauge"], visible_classes(page)
        assert page.locator("nav li:not([hidden])").count() == 1
        search.fill("cornerradius")
        assert visible_classes(page) == ["FancyButton", "RoundedCornerButton"], visible_classes(page)
        search.fill("indicators value")
        assert visible_classes(page) == ["Gauge"], visible_classes(page)
        search.fill("nothing-like-this")
        assert visible_classes(page) == [] and page.locator("#no-match").is_visible()
        search.fill("")
        assert visible_classes(page) == everything

        # Links between classes: the table of contents, and "see also" within a group.
        page.get_by_role("navigation").get_by_role("link", name="Rounded Corner Button").click()
        assert page.url.endswith("#RoundedCornerButton"), page.url
        page.locator("section#FancyButton .related").get_by_role("link", name="Rounded Corner Button").click()
        assert page.url.endswith("#RoundedCornerButton"), page.url

        # Validation status of each plugin, linked from its classes.
        rows = page.locator("#validation tr[data-plugin]")
        assert rows.count() == 4, rows.count()
        probe = page.locator("#validation tr[data-plugin='./components/libProbe.so']")
        assert "1 failed" in probe.locator(".status").inner_text(), probe.inner_text()
        probe.locator("summary").click()
        assert "declared default 3, a fresh instance has 4" in probe.inner_text(), probe.inner_text()
        gauge_row = page.locator("#validation tr[data-plugin='./components/libGauge.so'] .status")
        assert gauge_row.inner_text() == "passed", gauge_row.inner_text()
        assert page.locator("section#Probe .meta a.failed").inner_text() == "validation: 1 failed"
        assert not errors, errors
        browser.close()


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except AssertionError as e:
        print(f"assertion failed: {e}", file=sys.stderr)
        sys.exit(1)
