"""Edits a previous `host serve` kept as it stopped (NAME.unsaved.json beside the scene), in a real
headless Chromium: the next serve's page offers them, and the choice removes the file when it is
made for good.

Usage: designer_kept_edits.py PORT ROOT
The server runs `host serve --scene board.json --scene other.json` on Gauge, in ROOT; both scenes
hold a Gauge "meter" at x 10, and ROOT holds board.unsaved.json and other.unsaved.json with meter
at x 40 (what a stop with unsaved edits writes).
1. board.json opened: the page says it has unsaved edits from the last session, with "Restore
   unsaved edits" and "Discard". Restore: the offer goes, meter is at 40 (the canvas is drawn
   again), the scene is unsaved (its library entry, Save enabled); the kept file stays until Save
   scene, which writes meter at 40 into board.json and removes it.
2. other.json opened: Discard removes other.unsaved.json; the scene stays as its file says.
Exits non-zero with a message on the first failure.
"""
import json
import os
import sys

from designer import FRAME, eventually, launch, open_page, run, sync_playwright, wait_until

ERRORS = []


def document(page, index):
    return page.evaluate(f"(async () => (await (await fetch('/api/scenes/{index}', {{ cache: 'no-store' }})).json()).document)()")


def main(port, root):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)

        # 1. Restore, then Save.
        page.get_by_role("button", name="board.json", exact=True).click()
        page.get_by_role("img", name="Scene board.json").wait_for()
        offer = page.get_by_role("alert", name="board.json has unsaved edits from the last session")
        offer.wait_for()
        assert "board.unsaved.json" in offer.inner_text(), offer.inner_text()
        save = page.get_by_role("button", name="Save scene")
        assert save.is_disabled(), "nothing to save before the choice"
        v = page.evaluate(FRAME)
        page.get_by_role("button", name="Restore unsaved edits").click()
        offer.wait_for(state="hidden")
        wait_until(page, f"{FRAME} > {v}")
        assert document(page, 0)["instances"][0]["frame"] == "40,10,100,100", document(page, 0)
        page.get_by_role("button", name="meter (Gauge)").click()
        eventually("meter's Frame x at 40", lambda: page.get_by_label("Frame x", exact=True).input_value() == "40",
                   last=lambda: page.get_by_label("Frame x", exact=True).input_value())
        entry = page.get_by_role("button", name="board.json", exact=True)
        eventually("the entry unsaved", lambda: entry.inner_text() == "board.json (unsaved)", last=entry.inner_text)
        assert save.is_enabled(), "restored edits are unsaved edits: Save is offered"
        kept = os.path.join(root, "board.unsaved.json")
        assert os.path.exists(kept), "the kept file stays until Save (their only copy on disk)"
        save.click()
        eventually("the entry saved", lambda: entry.inner_text() == "board.json", last=entry.inner_text)
        assert not os.path.exists(kept), "Save removes the kept edits"
        with open(os.path.join(root, "board.json")) as f:
            assert json.load(f)["instances"][0]["frame"] == "40,10,100,100"

        # 2. Discard.
        page.get_by_role("button", name="other.json", exact=True).click()
        page.get_by_role("img", name="Scene other.json").wait_for()
        offer = page.get_by_role("alert", name="other.json has unsaved edits from the last session")
        offer.wait_for()
        page.get_by_role("button", name="Discard", exact=True).click()
        offer.wait_for(state="hidden")
        eventually("other.unsaved.json removed", lambda: not os.path.exists(os.path.join(root, "other.unsaved.json")))
        assert document(page, 1)["instances"][0]["frame"] == "10,10,100,100", document(page, 1)
        assert page.get_by_role("button", name="Save scene").is_disabled(), "nothing to save after a discard"
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_kept_edits.py", sys.argv[1:3], ERRORS)
