#!/usr/bin/env python3
"""The bytes of photos a visitor downloads for the first screen of each wall, as headless
Chromium chooses them from the cards' srcset/sizes (and <source type="image/webp"> when present).

For every wall's first page (walls/*/index.html) and each viewport (CSS width x height, device
pixel ratio), the page is loaded from file:// with that viewport emulated before loading; then
  first screen: the card photos whose top is inside the viewport, each counted by the size on
                disk of the file Chromium chose (img.currentSrc);
  at load:      every card photo Chromium loaded before any scroll (the first screen plus what
                lazy loading fetches ahead), by size on disk of its currentSrc.
A fresh browser is started for each viewport, so no choice depends on what an earlier viewport
left in the cache.
Avatars and CSS are left out (the same files with and without WebP).

Usage: first_screen.py SITE_DIR [--label NAME] [--max-walls N]
Prints one TSV line per viewport: label, viewport, walls, first-screen photos, first-screen
bytes, at-load photos, at-load bytes, and the formats chosen.
Needs: chromium, chromium-driver, selenium.
"""
import argparse
import collections
import pathlib
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

VIEWPORTS = [(1280, 800, 1), (1280, 800, 2), (390, 844, 1), (390, 844, 2)]

FIRST_SCREEN = """
return Array.from(document.querySelectorAll('article.card .photo img')).filter(img => {
  const r = img.getBoundingClientRect();
  return r.top < window.innerHeight && r.bottom > 0;
}).map(img => [img.currentSrc, img.complete]);
"""

LOADED = """
return Array.from(document.querySelectorAll('article.card .photo img'))
  .filter(img => img.complete && img.naturalWidth > 0).map(img => img.currentSrc);
"""


def make_driver():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--window-size=1280,900"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def size_of(url):
    path = urllib.parse.unquote(urllib.parse.urlparse(url).path)
    return pathlib.Path(path).stat().st_size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--label", default="")
    parser.add_argument("--max-walls", type=int, default=1000)
    args = parser.parse_args()
    site = pathlib.Path(args.site).resolve()
    walls = sorted(site.glob("walls/*/index.html"))[: args.max_walls]
    for width, height, dpr in VIEWPORTS:
        driver = make_driver()
        try:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": dpr,
                "mobile": width < 500})
            totals = collections.Counter()
            formats = collections.Counter()
            for wall in walls:
                driver.get("about:blank")
                driver.get(wall.as_uri())
                deadline = time.time() + 20
                while True:
                    shown = driver.execute_script(FIRST_SCREEN)
                    if all(done for _, done in shown) or time.time() > deadline:
                        break
                    time.sleep(0.05)
                time.sleep(0.2)
                for src, _ in shown:
                    totals["first photos"] += 1
                    totals["first bytes"] += size_of(src)
                    formats[src.rsplit(".", 1)[-1] + "-" + src.rsplit("-", 1)[-1].split(".")[0]] += 1
                for name in driver.execute_script(LOADED):
                    totals["load photos"] += 1
                    totals["load bytes"] += size_of(name)
            chosen = ",".join(f"{k}:{v}" for k, v in sorted(formats.items()))
            print(f"{args.label}\t{width}x{height}@{dpr}x\t{len(walls)}\t{totals['first photos']}"
                  f"\t{totals['first bytes']}\t{totals['load photos']}\t{totals['load bytes']}"
                  f"\t{chosen}", flush=True)
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
