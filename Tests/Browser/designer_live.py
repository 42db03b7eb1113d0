"""The live designer's library, hot-reload notices and build log in a real headless Chromium,
driven by the accessible names of its controls (as designer.py).

Usage: designer_live.py PORT COMPONENTS_DIR SOURCES_DIR EVOLVING_V1_SO EVOLVING_V2_SO BROKEN_SO
The server runs `host serve --build "sh build.sh" --sources src` on Rounded Corner Button, Gauge,
Evolving (Tests/Fixtures/evolving_plugin.c, version 1) and two files that fail to load (libAbi.so,
built for ABI 2.0; libNoEntry.so, without an entry symbol). build.sh copies the file named in
src/choice.txt to components/libEvolving.so, or fails with a compiler-like error for "broken".
1. The search field filters the library by name, summary and group, case-insensitively; a search
   matching nothing says so; clearing it shows every class again.
2. The failed-files list names each file that failed to load, with why; a file that fails to load
   after the page opened joins the list, with its class and property.
3. Each class's thumbnail is its last good preview: pixel for pixel POST /api/render at 2×.
4. Hot reload through the build command: a build that drops a property and narrows a range shows
   the schema diff and the dropped values as notices, the inspector follows the new schema; the
   build log shows the command's output and its finished status; a failing build shows its error
   and status; the first build again shows the values restored (editors, canvas and thumbnail).
5. Two tabs on Gauge: a value set or reset in one shows in the other's editors and canvas.
Exits non-zero with a message on the first failure.
"""
import os
import sys
from playwright.sync_api import Error as PlaywrightError

from designer import COMPARE, FRAME, RENDER, SNAPSHOT, canvas_becomes, compare_canvas, eventually, launch, open_page, replace, run, sync_playwright, wait_until

ERRORS = []
ENTRIES = "[...document.querySelectorAll('#class-list button.entry')].map(b => b.getAttribute('aria-label'))"
NOTICES = "[...document.querySelectorAll('#notices li')].map(l => l.className + ' | ' + l.textContent)"


def main(port, components, sources, v1, v2, broken):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)
        library = page.get_by_role("navigation", name="Library")
        inspector = page.get_by_role("complementary", name="Inspector")
        canvas = page.locator("#canvas")
        everything = ["Evolving", "Rounded Corner Button", "Gauge"]

        # 1. Search: by name, summary or group, in any case; nothing matching says so; cleared, all.
        wait_until(page, f"{ENTRIES}.length === 3")
        assert sorted(page.evaluate(ENTRIES)) == sorted(everything), page.evaluate(ENTRIES)
        search = library.get_by_label("Search classes")
        for text, expected in [("button", ["Rounded Corner Button"]), ("INDICATORS", ["Gauge"]),
                               ("between builds", ["Evolving"]), ("g", ["Evolving", "Gauge"])]:
            search.fill(text)
            assert sorted(page.evaluate(ENTRIES)) == expected, f"search {text!r}: {page.evaluate(ENTRIES)}"
            for name in everything:
                shown = library.get_by_role("button", name=name, exact=True).count()
                assert shown == (1 if name in expected else 0), f"search {text!r}: {name} shown {shown} times"
        search.fill("no such thing")
        assert page.evaluate(ENTRIES) == [], page.evaluate(ENTRIES)
        assert library.get_by_text("No class matches.").is_visible(), "an empty result says so"
        search.fill("")
        assert sorted(page.evaluate(ENTRIES)) == sorted(everything), f"cleared: {page.evaluate(ENTRIES)}"
        assert library.get_by_text("No class matches.").count() == 0

        # 2. The files that failed to load, each with why.
        failed = library.get_by_role("heading", name="Problems")
        assert failed.is_visible(), "the failed-files section is shown"
        items = lambda: page.evaluate("[...document.querySelectorAll('#failure-list li')].map(l => l.textContent)")
        wait_until(page, "document.querySelectorAll('#failure-list li').length === 2")
        listed = items()
        for file, why in [("./components/libAbi.so", "was built for ABI 2.0, but this host speaks ABI 1.2"),
                          ("./components/libNoEntry.so", "has no entry symbol 'easel_plugin_entry'")]:
            mine = [t for t in listed if t.startswith(file + ":")]
            assert len(mine) == 1 and why in mine[0], f"{file}: {listed}"
        # A file that fails to load while the page is open joins the list, with its class and property.
        replace(os.path.join(components, "libLate.so"), broken)
        wait_until(page, "document.querySelectorAll('#failure-list li').length === 3")
        late = [t for t in items() if t.startswith("./components/libLate.so:")]
        assert len(late) == 1, items()
        for part in ["class BrokenFixture", "property level", "50 is outside the range 0…10"]:
            assert part in late[0], f"{part!r} not in {late[0]!r}"

        # 3. Thumbnails: each class's last good preview, real pixels (what POST /api/render draws at 2×).
        def thumbnail_matches(display_name, cls, attributes):
            img = library.get_by_role("button", name=display_name, exact=True).locator("img")
            if not img.evaluate("i => i.complete && i.naturalWidth > 0"):
                return False
            expected = page.evaluate(RENDER, [cls, attributes, 2])
            assert expected.startswith("blob:"), expected
            try:
                verdict = page.evaluate(COMPARE, [img.get_attribute("src"), expected])
            except PlaywrightError as e:  # the page revoked that blob: URL for a newer thumbnail
                return f"read again: {e}"
            return verdict == "same" or verdict
        for display_name, cls in [("Rounded Corner Button", "RoundedCornerButton"), ("Gauge", "Gauge"), ("Evolving", "Evolving")]:
            eventually(f"the thumbnail of {cls} (vs POST /api/render)", lambda: thumbnail_matches(display_name, cls, {}),
                       last=lambda: thumbnail_matches(display_name, cls, {}))

        # 4. Hot reload through the build command. Values the next build cannot take.
        v = page.evaluate(FRAME)
        library.get_by_role("button", name="Evolving", exact=True).click()
        inspector.get_by_role("heading", name="Evolving", exact=True).wait_for()
        wait_until(page, f"{FRAME} > {v}")
        page.get_by_label("Label", exact=True).fill("hello")
        page.get_by_label("Level value", exact=True).fill("8")
        wait_until(page, "document.querySelector('.property[data-property=level] .marker').textContent !== ''"
                         " && document.querySelector('.property[data-property=label] .marker').textContent !== ''")
        wait_until(page, "document.querySelector('.property[data-property=level] input').value === '8'")
        assert page.locator("#build-log-box").is_hidden(), "no build log before a build"

        v = page.evaluate(FRAME)
        with open(os.path.join(sources, "choice.txt"), "w") as f:
            f.write(v2)
        notices = lambda: page.evaluate(NOTICES)
        has = lambda kind, text: any(n.startswith("notice " + kind + " | ") and text in n for n in notices())
        eventually("the schema diff notice", lambda: has("schema",
                   "Evolving: +width (CGFloat), -label, ~tint Color→String, level default 5→2, level range 0…10→0…5"))
        eventually("the dropped label", lambda: has("warning", "Evolving.label=hello dropped: this build has no property label"))
        eventually("the dropped level", lambda: has("warning", "Evolving.level=8 dropped: 8 is outside the range 0…5"))
        # The inspector follows the new schema: Label gone, Width added, Level's range 0…5 at its new default.
        wait_until(page, "document.querySelector('.property[data-property=width]') !== null")
        assert page.locator(".property[data-property=label]").count() == 0, "the removed property's editor is gone"
        assert page.get_by_label("Level", exact=True).get_attribute("max") == "5"
        assert page.get_by_label("Level value", exact=True).input_value() == "2", "the dropped value is not applied"
        wait_until(page, f"{FRAME} > {v}")
        expected = page.evaluate(RENDER, ["Evolving", {}, 2])
        canvas_becomes(page, expected, "the canvas at build 2")
        # The build log: the command's output and its finished status (and a notice of it).
        log_box = page.locator("#build-log-box")
        assert log_box.is_visible(), "the build log appears with the first build"
        page.get_by_text("Build output", exact=True).click()
        log = page.locator("#build-log")
        eventually("the finished build in the log", lambda: "build: `sh build.sh` succeeded in" in log.inner_text())
        text = log.inner_text()
        for line in ["build: running `sh build.sh`", f"build: compiling {v2}"]:
            assert line in text, f"{line!r} not in the build log: {text}"
        assert text.index(f"build: compiling {v2}") < text.index("build: `sh build.sh` succeeded"), text
        eventually("the build notice", lambda: has("ok", "build: `sh build.sh` succeeded"))

        # A failing build: its error line and status in the log, an error notice; the canvas stays.
        shown = page.evaluate(SNAPSHOT)
        with open(os.path.join(sources, "choice.txt"), "w") as f:
            f.write("broken")
        eventually("the failed build in the log", lambda: "build: `sh build.sh` failed with status 2" in log.inner_text())
        assert "build: src/choice.txt:1: error: expected a library" in log.inner_text(), log.inner_text()
        eventually("the failed build's notice", lambda: has("error", "build: `sh build.sh` failed with status 2"))
        assert page.locator("#overlay").is_hidden(), "a failed build command is not a plugin failure"
        canvas_becomes(page, shown, "the canvas unchanged by the failed build")

        # The first build again: the values set aside are restored, in the editors and the pixels.
        with open(os.path.join(sources, "choice.txt"), "w") as f:
            f.write(v1)
        eventually("the schema diff back", lambda: has("schema",
                   "Evolving: +label (String), -width, ~tint String→Color, level default 2→5, level range 0…5→0…10"))
        eventually("the restored label", lambda: has("", "Evolving.label=hello restored: this build fits it again"))
        eventually("the restored level", lambda: has("", "Evolving.level=8 restored: this build fits it again"))
        wait_until(page, "document.querySelector('.property[data-property=label] input')?.value === 'hello'")
        wait_until(page, "document.querySelector('.property[data-property=level] input').value === '8'")
        assert page.locator(".property[data-property=width]").count() == 0
        expected = page.evaluate(RENDER, ["Evolving", {"label": "hello", "level": 8}, 2])
        canvas_becomes(page, expected, "the canvas with the restored values")
        eventually("the thumbnail with the restored values",
                   lambda: thumbnail_matches("Evolving", "Evolving", {"label": "hello", "level": 8}),
                   last=lambda: thumbnail_matches("Evolving", "Evolving", {"label": "hello", "level": 8}))

        # 5. Two tabs on one class: what one sets (an edit, a reset) the other shows, editors and
        #    canvas (it went on showing the old values until reloaded).
        other = open_page(browser, base + "#class=Gauge", ERRORS)
        page.get_by_role("button", name="Gauge", exact=True).click()
        for tab in [page, other]:
            tab.get_by_role("complementary", name="Inspector").get_by_role("heading", name="Gauge", exact=True).wait_for()
            wait_until(tab, f"{FRAME} > 0")
        page.get_by_label("Value value", exact=True).fill("77")
        eventually("the other tab's Value", lambda: other.get_by_label("Value value", exact=True).input_value() == "77",
                   last=lambda: other.get_by_label("Value value", exact=True).input_value())
        canvas_becomes(other, other.evaluate(RENDER, ["Gauge", {"value": 77}, 2]), "the other tab's canvas")
        other.get_by_role("button", name="Reset Value to default").click()
        eventually("the first tab's Value reset", lambda: page.get_by_label("Value value", exact=True).input_value() == "42",
                   last=lambda: page.get_by_label("Value value", exact=True).input_value())
        canvas_becomes(page, page.evaluate(RENDER, ["Gauge", {}, 2]), "the first tab's canvas after the reset")
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_live.py", sys.argv[1:7], ERRORS)
