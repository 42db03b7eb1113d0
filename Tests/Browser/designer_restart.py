"""The live designer's page outliving its server, in a real headless Chromium: `host serve` stopped
and started again on the same port (as a developer does to pick up a rebuilt host or other
options) holds none of the values the page showed; the page, reconnected, shows what the new
server holds instead of going on with the old editors and frame.

Usage: designer_restart.py HOST ROOT
ROOT holds components/ with Gauge. The script starts `HOST serve --port PORT` in ROOT itself (twice,
on one port), and stops each with SIGTERM.
1. Gauge's Value set to 80 on the first server: the field says 80, the canvas is not the defaults.
2. That server stopped: a frame asked for meanwhile (the zoom changed) is no script error. A new
   one started: the page reconnects by itself (no navigation), the
   field says the default 42 again and the canvas is pixel for pixel POST /api/render of the
   defaults; "Copy as command" names no --set.
Exits non-zero with a message on the first failure.
"""
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from designer import FRAME, RENDER, canvas_becomes, compare_canvas, eventually, launch, open_page, run, sync_playwright, wait_until

ERRORS = []


def free_port():
    """A free port below the kernel's ephemeral range (32768 and up): the second server must bind the
    same port again, and an ephemeral one can be taken meanwhile by any outgoing connection on the
    machine (another test suite's), which made the restart fail now and then."""
    rng = random.Random()
    for _ in range(200):
        port = rng.randrange(20000, 32000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError("no free port between 20000 and 32000")


def start(host, root, port):
    """`host serve` in `root` on `port`, once it answers."""
    env = dict(os.environ, EASEL_PLUGIN_PATH="")
    log = open(os.path.join(root, f"serve-{time.monotonic_ns()}.log"), "w")
    server = subprocess.Popen([host, "serve", "--port", str(port)], cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 20
    while time.time() < deadline:
        if server.poll() is not None:
            log.flush()
            with open(log.name) as f:
                raise AssertionError(f"host serve exited with {server.returncode} on port {port}: {f.read()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/classes", timeout=2) as r:
                if r.status == 200:
                    return server
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"host serve did not answer on port {port}: see {log.name}")


def stop(server):
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main(host, root):
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    servers = [start(host, root, port)]
    try:
        with sync_playwright() as p:
            browser = launch(p)
            page = open_page(browser, base, ERRORS)
            page.evaluate("window.__notNavigated = true")
            page.get_by_role("button", name="Gauge", exact=True).click()
            page.get_by_role("complementary", name="Inspector").get_by_role("heading", name="Gauge", exact=True).wait_for()
            wait_until(page, f"{FRAME} > 0")
            value = page.get_by_label("Value value", exact=True)
            v = page.evaluate(FRAME)
            value.fill("80")
            wait_until(page, f"{FRAME} > {v}")
            wait_until(page, "document.querySelector('.property[data-property=value] .marker').textContent !== ''")
            defaults = page.evaluate(RENDER, ["Gauge", {}, 2])
            assert defaults.startswith("blob:"), defaults
            assert compare_canvas(page, defaults) != "same", "the canvas at 80 shows the defaults"

            # 2. A new server on the same port: the page shows what it holds.
            stop(servers[0])
            eventually("the page seeing its server gone", lambda: page.get_by_role("status").inner_text().startswith("Disconnected"),
                       last=lambda: page.get_by_role("status").inner_text())
            # A frame asked for while no server answers (the zoom changed) draws nothing, and is no
            # script error ("Failed to fetch" escaped from the drawing of the frame).
            page.get_by_label("Zoom", exact=True).select_option("3")
            page.wait_for_timeout(300)
            assert not ERRORS, ERRORS
            page.get_by_label("Zoom", exact=True).select_option("auto")
            # The frame count is read while no server answers: the page reconnects within a second
            # of the new server's start (read after it, on a loaded machine the page had already
            # drawn the new frame and the wait for a newer one timed out).
            v = page.evaluate(FRAME)
            servers.append(start(host, root, port))
            eventually("the page back on the new server", lambda: page.get_by_role("status").inner_text().startswith("Live"),
                       last=lambda: page.get_by_role("status").inner_text())
            eventually("the new server's value in the editor", lambda: page.get_by_label("Value value", exact=True).input_value() == "42",
                       last=lambda: page.get_by_label("Value value", exact=True).input_value())
            wait_until(page, f"{FRAME} > {v}")
            assert page.locator(".property[data-property=value] .marker").inner_text() == "", "still marked modified"
            # What the user sees: the pixels decoded on the canvas, against the new server's render
            # of the defaults.
            expected = page.evaluate(RENDER, ["Gauge", {}, 2])
            assert expected.startswith("blob:"), expected
            canvas_becomes(page, expected, "the canvas showing the new server's defaults")
            page.get_by_role("button", name="Copy as command").click()
            line = page.get_by_label("Command", exact=True).input_value()
            assert "--set" not in line, line
            assert page.evaluate("window.__notNavigated === true"), "the page navigated"
            assert not ERRORS, ERRORS
            browser.close()
    finally:
        for server in servers:
            stop(server)


if __name__ == "__main__":
    run(main, "designer_restart.py", sys.argv[1:3], ERRORS)
