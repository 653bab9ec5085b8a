#!/usr/bin/env python3
"""Screenshots that need a click or typing, for scripts/screenshots.sh: the lightbox open on a
wall's second photo (1440 x 900 and 390 x 844) and the index with "ar" typed in its search box
(390 x 844; skipped when the index has no search box). Needs selenium, Chromium and chromedriver;
reduces the PNGs to 128 colours when PIL is installed.

Usage: screenshots_interactive.py WALL_HTML INDEX_HTML OUT_DIR LABEL
"""
import pathlib
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def driver(width, height):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--force-color-profile=srgb", f"--window-size={max(width, 500)},{height}"):
        options.add_argument(argument)
    chrome = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # Chromium windows are at least 500 px wide: emulate the exact viewport instead.
    chrome.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    return chrome


def save(chrome, folder, name):
    path = folder / name
    chrome.save_screenshot(str(path))
    try:
        from PIL import Image
        image = Image.open(path).convert("RGB")
        image.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)
    except ImportError:
        pass
    print(path)


def main():
    wall, index, out, label = sys.argv[1:5]
    folder = pathlib.Path(out)
    for width, height in ((1440, 900), (390, 844)):
        chrome = driver(width, height)
        try:
            chrome.get(pathlib.Path(wall).as_uri())
            chrome.execute_script("document.querySelectorAll('a[data-lightbox]')[1].click()")
            time.sleep(1)
            save(chrome, folder, f"{label}-lightbox-{width}.png")
            if width == 390:
                chrome.get(pathlib.Path(index).as_uri())
                boxes = chrome.find_elements(By.CSS_SELECTOR, "form.search input")
                if boxes and boxes[0].is_displayed():
                    boxes[0].send_keys("ar")
                    time.sleep(0.5)
                    save(chrome, folder, f"{label}-index-search-{width}.png")
        finally:
            chrome.quit()


if __name__ == "__main__":
    main()
