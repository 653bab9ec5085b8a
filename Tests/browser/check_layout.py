#!/usr/bin/env python3
"""Checks the layout of a built wallgen site in headless Chromium (file://), at phone and desktop
widths.

For every HTML page (index first, then walls), at 320, 390 and 1280 CSS px wide:
- no horizontal scroll: document.documentElement.scrollWidth <= window.innerWidth;
- every visible link and button is a tap target of at least 44 x 44 px (the skip link is
  measured while it has focus; the lightbox's buttons on the first wall with photos, open);
- "Older →" and "← Newer" each fit on one line, in the first row of the pagination.
With --years, on every wall page: a card's date (the card header's <time>) shows its year,
whether or not it is the year of the wall's newest photo (the first card of the wall's first
page; dates are compared in UTC, so build with the default zone), and at least one card of each
kind was seen. (A card's date has no title: its long form is the viewer's, to keep cards short.)

Needs: apt-get install chromium chromium-driver; pip install selenium
Usage: check_layout.py SITE_DIR [--years] [--widths 320,390,1280] [--max-pages N]
Prints one line per failed check and 'N passed, N failed'; exits 1 if any failed.
"""
import argparse
import pathlib
import re
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# Targets smaller than 44 x 44 CSS px, as [description, width, height]; a fraction of a pixel is
# forgiven for rounding.
SMALL_TARGETS = """
return Array.from(document.querySelectorAll('a[href], button')).filter(e => {
  const r = e.getBoundingClientRect();
  const style = getComputedStyle(e);
  if (style.visibility === 'hidden' || style.display === 'none') return false;
  if (r.width === 0 && r.height === 0) return false;
  if (r.right <= 0 || r.bottom <= 0) return false;  // off screen (the unfocused skip link)
  return r.width < 43.5 || r.height < 43.5;
}).map(e => [e.outerHTML.slice(0, 80), Math.round(e.getBoundingClientRect().width),
             Math.round(e.getBoundingClientRect().height)]);
"""

# "Older →" and "← Newer" that break over two lines, or sit below the first row of the
# pagination (under page numbers that took a row of their own).
WRAPPED_STEPS = """
return Array.from(document.querySelectorAll('.pagination .step')).filter(e => {
  const lineHeight = parseFloat(getComputedStyle(e).lineHeight) || 24;
  const range = document.createRange();
  range.selectNodeContents(e);
  const text = range.getBoundingClientRect();
  const firstRow = e.parentElement.getBoundingClientRect().top;
  return range.getClientRects().length > 1 || text.height > lineHeight * 1.5 ||
    e.getBoundingClientRect().top - firstRow > 4;
}).map(e => e.textContent);
"""

CARD_DATES = """
return Array.from(document.querySelectorAll('article.card > header time')).map(t =>
  [t.getAttribute('datetime'), t.textContent]);
"""


def make_driver():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--hide-scrollbars"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def set_width(driver, width):
    # Chromium windows are at least 500 px wide: emulate the exact viewport instead.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})


def check_layout(driver, site, page, width, results):
    driver.get(page.as_uri())
    name = f"{page.relative_to(site)} at {width} px"
    scroll, inner = driver.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth]")
    results.append((f"{name}: no horizontal scroll", scroll <= inner,
                    f"scrollWidth {scroll} > innerWidth {inner}"))
    small = driver.execute_script(SMALL_TARGETS)
    skip = driver.find_elements(By.CSS_SELECTOR, ".skip-link")
    if skip:
        driver.execute_script("arguments[0].focus()", skip[0])
        size = driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", skip[0])
        if size[0] < 43.5 or size[1] < 43.5:
            small.append(["focused skip link", round(size[0]), round(size[1])])
    results.append((f"{name}: every link and button is at least 44 x 44 px", not small, small[:5]))
    wrapped = driver.execute_script(WRAPPED_STEPS)
    results.append((f"{name}: 'Older →' and '← Newer' on one line, in the first row", not wrapped, wrapped))


def check_lightbox_buttons(driver, page, width, results):
    driver.get(page.as_uri())
    links = driver.find_elements(By.CSS_SELECTOR, "a[data-lightbox]")
    if not links:
        return
    links[0].send_keys(Keys.ENTER)
    time.sleep(0.2)
    sizes = driver.execute_script(
        "return Array.from(document.querySelectorAll('.lightbox button')).map(b => "
        "[b.className, b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    small = [s for s in sizes if s[1] < 43.5 or s[2] < 43.5]
    results.append((f"lightbox at {width} px: three buttons, each at least 44 x 44 px",
                    len(sizes) == 3 and not small, sizes))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)


def check_years(driver, site, walls, results):
    """Each wall's pages, the first page first: every card's date shows its year (issue 24: an
    archive is read years later), those of the wall's newest year too."""
    seen = {"older": 0, "newest": 0}
    by_wall = {}
    for page in walls:
        by_wall.setdefault(page.parent, []).append(page)
    for folder, pages in sorted(by_wall.items()):
        pages.sort(key=lambda p: (p.name != "index.html", len(p.name), p.name))
        newest = None
        for page in pages:
            driver.get(page.as_uri())
            for iso, text in driver.execute_script(CARD_DATES):
                year = int(iso[:4])
                newest = newest or year
                shows_year = re.search(r"\b\d{4}\b", text) is not None
                seen["older" if year != newest else "newest"] += 1
                name = f"{page.relative_to(site)}: card of {iso[:10]} (wall's newest year {newest})"
                ok = shows_year and str(year) in text
                results.append((f"{name} reads '{text}'", ok, "year shown" if shows_year else
                                "no year shown"))
    results.append(("years: cards of an older year and of the newest year were both seen",
                    seen["older"] > 0 and seen["newest"] > 0, seen))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("--years", action="store_true")
    parser.add_argument("--widths", default="320,390,1280")
    parser.add_argument("--max-pages", type=int, default=60)
    arguments = parser.parse_args()
    site = pathlib.Path(arguments.site).resolve()
    walls = sorted(site.glob("walls/*/*.html"))
    pages = (sorted(site.glob("index.html")) + walls)[:arguments.max_pages]
    with_photos = [p for p in walls if "data-lightbox" in p.read_text(encoding="utf-8")]
    results = []
    driver = make_driver()
    try:
        for width in (int(w) for w in arguments.widths.split(",")):
            set_width(driver, width)
            for page in pages:
                check_layout(driver, site, page, width, results)
            if with_photos:
                check_lightbox_buttons(driver, with_photos[0], width, results)
        if arguments.years:
            set_width(driver, 1280)
            check_years(driver, site, walls, results)
    finally:
        driver.quit()
    failed = [r for r in results if not r[1]]
    for name, ok, detail in failed:
        print(f"FAIL {name}: {detail}")
    print(f"checked {len(pages)} pages")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed or not pages else 0)


if __name__ == "__main__":
    main()
