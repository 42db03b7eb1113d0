"""The designer page as native ES modules, in a real headless Chromium: it loads every module it
has, as JavaScript, with no script or console error and no failed request, and nothing of it is a
global of the window (a classic script's functions and its old `state` object were).

Usage: designer_modules.py PORT PAGE_DIR
The server runs `host serve` on Gauge; PAGE_DIR is the page's folder (Sources/EaselServe/Page).
1. The page loads app.js as a module; every .js file under PAGE_DIR (modules/ and its folders) is
   fetched once, 200, text/javascript, and no other script; no request fails or is refused.
2. The window has no `state` and none of the page's functions (selectClass, renderCanvas, …).
3. It works: Gauge picked in the library is drawn and its inspector shown; still no error.
Exits non-zero with a message on the first failure.
"""
import os
import sys
from urllib.parse import urlparse

from designer import FRAME, launch, run, sync_playwright, wait_until

ERRORS = []


def page_scripts(page_dir):
    """The page's JavaScript files, as paths of the server ("/app.js", "/modules/…")."""
    found = set()
    for folder, _, names in os.walk(page_dir):
        for name in names:
            if name.endswith(".js"):
                found.add("/" + os.path.relpath(os.path.join(folder, name), page_dir).replace(os.sep, "/"))
    return found


def main(port, page_dir):
    base = f"http://127.0.0.1:{port}/"
    expected = page_scripts(page_dir)
    assert "/app.js" in expected and any(p.startswith("/modules/") for p in expected), expected
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        scripts = {}   # path → [(status, content type)]
        refused = []   # responses of 400 and above, and requests that failed
        page.on("pageerror", lambda e: ERRORS.append(str(e)))
        page.on("console", lambda m: ERRORS.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("requestfailed", lambda r: refused.append(f"{r.url}: {r.failure}"))

        def answered(response):
            path = urlparse(response.url).path
            if path.endswith(".js"):
                scripts.setdefault(path, []).append((response.status, response.headers.get("content-type", "")))
            if response.status >= 400:
                refused.append(f"{response.url}: {response.status}")
        page.on("response", answered)
        page.goto(base)
        # (Modules run only once every module of the graph is loaded and linked.)
        page.get_by_role("status").filter(has_text="Live").wait_for()
        page.get_by_role("button", name="Gauge", exact=True).wait_for()

        # 1. Loaded as modules, every one of them, as JavaScript.
        assert page.evaluate("document.querySelector('script[type=module][src=\"app.js\"]') !== null"), "app.js is not a module script"
        assert page.evaluate("document.querySelectorAll('script:not([type=module])').length") == 0, "a classic script"
        assert set(scripts) == expected, f"fetched {sorted(set(scripts) - expected)}, not fetched {sorted(expected - set(scripts))}"
        for path, answers in scripts.items():
            assert len(answers) == 1, f"{path} fetched {len(answers)} times"
            status, kind = answers[0]
            assert status == 200 and kind.startswith("text/javascript"), f"{path}: {status} {kind}"

        # 2. Nothing of the page is a global.
        for name in ["state", "selectClass", "renderCanvas", "renderInspector", "reloadScene", "postScene", "editor", "notice"]:
            assert page.evaluate(f"typeof window[{name!r}]") == "undefined", f"window.{name} is defined"

        # 3. It works.
        page.get_by_role("button", name="Gauge", exact=True).click()
        page.get_by_role("complementary", name="Inspector").get_by_role("heading", name="Gauge", exact=True).wait_for()
        wait_until(page, f"{FRAME} > 0")
        page.get_by_role("img", name="Gauge").wait_for()
        assert not refused, refused
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_modules.py", sys.argv[1:3], ERRORS)
