#!/usr/bin/env python3
"""Checks a built wallgen site in headless Chromium, as a user would see it from disk (file://).

For every HTML page: scrolls through it so lazy images load, then fails on any image that did
not decode, any axe-core violation, any request that is not file://, and any link to a missing
file. On the first wall page with photos it drives the lightbox by keyboard (open, ArrowRight,
ArrowLeft, Escape, focus back on the photo). With --shots DIR, it saves screenshots of that wall
at 390 px and 1280 px wide, in light and dark mode.

Needs: apt-get install chromium chromium-driver; pip install selenium axe-core-python
Usage: check_site.py SITE_DIR [--shots DIR] [--max-pages N]
Prints one line per check and 'N passed, N failed'; exits 1 if any failed.
"""
import argparse
import pathlib
import sys
import time
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
    parser.add_argument("--max-pages", type=int, default=200)
    arguments = parser.parse_args()
    site = pathlib.Path(arguments.site).resolve()
    pages = sorted(site.glob("index.html")) + sorted(site.glob("walls/*/*.html"))
    pages = pages[:arguments.max_pages]
    results = []
    driver = make_driver()
    try:
        for page in pages:
            check_page(driver, site, page, results)
        walls = [p for p in pages if "walls" in p.parts and
                 p.read_text(encoding="utf-8").count("data-lightbox") >= 2]
        if walls:
            check_lightbox(driver, walls[0], results)
    finally:
        driver.quit()
    if arguments.shots and walls:
        screenshots(walls[0], pathlib.Path(arguments.shots))
        screenshots(pages[0], pathlib.Path(arguments.shots) / "index")
    failed = [r for r in results if not r[1]]
    for name, ok, detail in results:
        if not ok:
            print(f"FAIL {name}: {detail}")
    print(f"checked {len(pages)} pages")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed or not pages else 0)


if __name__ == "__main__":
    main()
