#!/usr/bin/env python3
"""Checks a built wallgen site in headless Chromium, as a user would see it from disk (file://).

For every HTML page: scrolls through it so lazy images load, then fails on any image that did
not decode, any axe-core violation, any request that is not file://, and any link to a missing
file. On the first wall page with photos it drives the lightbox by keyboard (open, ArrowRight,
ArrowLeft, Escape, focus back on the photo) and by a touch swipe, and, in a 1440 x 900 window and
a 390 x 844 one, checks each of its first photos (see check_lightbox_sizes): the image shown is as
wide as the photo can be shown in the viewer's photo area (the window less the column of its
details), from a file at least that wide, and "View original"
links the original where the page names one (with --originals, every photo must).

The index (see check_index): every index page is reachable from index.html by its links, every
wall is listed exactly once, cover photos load, and typing in the search box shows exactly the
people whose names match, from every page (then fewer than everyone), and clearing it shows the
page again. With --index-only, only the index is checked.

With --shots DIR, it saves screenshots of that wall at 390 px and 1280 px wide, in light and dark
mode.

Needs: apt-get install chromium chromium-driver; pip install selenium axe-core-python
Usage: check_site.py SITE_DIR [--originals] [--index-only] [--shots DIR] [--max-pages N]
Prints one line per check and 'N passed, N failed'; exits 1 if any failed.
"""
import argparse
import pathlib
import re
import sys
import time
import unicodedata
from urllib.parse import unquote, urlparse

from axe_core_python.selenium import Axe
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from selenium.common.exceptions import TimeoutException


def make_driver(width=1280, height=900):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def becomes_true(driver, condition, timeout=5):
    """Waits until condition(driver) holds (True) or timeout seconds pass (False): an upper
    bound, not a pause."""
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda d: condition(d))
        return True
    except TimeoutException:
        return False


def load_everything(driver):
    """Scrolls to the bottom step by step, then waits until every image has finished."""
    height = driver.execute_script("return document.body.scrollHeight")
    for y in range(0, height + 900, 600):
        driver.execute_script(f"window.scrollTo(0, {y})")
        time.sleep(0.02)
    deadline = time.time() + 10
    while time.time() < deadline:
        if driver.execute_script("return Array.from(document.images).every(i => i.complete)"):
            break
        time.sleep(0.1)
    driver.execute_script("window.scrollTo(0, 0)")


def check_page(driver, site, page, results):
    driver.get(page.as_uri())
    load_everything(driver)
    name = page.relative_to(site)
    broken = driver.execute_script(
        "return Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0))"
        ".map(i => i.getAttribute('src'))")
    results.append((f"{name}: every image decodes", not broken, broken))
    external = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => !n.startsWith('file:'))")
    results.append((f"{name}: no request leaves the machine", not external, external))
    missing = []
    for href in driver.execute_script(
            "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)"):
        url = urlparse(href)
        if url.scheme != "file":
            missing.append(href)
        elif not pathlib.Path(unquote(url.path)).is_file():
            missing.append(href)
    results.append((f"{name}: every link resolves on disk", not missing, missing))
    violations = [(v["id"], v["impact"], len(v["nodes"])) for v in Axe().run(driver)["violations"]]
    results.append((f"{name}: axe-core reports no violation", not violations, violations))


def check_lightbox(driver, page, results):
    driver.get(page.as_uri())
    links = driver.find_elements(By.CSS_SELECTOR, "a[data-lightbox]")
    if len(links) < 2:
        results.append(("lightbox: a wall with two photos to test on", False, page))
        return
    first, second = links[0].get_attribute("href"), links[1].get_attribute("href")
    links[0].send_keys(Keys.ENTER)
    shown = lambda: driver.find_element(By.CSS_SELECTOR, ".lightbox img").get_attribute("src")
    ok_open = becomes_true(
        driver, lambda d: d.find_element(By.CSS_SELECTOR, ".lightbox").is_displayed()
        and shown() == first)
    box = driver.find_element(By.CSS_SELECTOR, ".lightbox")
    focus_in = driver.execute_script("return document.activeElement.closest('.lightbox') !== null")
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    ok_next = shown() == second
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    ok_prev = shown() == first
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    ok_closed = becomes_true(driver, lambda d: not box.is_displayed())
    focus_back = driver.execute_script(
        "return document.activeElement === document.querySelector('a[data-lightbox]')")
    results.append(("lightbox: Enter on a photo opens it, focus moves into the dialog",
                    ok_open and focus_in, (ok_open, focus_in)))
    results.append(("lightbox: ArrowRight and ArrowLeft move between photos", ok_next and ok_prev,
                    (ok_next, ok_prev)))
    results.append(("lightbox: Escape closes it and focus returns to the photo",
                    ok_closed and focus_back, (ok_closed, focus_back)))


# The photo shown in the lightbox: its box, the pixel width of the file the browser chose, and
# the photo's own size (from its original when the page names one, else its largest listed
# file). Async: loads those files in fresh images to read their pixel sizes.
LIGHTBOX_IMAGE = """
const done = arguments[arguments.length - 1];
const image = document.querySelector('.lightbox img');
const link = document.querySelectorAll('a[data-lightbox]')[arguments[0]];
const load = src => new Promise(resolve => {
  const probe = new Image();
  probe.onload = () => resolve([probe.naturalWidth, probe.naturalHeight]);
  probe.onerror = () => resolve([0, 0]);
  probe.src = src;
});
// Loaded and laid out: the viewer sizes the photo once it has loaded, a moment later on a
// loaded machine.
// The photo's details (and its original) come with its data, a moment after it opens.
const wait = () => image && image.complete && image.currentSrc
    && image.getBoundingClientRect().width > 0 && document.querySelector('.lightbox .byline')
  ? Promise.resolve()
  : new Promise(resolve => setTimeout(() => resolve(), 50)).then(() => wait());
const listed = (link.querySelector('img').getAttribute('srcset') || '').split(',')
  .map(c => c.trim().split(/\\s+/)).filter(p => p[0]).sort((a, b) => parseInt(a[1]) - parseInt(b[1]));
Promise.race([wait(), new Promise(r => setTimeout(r, 5000))]).then(async () => {
  const button = document.querySelector('.lightbox .original');
  const original = button && !button.hidden ? button.getAttribute('href') : null;
  const biggest = original || (listed.length ? listed[listed.length - 1][0] : link.href);
  const box = image.getBoundingClientRect();
  const chosen = await load(image.currentSrc);
  const photo = await load(new URL(biggest, document.baseURI).href);
  done({width: box.width, height: box.height, file: chosen[0], photo: photo,
        innerWidth: window.innerWidth, innerHeight: window.innerHeight,
        stageWidth: document.querySelector('.lightbox .stage').clientWidth,
        stageHeight: document.querySelector('.lightbox .stage').clientHeight,
        dpr: window.devicePixelRatio, original: original ? new URL(original, document.baseURI).href : null,
        button: button && !button.hidden && button.offsetParent !== null ? button.href : null,
        buttonText: button ? button.textContent : ''});
});
"""


def check_lightbox_sizes(page, width, height, results, originals, photos=8):
    """In a window of width x height: each of the first `photos` photos of the page, opened in the
    lightbox, is at least min(photo width, area width, area height x photo aspect) wide, where the
    area is the viewer's photo area, the window less the column of its details (the widest it can
    be shown whole, capped at the photo's own width), and the file shown is at least
    as wide as the photo at that size (up to the photo's width). "View original" is shown exactly
    when the link names an original (with `originals`, every photo must), links that original,
    and the original decodes."""
    driver = make_driver(max(width, 500), height)
    name = f"lightbox at {width} x {height}"
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
        driver.get(page.as_uri())
        links = driver.find_elements(By.CSS_SELECTOR, "a[data-lightbox]")
        driver.execute_script("arguments[0].click()", links[0])
        seen = 0
        for index in range(min(photos, len(links))):
            if index:
                driver.find_element(By.CSS_SELECTOR, ".lightbox .next").click()
            shown = driver.execute_async_script(LIGHTBOX_IMAGE, index)
            photo_width, photo_height = shown["photo"]
            if not photo_width:
                results.append((f"{name}: photo {index + 1} has a size", False, shown))
                continue
            seen += 1
            fits = min(photo_width, shown["stageWidth"],
                       shown["stageHeight"] * photo_width / photo_height)
            results.append((f"{name}: photo {index + 1} ({photo_width} x {photo_height}) is shown "
                            f"at least {fits:.0f} px wide", shown["width"] >= fits - 1,
                            shown))
            needed = min(photo_width, shown["width"] * shown["dpr"])
            results.append((f"{name}: photo {index + 1} is shown from a file at least "
                            f"{needed:.0f} px wide", shown["file"] >= needed - 1, shown))
            wanted = shown["original"] is not None or originals
            results.append((f"{name}: photo {index + 1}: 'View original' "
                            f"{'links its original' if wanted else 'is not shown'}",
                            (shown["original"] is not None or not originals) and
                            shown["button"] == shown["original"] and (shown["button"] is None or
                            shown["buttonText"] == "View original"), shown))
        results.append((f"{name}: photos measured", seen > 0, seen))
    finally:
        driver.quit()


def check_swipe(driver, page, results):
    """A touch swipe from right to left shows the next photo, from left to right the previous."""
    driver.get(page.as_uri())
    links = driver.find_elements(By.CSS_SELECTOR, "a[data-lightbox]")
    first, second = links[0].get_attribute("href"), links[1].get_attribute("href")
    driver.execute_script("arguments[0].click()", links[0])
    shown = lambda: driver.execute_script(
        "const i = document.querySelector('.lightbox img'); return i ? i.src : null")
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True,
                                                                  "maxTouchPoints": 1})
    def swipe(x0, x1):
        y = driver.execute_script("return window.innerHeight / 2")
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
            "type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
        for x in (x0 + (x1 - x0) / 3, x0 + 2 * (x1 - x0) / 3, x1):
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    try:
        swipe(700, 300)
        ok_next = becomes_true(driver, lambda d: shown() == second, 3)
        swipe(300, 700)
        ok_prev = becomes_true(driver, lambda d: shown() == first, 3)
    finally:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    results.append(("lightbox: a swipe left shows the next photo, a swipe right the previous",
                    ok_next and ok_prev, (ok_next, ok_prev)))


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(c)).lower()


VISIBLE_PEOPLE = """
return Array.from(document.querySelectorAll('.wall-list li'))
  .filter(li => li.offsetParent !== null)
  .map(li => [li.querySelector('.name').textContent, li.querySelector('a').href]);
"""


def check_index(driver, site, results):
    """Index pages reachable by links, every wall listed once, covers load, the search filters."""
    pages, queue, people, covers_seen = set(), [site / "index.html"], [], 0
    while queue:
        page = queue.pop(0)
        if page in pages or not page.is_file():
            continue
        pages.add(page)
        driver.get(page.as_uri())
        load_everything(driver)
        people += driver.execute_script(VISIBLE_PEOPLE)
        covers = driver.execute_script(
            "return Array.from(document.querySelectorAll('.wall-list .cover img:not(.avatar)'))"
            ".map(i => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])")
        covers_seen += len(covers)
        broken = [src for src, ok in covers if not ok]
        results.append((f"{page.name}: every cover photo loaded", not broken, broken))
        for href in driver.execute_script(
                "return Array.from(document.querySelectorAll('.pagination a')).map(a => a.href)"):
            target = pathlib.Path(unquote(urlparse(href).path))
            if target not in pages:
                queue.append(target)
    results.append(("index: cover photos shown", covers_seen > 0, covers_seen))
    on_disk = set(site.glob("index.html")) | set(site.glob("index-*.html"))
    results.append(("index: every index page is reachable from index.html by links",
                    pages == on_disk, sorted(str(p.name) for p in on_disk ^ pages)))
    walls = sorted(str(p) for p in site.glob("walls/*/index.html"))
    listed = sorted(unquote(urlparse(href).path) for _, href in people)
    results.append(("index: every wall is listed exactly once", listed == walls,
                    (len(listed), len(walls))))
    if not people:
        return
    # A query that matches some people but not all: the first word of the last person's name
    # (from the last page, when the index has several).
    names = [name for name, _ in people]
    query = names[-1].split()[0][:6]
    expected = sorted(n for n in names if all(w in fold(n) for w in fold(query).split()))
    driver.get((site / "index.html").as_uri())
    boxes = driver.find_elements(By.CSS_SELECTOR, "form.search input")
    results.append(("index: a search box is shown", bool(boxes) and boxes[0].is_displayed(), None))
    if not boxes or not boxes[0].is_displayed():
        return
    box = boxes[0]
    first_page = len(driver.execute_script(VISIBLE_PEOPLE))
    box.send_keys(query)
    matched = becomes_true(driver, lambda d: sorted(
        n for n, _ in d.execute_script(VISIBLE_PEOPLE)) == expected)
    shown = sorted(n for n, _ in driver.execute_script(VISIBLE_PEOPLE))
    results.append((f"index: typing '{query}' shows exactly the {len(expected)} of {len(names)} "
                    "people whose names match", matched and len(expected) < len(names),
                    (shown, expected)))
    status = driver.find_element(By.CSS_SELECTOR, ".search-status").text
    results.append(("index: the search says how many it found",
                    status.startswith(f"{len(expected)} ") or status.startswith("1 person"), status))
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    back = becomes_true(driver, lambda d: len(d.execute_script(VISIBLE_PEOPLE)) == first_page)
    box.send_keys("zzzzqqqq")
    none = becomes_true(driver, lambda d: not d.execute_script(VISIBLE_PEOPLE))
    results.append(("index: clearing the search shows the page again, a query nobody matches "
                    "shows no one", back and none, (back, none)))


def screenshots(page, folder):
    folder.mkdir(parents=True, exist_ok=True)
    for width in (390, 1280):
        driver = make_driver(max(width, 500), 1600)
        try:
            # Chromium windows are at least 500 px wide: emulate the exact viewport instead.
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": 1600, "deviceScaleFactor": 1, "mobile": width < 500})
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.get(page.as_uri())
                load_everything(driver)
                driver.save_screenshot(str(folder / f"wall-{width}-{scheme}.png"))
        finally:
            driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--shots")
    parser.add_argument("--originals", action="store_true")
    parser.add_argument("--index-only", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--max-pages", type=int, default=200)
    arguments = parser.parse_args()
    site = pathlib.Path(arguments.site).resolve()
    indexes = sorted(site.glob("index.html")) + sorted(
        site.glob("index-*.html"), key=lambda p: int(re.sub(r"\D", "", p.name) or 0))
    pages = indexes if arguments.index_only else indexes + sorted(site.glob("walls/*/*.html"))
    pages = pages[:arguments.max_pages]
    results = []
    walls = []
    driver = make_driver()
    try:
        for page in pages:
            check_page(driver, site, page, results)
        if indexes:
            check_index(driver, site, results)
        if not arguments.index_only:
            walls = [p for p in pages if "walls" in p.parts and
                     p.read_text(encoding="utf-8").count("data-lightbox") >= 2]
            results.append(("a wall with two photos to test the lightbox on", bool(walls), None))
            if walls:
                check_lightbox(driver, walls[0], results)
                check_swipe(driver, walls[0], results)
    finally:
        driver.quit()
    for width, height in ((1440, 900), (390, 844)):
        if walls:
            check_lightbox_sizes(walls[0], width, height, results, arguments.originals)
    if arguments.shots and walls:
        screenshots(walls[0], pathlib.Path(arguments.shots))
        screenshots(pages[0], pathlib.Path(arguments.shots) / "index")
    failed = [r for r in results if not r[1]]
    for name, ok, detail in results:
        if not ok:
            print(f"FAIL {name}: {detail}")
        elif arguments.verbose:
            print(f"ok   {name}")
    print(f"checked {len(pages)} pages")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed or not pages else 0)


if __name__ == "__main__":
    main()
