#!/usr/bin/env python3
"""Browser test of `wallgen serve` live reload, in headless Chromium.

Starts `wallgen serve` on a free port (127.0.0.1 only) with a temporary copy of an export
(Examples/demo-export if present, else a tiny export written by tiny_export.py), opens a
wall, edits a comment in the export's WallImageComment.json, and waits up to 15 s for the
open page to show the new text without any manual reload. Then breaks the export (a class
file that no longer parses, then a missing image) and checks that the open page shows each
rebuild's problems in an overlay, which a clean rebuild removes.

Run by hand or from CI:  python3 Tests/browser/test_live_reload.py
Environment: WALLGEN (path of the wallgen binary; default .build/debug/wallgen, built if
missing), CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
Prints 'N passed, N failed' and exits 0 when all passed, 1 otherwise."""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import tiny_export  # noqa: E402

RESULTS = []


def check(name, condition, detail=""):
    RESULTS.append((name, bool(condition)))
    print(("PASS " if condition else "FAIL ") + name + ("" if condition else ": " + detail))
    return bool(condition)


def wallgen_binary():
    path = os.environ.get("WALLGEN", os.path.join(REPO, ".build", "debug", "wallgen"))
    if not os.path.exists(path):
        subprocess.run(["swift", "build", "--product", "wallgen"], cwd=REPO, check=True)
    return path


def make_export(work):
    export = os.path.join(work, "export")
    demo = os.path.join(REPO, "Examples", "demo-export")
    if os.path.isdir(demo):
        shutil.copytree(demo, export)
    else:
        tiny_export.write(export)
    return export


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8", "replace")


def load_comments(export):
    with open(os.path.join(export, "WallImageComment.json")) as source:
        data = json.load(source)
    return data, (data["results"] if isinstance(data, dict) else data)


def find_wall_with_comment(base, export):
    """A wall URL and a comment objectId shown on it."""
    _, comments = load_comments(export)
    with open(os.path.join(export, "_User.json")) as source:
        users = json.load(source)
    users = users["results"] if isinstance(users, dict) else users
    for user in users:
        url = "%swalls/%s/" % (base, user["objectId"])
        try:
            page = fetch(url)
        except Exception:  # noqa: BLE001 - an unusual id has another folder name; try the next
            continue
        for comment in comments:
            if 'data-object-id="%s"' % comment["objectId"] in page:
                return url, comment["objectId"]
    return None, None


def start_server(binary, export, work):
    process = subprocess.Popen(
        [binary, "serve", export, "--port", "0", "-o", os.path.join(work, "_site")],
        cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    log = []
    threading.Thread(target=lambda: log.extend(process.stderr), daemon=True).start()
    url = process.stdout.readline().strip()
    return process, url, log


def open_browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--no-first-run", "--disable-extensions"]:
        options.add_argument(flag)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def comment_text(driver, comment_id):
    from selenium.webdriver.common.by import By

    elements = driver.find_elements(By.CSS_SELECTOR, '[data-object-id="%s"]' % comment_id)
    return elements[0].text if elements else ""


def overlay_text(driver):
    return driver.execute_script(
        "var o=document.getElementById('wallgen-problems');return o?o.textContent:null;")


def wait_for(condition, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception:  # noqa: BLE001 - the page may be mid-reload
            pass
        time.sleep(0.25)
    return None


def check_problem_overlay(driver, export, work, log):
    """Breaks the export twice (a class file that no longer parses, then a missing image),
    and checks that the open page shows each rebuild's problems until a clean rebuild."""
    from selenium.webdriver.common.by import By

    baseline = overlay_text(driver)  # the export's own problems, if any (the demo has one)
    comments_path = os.path.join(export, "WallImageComment.json")
    with open(comments_path, "rb") as source:
        comments = source.read()
    with open(comments_path, "wb") as target:
        target.write(comments.rstrip()[:-1] + b",]")
    text = wait_for(lambda: "the rebuild failed" in (overlay_text(driver) or "")
                    and overlay_text(driver))
    check("a rebuild that fails shows an overlay naming the broken file",
          text and "the rebuild failed" in text and "WallImageComment.json" in text,
          "overlay %r; server log: %s" % (text, "".join(log[-5:])))
    check("the overlay is announced (role=alert) and has a Dismiss button",
          driver.execute_script(
              "var o=document.getElementById('wallgen-problems');"
              "return o.getAttribute('role')==='alert'&&!!o.querySelector('button');"))
    from axe_core_python.selenium import Axe

    violations = [(v["id"], v["impact"], len(v["nodes"]))
                  for v in Axe().run(driver, context={"include": [["#wallgen-problems"]]})[
                      "violations"]]
    check("axe-core reports no violation in the overlay", not violations, repr(violations))
    check("the last good page stays shown under the overlay",
          driver.find_elements(By.CSS_SELECTOR, "[data-object-id]"))
    built = []
    for folder, _, names in os.walk(os.path.join(work, "_site")):
        for name in names:
            if name.endswith(".html"):
                with open(os.path.join(folder, name), encoding="utf-8") as page:
                    if "wallgen-problems" in page.read():
                        built.append(name)
    check("no built file carries the overlay", not built, ", ".join(built))
    driver.find_element(By.CSS_SELECTOR, "#wallgen-problems button").click()
    check("Dismiss removes the overlay", overlay_text(driver) is None)

    with open(comments_path, "wb") as target:
        target.write(comments)
    images = [name for name in sorted(os.listdir(os.path.join(export, "files")))
              if name.endswith(".jpg")]
    removed = os.path.join(export, "files", images[0])
    kept = removed + ".kept"
    os.rename(removed, kept)
    text = wait_for(lambda: (overlay_text(driver) or "") if images[0] in (
        overlay_text(driver) or "") else None)
    check("a rebuild with a missing image shows its problem line in the overlay",
          text and "files/" + images[0] in text,
          "overlay %r; server log: %s" % (text, "".join(log[-5:])))
    os.rename(kept, removed)
    back = wait_for(lambda: driver.execute_script("return document.readyState==='complete';")
                    and images[0] not in (overlay_text(driver) or "") and "done")
    check("a fixed export's rebuild removes its problem from the page", back
          and overlay_text(driver) == baseline,
          "overlay %r; server log: %s" % (overlay_text(driver), "".join(log[-5:])))


def run(work):
    binary = wallgen_binary()
    export = make_export(work)
    process, base, log = start_server(binary, export, work)
    driver = None
    try:
        if not check("serve prints its URL on 127.0.0.1",
                     base.startswith("http://127.0.0.1:"), repr(base) + "".join(log)):
            return
        wall, comment_id = find_wall_with_comment(base, export)
        if not check("a wall shows a comment of the export", wall, "".join(log)):
            return
        served = fetch(wall)
        check("the served page carries the live-reload script",
              "data-wallgen-live-reload" in served)
        built = []
        for folder, _, names in os.walk(os.path.join(work, "_site")):
            for name in names:
                if name.endswith(".html"):
                    with open(os.path.join(folder, name), encoding="utf-8") as page:
                        if "data-wallgen-live-reload" in page.read():
                            built.append(name)
        check("no built file carries the script", not built, ", ".join(built))

        driver = open_browser()
        driver.get(wall)
        before = comment_text(driver, comment_id)
        check("the browser shows the comment", before, driver.page_source[:300])
        driver.execute_script("window.__wallgenNotReloaded = true;")

        marker = "Edited while serving %d" % os.getpid()
        data, comments = load_comments(export)
        for comment in comments:
            if comment["objectId"] == comment_id:
                comment["comment"] = marker
        with open(os.path.join(export, "WallImageComment.json"), "w") as target:
            json.dump(data, target, indent=1)

        deadline = time.time() + 15
        after = before
        while time.time() < deadline and marker not in after:
            time.sleep(0.25)
            try:
                after = comment_text(driver, comment_id)
            except Exception:  # noqa: BLE001 - the page may be mid-reload
                pass
        check("the open page shows the edited comment within 15 s", marker in after,
              "still %r; server log: %s" % (after, "".join(log[-5:])))
        check("the page was reloaded by the script, not by the test",
              driver.execute_script("return window.__wallgenNotReloaded === undefined;"))
        check_problem_overlay(driver, export, work, log)
    finally:
        if driver is not None:
            driver.quit()
        process.send_signal(signal.SIGINT)
        try:
            code = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            code = None
        check("Ctrl-C stops the server cleanly (exit 0)", code == 0, "exit %r" % code)


def main():
    work = tempfile.mkdtemp(prefix="wallgen-browser-")
    try:
        run(work)
    except Exception as error:  # noqa: BLE001 - report any crash as a failure
        check("the test ran to the end", False, repr(error))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    passed = sum(1 for _, ok in RESULTS if ok)
    failed = len(RESULTS) - passed
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
