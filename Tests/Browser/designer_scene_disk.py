"""Gaps of the live designer found after its polish round (issue 8), in a real headless Chromium.

Usage: designer_scene_disk.py PORT SCENE_JSON
The server runs `host serve --scene board.json` on RoundedCornerButton and Gauge; board.json holds a
Gauge "meter", a RoundedCornerButton "ok" and a "ghost" of a class no plugin provides (Missing).
1. The variant picker shows the current choice: Default on a fresh class, the variant picked (also
   after the page is loaded again: it is what the values are), the one whose values are typed,
   none after an edit leaves every variant, Default again when the values are back at their defaults.
2. The ghost, whose class is not loaded: selecting it shows its class name, why it cannot be drawn
   (the host's message) and its Frame editor; it can be moved and removed, and the scene saved.
3. board.json rewritten on disk by another program (a new file renamed over it, instances
   reordered): the page shows the file's scene, the selection stays on the same instance.
4. Written with a mistake: the last good scene stays, and the file's error names the file, the
   instance and the key; fixed, the error goes.
5. Changed on disk while the page has unsaved edits: the edits stay and the page says so, offering
   "Reload from disk" or "Keep my edits"; keeping them and saving overwrites the file, reloading
   takes the file's scene.
Exits non-zero with a message on the first failure.
"""
import json
import os
import sys

from designer import eventually, launch, open_page, pick_variant, run, sync_playwright

ERRORS = []
DOCUMENT = "(async () => (await (await fetch('/api/scenes/0', { cache: 'no-store' })).json()).document)()"
CHECKED = "document.querySelector('#properties .variants input:checked')?.parentElement.textContent ?? null"


def write_scene(path, instances):
    """Writes the scene as an editor does: a new file renamed over the old one."""
    temporary = path + ".new"
    with open(temporary, "w") as f:
        json.dump({"size": "300x130", "instances": instances}, f)
    os.rename(temporary, path)


def edit_then_change_on_disk(page, scene, typed, on_disk):
    """Types meter's Frame x (an unsaved edit the server holds), then moves meter in the file on
    disk; waits for the page to say the file changed."""
    x = page.get_by_label("Frame x", exact=True)
    x.fill(str(typed))
    x.press("Tab")
    eventually("the edit held", lambda: page.evaluate(DOCUMENT)["instances"][1]["frame"] == f"{typed},10,100,100")
    write_scene(scene, [{"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44", "attributes": {"title": "OK"}},
                        {"class": "Gauge", "name": "meter", "frame": f"{on_disk},10,100,100"}])
    page.locator("#scene-file").wait_for()


def main(port, scene):
    base = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, base, ERRORS)
        inspector = page.get_by_role("complementary", name="Inspector")

        # 1. The variant picker's current choice.
        page.get_by_role("button", name="Rounded Corner Button", exact=True).click()
        page.get_by_role("radio", name="Rounded", exact=True).wait_for()
        eventually("Default shown as the current choice", lambda: page.evaluate(CHECKED) == "Default", last=lambda: page.evaluate(CHECKED))
        pick_variant(page, "Rounded")
        eventually("Rounded picked", lambda: page.get_by_label("Corner Radius value").input_value() == "10")
        page.reload()
        page.get_by_role("radio", name="Rounded", exact=True).wait_for()
        eventually("Rounded shown after a reload (the values are the variant's)", lambda: page.evaluate(CHECKED) == "Rounded",
                   last=lambda: page.evaluate(CHECKED))
        # 22 is what Pill sets (half the height): the values are Pill's, so Pill is the current one.
        page.get_by_label("Corner Radius value").fill("22")
        eventually("Pill, whose value was typed", lambda: page.evaluate(CHECKED) == "Pill", last=lambda: page.evaluate(CHECKED))
        page.get_by_label("Corner Radius value").fill("23")
        eventually("no variant once an edit left them", lambda: page.evaluate(CHECKED) is None, last=lambda: page.evaluate(CHECKED))
        page.get_by_label("Corner Radius value").fill("0")
        eventually("Default again at the defaults", lambda: page.evaluate(CHECKED) == "Default", last=lambda: page.evaluate(CHECKED))

        # 2. An instance whose class is not loaded: named, why, its Frame; moved, then removed.
        page.get_by_role("button", name="board.json", exact=True).click()
        page.get_by_role("img", name="Scene board.json").wait_for()
        page.get_by_role("button", name="ghost (Missing)").click()
        inspector.get_by_role("heading", name="Missing (ghost)").wait_for()
        summary = page.locator("#inspector-summary").inner_text()
        assert "Missing cannot be drawn: no loaded plugin provides the class Missing" in summary, summary
        x = page.get_by_label("Frame x", exact=True)
        assert x.input_value() == "200", x.input_value()
        x.fill("210")
        x.press("Tab")
        ghost = lambda: [i["frame"] for i in page.evaluate(DOCUMENT)["instances"] if i.get("name") == "ghost"]
        eventually("the ghost moved", lambda: ghost() == ["210,20,40,40"], last=ghost)
        page.get_by_role("button", name="Remove from scene").click()
        eventually("the ghost removed", lambda: ghost() == [], last=ghost)
        eventually("the ghost's box gone", lambda: page.get_by_role("button", name="ghost (Missing)").count() == 0)
        page.get_by_role("button", name="Save scene").click()
        eventually("saved", lambda: not page.get_by_role("button", name="Save scene").is_enabled())
        with open(scene) as f:
            assert "Missing" not in f.read(), "the removal was saved"
        page.wait_for_timeout(500)
        assert page.locator("#scene-file").is_hidden(), "its own save is no change on disk"

        # 3. Rewritten on disk, reordered: the file's scene, the selection on the same instance.
        page.get_by_role("button", name="meter (Gauge)").click()
        inspector.get_by_role("heading", name="Gauge (meter)").wait_for()
        write_scene(scene, [{"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44", "attributes": {"title": "OK"}},
                            {"class": "Gauge", "name": "meter", "frame": "40,10,100,100"}])
        shown = lambda: page.evaluate("[...document.querySelectorAll('.instance')].map(b => b.getAttribute('aria-label'))")
        eventually("the file's scene shown", lambda: shown() == ["ok (RoundedCornerButton)", "meter (Gauge)"], last=shown)
        eventually("the selection kept on meter", lambda: page.locator(".instance.selected").get_attribute("aria-label") == "meter (Gauge)",
                   last=lambda: page.locator(".instance.selected").get_attribute("aria-label"))
        inspector.get_by_role("heading", name="Gauge (meter)").wait_for()
        assert page.get_by_label("Frame x", exact=True).input_value() == "40"
        notices = lambda: page.locator("#notices").inner_text()
        eventually("the change said in the notices", lambda: "read board.json again: it changed on disk" in notices(), last=notices)

        # 4. A mistake in the file: the last good scene stays, the error says where.
        write_scene(scene, [{"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44"},
                            {"class": "Gauge", "name": "meter", "frame": "oops"}])
        box = page.locator("#scene-file")
        box.wait_for()
        assert page.locator("#scene-file-title").inner_text() == "board.json on disk is not a valid scene"
        facts = page.evaluate("""(() => { const f = {}; for (const dt of document.querySelectorAll('#scene-file-facts dt'))
          f[dt.textContent] = dt.nextElementSibling.textContent; return f; })()""")
        assert facts.get("File") == "board.json" and facts.get("Instance") == "instances[1]" and facts.get("Key") == "frame", facts
        assert [i["frame"] for i in page.evaluate(DOCUMENT)["instances"]] == ["130,20,120,44", "40,10,100,100"], "the last good scene"
        assert page.get_by_role("button", name="Reload from disk").is_hidden()
        write_scene(scene, [{"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44", "attributes": {"title": "OK"}},
                            {"class": "Gauge", "name": "meter", "frame": "50,10,100,100"}])
        box.wait_for(state="hidden")
        eventually("the fixed file's scene", lambda: page.get_by_label("Frame x", exact=True).input_value() == "50")

        # 5. Changed under unsaved edits: kept, said, and the choice offered.
        edit_then_change_on_disk(page, scene, 60, 70)
        assert page.locator("#scene-file-title").inner_text() == "board.json changed on disk"
        assert page.evaluate(DOCUMENT)["instances"][1]["frame"] == "60,10,100,100", "the edits are not clobbered"
        page.get_by_role("button", name="Keep my edits").click()
        box.wait_for(state="hidden")
        page.get_by_role("button", name="Save scene").click()
        eventually("saved over the file", lambda: "60,10,100,100" in open(scene).read())
        edit_then_change_on_disk(page, scene, 65, 80)
        page.get_by_role("button", name="Reload from disk").click()
        box.wait_for(state="hidden")
        eventually("the file's scene taken", lambda: page.get_by_label("Frame x", exact=True).input_value() == "80")
        assert not page.get_by_role("button", name="Save scene").is_enabled(), "no unsaved edits"
        assert not ERRORS, ERRORS
        browser.close()


if __name__ == "__main__":
    run(main, "designer_scene_disk.py", sys.argv[1:3], ERRORS)
