"""Problems in sight (issue 24, point 4) for classes that load but fail, not only for files that fail
to load, in a real headless Chromium at 1280×800.

Usage: designer_problems.py PORT COMPONENTS_DIR FAULTY_GOOD_SO FAULTY_CRASH_DRAW_SO
The server runs `host serve` on Rounded Corner Button, Faulty built to crash in draw
(Tests/Fixtures/faulty_plugin.c, FAULT=crash_draw, as components/libFaulty.so) and a file whose one
class's registration is refused (broken_plugin.c's default_range, as components/libRefused.so).
1. On load, above the fold: the status bar counts 2 problems; the Problems panel names the refused
   file with its class, property and cause, and the failing class with its file and cause (a crash
   in draw); axe-core finds no serious or critical violation, light and dark.
2. The good build lands: Faulty leaves the count (1 problem) and its line says it recovered; the
   line goes by itself a few seconds later (or at once when dismissed).
3. The crashing build lands again while the page is open: the class is back in the count and the
   panel; its name is a button that opens it (the overlay names the crash).
Exits non-zero with a message on the first failure.
"""
import os
import sys

from designer import eventually, launch, open_page, replace, run, sync_playwright
from designer_product import axe_violations

ERRORS = []
LINES = "[...document.querySelectorAll('#failure-list li')].map(l => l.textContent)"


def main(port, components, good, crash):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)
        library = page.get_by_role("navigation", name="Library")
        panel = page.locator("#failure-section")
        count = page.locator("#problems-count")
        lines = lambda: page.evaluate(LINES)
        faulty_line = lambda: [t for t in lines() if t.startswith("./components/libFaulty.so:")]

        # 1. Both problems above the fold, each naming its file, class and cause.
        library.get_by_role("heading", name="Problems").wait_for()
        eventually("2 problems counted", lambda: count.is_visible() and count.inner_text() == "⚠ 2 problems", last=count.inner_text)
        eventually("the failing class listed", lambda: len(faulty_line()) == 1, last=lines)
        text = faulty_line()[0]
        for part in ["class Faulty", "crashed", "draw"]:
            assert part in text, f"{part!r} not in {text!r}"
        refused = [t for t in lines() if t.startswith("./components/libRefused.so:")]
        assert len(refused) == 1, lines()
        for part in ["class BrokenFixture", "property level", "50 is outside the range 0…10"]:
            assert part in refused[0], f"{part!r} not in {refused[0]!r}"
        box = panel.bounding_box()
        assert box["y"] + box["height"] <= 800, f"the problems are below the fold: {box}"
        assert "Faulty" in count.get_attribute("title") and "BrokenFixture" in count.get_attribute("title"), count.get_attribute("title")
        assert axe_violations(page) == [], axe_violations(page)
        dark = open_page(browser, base, ERRORS, color_scheme="dark")
        dark.locator("#failure-list li").nth(1).wait_for()
        eventually("the failing badge (dark)", lambda: dark.locator(".badge").count() == 1)
        assert axe_violations(dark) == [], axe_violations(dark)
        dark.close()

        # 2. Rebuilt: the class leaves the count and says it recovered; the line goes by itself.
        replace(os.path.join(components, "libFaulty.so"), good)
        eventually("1 problem counted", lambda: count.inner_text() == "⚠ 1 problem", last=count.inner_text)
        eventually("Faulty said recovered", lambda: faulty_line() == ["./components/libFaulty.so: class Faulty recovered"],
                   last=lines)
        assert page.locator("#failure-list li.recovered").count() == 1
        assert axe_violations(page) == [], axe_violations(page)
        eventually("the recovered line gone", lambda: faulty_line() == [], timeout=20, last=lines)
        assert len(lines()) == 1, lines()

        # 3. It fails again while the page is open: back in the count and the panel; its name opens it.
        replace(os.path.join(components, "libFaulty.so"), crash)
        library.get_by_role("button", name="Faulty", exact=True).first.wait_for()
        eventually("2 problems again", lambda: count.inner_text() == "⚠ 2 problems", last=count.inner_text)
        eventually("Faulty listed again", lambda: len(faulty_line()) == 1 and "crashed" in faulty_line()[0], last=lines)
        panel.get_by_role("button", name="class Faulty").click()
        page.get_by_role("complementary", name="Inspector").get_by_role("heading", name="Faulty", exact=True).wait_for()
        eventually("the overlay names the crash", lambda: page.locator("#overlay").is_visible() and "draw" in page.locator("#overlay").inner_text(),
                   last=lambda: page.locator("#overlay").inner_text())
        # Recovered and dismissed at once.
        replace(os.path.join(components, "libFaulty.so"), good)
        eventually("Faulty said recovered", lambda: page.locator("#failure-list li.recovered").count() == 1, last=lines)
        panel.get_by_role("button", name="Dismiss").click()
        assert faulty_line() == [], lines()
        assert count.inner_text() == "⚠ 1 problem", count.inner_text()
        assert ERRORS == [], ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, os.path.basename(__file__), sys.argv[1:], ERRORS)
