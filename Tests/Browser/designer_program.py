"""The live designer run as `easel` (the installed name beside `host`), in a real headless Chromium:
what the page tells the user to run names the program as it was invoked.

Usage: designer_program.py URL
The server runs `easel serve --bind 0.0.0.0` (so the URL carries a token) on Gauge.
1. The page opened from the printed URL (the token becomes a cookie): "Copy as command" gives an
   `easel render Gauge …` line.
Exits non-zero with a message on the first failure.
"""
import sys

from designer import FRAME, launch, open_page, run, sync_playwright, wait_until

ERRORS = []


def main(url):
    with sync_playwright() as p:
        browser = launch(p)
        # The printed URL names 0.0.0.0; the page is opened on loopback with the same token.
        page = open_page(browser, url.replace("0.0.0.0", "127.0.0.1"), ERRORS)
        page.get_by_role("button", name="Gauge", exact=True).click()
        page.get_by_role("complementary", name="Inspector").get_by_role("heading", name="Gauge", exact=True).wait_for()
        wait_until(page, f"{FRAME} > 0")
        page.get_by_role("button", name="Copy as command").click()
        line = page.get_by_label("Command", exact=True).input_value()
        assert line.startswith("easel render Gauge "), line
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_program.py", sys.argv[1:2], ERRORS)
