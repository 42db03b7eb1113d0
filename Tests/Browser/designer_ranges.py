"""A dependent range in the designer's inspector (easel.h, easel.ranges/1), in a real headless
Chromium: Meter's value goes up to its maximum (Tests/Fixtures/clamping.c).

Usage: designer_ranges.py PORT
The server runs `host serve` on the clamping fixture.
1. Meter's Value slider ends at the maximum's value (100), and says what bounds it.
2. Maximum set to 20 in its field: the Value slider ends at 20, and Value shows 20, the value the
   component clamped itself to and reported (property_changed), not marked modified (the designer
   does not hold it: nothing to reset), while Maximum is.
Exits non-zero with a message on the first failure.
"""
import sys

from designer import eventually, launch, open_page, run, sync_playwright

ERRORS = []


def main(port):
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, f"http://127.0.0.1:{port}/", ERRORS)
        inspector = page.get_by_role("complementary", name="Inspector")
        page.get_by_role("button", name="Meter", exact=True).click()
        inspector.get_by_role("heading", name="Meter", exact=True).wait_for()
        slider = lambda: inspector.get_by_role("slider", name="Value", exact=True)
        eventually("the Value slider ends at the maximum, 100", lambda: slider().get_attribute("max") == "100",
                   last=lambda: slider().get_attribute("max"))
        title = slider().get_attribute("title")
        assert title == "Maximum: the value of maximum", title

        maximum = inspector.get_by_label("Maximum value", exact=True)
        maximum.fill("20")
        eventually("the Value slider ends at 20", lambda: slider().get_attribute("max") == "20",
                   last=lambda: slider().get_attribute("max"))
        field = lambda: inspector.get_by_label("Value value", exact=True).input_value()
        eventually("Value shows the clamped 20", lambda: field() == "20", last=field)
        row = lambda name: inspector.locator(f'.property[data-property="{name}"]')
        classes = lambda name: (row(name).get_attribute("class") or "").split()
        eventually("Maximum is marked modified", lambda: "modified" in classes("maximum"), last=lambda: classes("maximum"))
        assert "modified" not in classes("value"), f"the clamped Value is not the designer's: {classes('value')}"
        assert row("value").get_by_role("img", name="modified").count() == 0, "no modified marker on the clamped Value"
        assert row("value").locator("button.reset").is_disabled(), "nothing to reset on the clamped Value"
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_ranges.py", sys.argv[1:], ERRORS)
