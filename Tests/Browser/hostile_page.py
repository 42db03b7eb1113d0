"""A page host writes (the gallery, the snapshot report) made from plugins whose strings are HTML, in a
real headless Chromium: the strings are shown as text, and nothing of theirs runs or loads.

Usage: hostile_page.py PAGE.html TEXT...  (each TEXT must be shown, literally, in the page).
The hostile fixture (Tests/Fixtures/markup_plugin.c) sets window.__pwned from any script of its that
runs. Exits non-zero with a message.
"""
import sys
from playwright.sync_api import sync_playwright


def main(path, texts):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        requests = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto("file://" + path)
        page.wait_for_load_state("load")
        # Lazy pictures load once scrolled to: scroll through the whole page.
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_timeout(300)
        assert errors == [], errors
        assert page.evaluate("window.__pwned") is None, "a plugin's script ran: " + str(page.evaluate("window.__pwned"))
        assert page.evaluate("document.scripts.length") == 1, "scripts: %d" % page.evaluate("document.scripts.length")
        assert page.evaluate("document.querySelectorAll('[onerror], [onload], [onclick]').length") == 0, "event attributes"
        assert page.evaluate("[...document.images].filter(i => i.getAttribute('src') === 'x').length") == 0, "a plugin's <img>"
        assert not [u for u in requests if u.endswith("/x")], requests
        shown = page.evaluate("document.body.innerText")
        for text in texts:
            assert text in shown, "not shown: %r" % text
        assert page.title() != "", "the title survived"
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
