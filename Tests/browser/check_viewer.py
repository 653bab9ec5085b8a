#!/usr/bin/env python3
"""Checks the photo viewer and the photo grid of a built wallgen site in headless Chromium
(file://), at 1280 x 900 and 390 x 844.

On WALL (a wall folder of the site, e.g. walls/u0, with at least two pages):
- the viewer opened on the last photo of page 1 shows that photo's comments, is a modal dialog
  with labelled buttons, covers the window with an opaque backdrop, shows the photo beside its
  details (1280) or above them (390), and ArrowRight shows the first photo of page 2;
- the address follows the viewer (#photo-<objectId>); Escape removes it;
- after walking from the first photo to the third, Escape returns focus to the third;
- walls/…/index.html#photo-<id of a photo on the last page> opens the viewer on that photo;
- history, from file:// and over HTTP (a server in this script, on 127.0.0.1): opening a photo
  adds one history entry and walking to the next adds none; Back closes the viewer, clears the
  address and leaves the page scrolled where it was; Forward opens it again on the photo last
  viewed; Escape steps back too; a direct link to #photo-<id> opens the viewer, and Escape then
  closes it on the same page;
- photos.html groups its tiles under year and month headings, newest first, each tile under
  the month of its photo's date (read from the wall's viewer data), in at least 5 columns at 1280
  and 3 at 390, and a tile opens the viewer on its photo;
- no page scrolls sideways (the wall's pages, its grid, the index), with the viewer open too;
- the header (its box, the left of its title, the tabs) is in the same place on the wall's
  first page and on its grid;
- page 2 says "Page 2 of N" above its first card, between links to the newer and older pages;
- the index's avatars load lazily and have their size;
- at 1280 px the first page shows a side column (the owner, friends' faces, recent photos) to
  the right of the feed, its links reaching files of the site; at 390 px it is not shown;
- over HTTP, pages ask for the site's icon (assets/favicon.svg), never for /favicon.ico;
- every date shown on the wall's pages and in the viewer holds its year.

With --shots DIR, saves LABEL-{wall,grid,viewer}-{1280,390}.png there (--label, default
"viewer"), the viewer open on a photo with comments.

Needs: apt-get install chromium chromium-driver; pip install selenium
Usage: check_viewer.py SITE_DIR WALL [--shots DIR] [--label LABEL]
Prints one line per failed check and 'N passed, N failed'; exits 1 if any failed.
"""
import argparse
import datetime
import functools
import http.server
import json
import pathlib
import re
import sys
import threading
import time
from urllib.parse import unquote, urlparse

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def make_driver(width, height):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-color-profile=srgb",
                     f"--window-size={max(width, 500)},{height}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # Chromium windows are at least 500 px wide: emulate the exact viewport instead.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    return driver


def becomes_true(driver, condition, timeout=5):
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda d: condition(d))
        return True
    except Exception:  # a timeout, or an element not there yet
        return False


def link_ids(page):
    """The data-photo-id of each photo link of a page, in order, read from the file."""
    return re.findall(r'data-lightbox data-photo-id="([^"]*)"', page.read_text(encoding="utf-8"))


def entry_file(site, photo_id):
    """Where a public site keeps a photo's viewer entry (WallPageModel.viewerEntryPath, worked
    out apart): the objectId's UTF-8 bytes in hex, a "/" after every 64 bytes, in a folder named
    by the low byte of their 32-bit FNV-1a hash."""
    digest, name = 0x811C9DC5, ""
    for position, byte in enumerate(photo_id.encode("utf-8")):
        digest = ((digest ^ byte) * 0x01000193) & 0xFFFFFFFF
        name += ("/" if position and position % 64 == 0 else "") + f"{byte:02x}"
    return site / "viewer" / f"{digest & 255:02x}" / f"{name}.js"


def wall_data(folder):
    """The wall's photos as the viewer walks them, each with its details: a private wall's
    photos.js, or a public wall's list (or its page's links) and each photo's entry file."""
    listed = folder / "photos.js"
    data = {"entries": {}}
    if listed.exists():
        text = listed.read_text(encoding="utf-8")
        prefix = "window.wallgenPhotos = "
        data = json.loads(text[len(prefix):].rstrip().rstrip(";"))
    if "photos" in data:
        return data
    photos = []
    for photo_id in data.get("ids") or link_ids(folder / "index.html"):
        entry = data["entries"].get(photo_id)
        if entry is None:
            text = entry_file(folder.parent.parent, photo_id).read_text(encoding="utf-8")
            entry = json.loads(text[len("wallgenPhoto("):].rstrip().rstrip(";").rstrip(")"))
        photos.append(entry)
    return {"photos": photos}


VIEWER = """
const box = document.querySelector('.lightbox');
if (!box || box.hidden) return null;
const image = box.querySelector('.stage img');
const stage = box.querySelector('.stage').getBoundingClientRect();
const details = box.querySelector('.details').getBoundingClientRect();
const rect = box.getBoundingClientRect();
return {
  src: image ? image.src : null,
  counter: box.querySelector('.counter').textContent,
  comments: Array.from(box.querySelectorAll('.comments li .text')).map(t => t.textContent),
  byline: (box.querySelector('.who') || {}).textContent || '',
  role: box.getAttribute('role'), modal: box.getAttribute('aria-modal'),
  label: box.getAttribute('aria-label'),
  buttons: Array.from(box.querySelectorAll('button')).map(b => b.getAttribute('aria-label')),
  background: getComputedStyle(box).backgroundColor,
  covers: rect.left <= 0 && rect.top <= 0 && rect.right >= innerWidth && rect.bottom >= innerHeight,
  stage: [stage.left, stage.top, stage.right, stage.bottom],
  details: [details.left, details.top, details.right, details.bottom],
  hash: location.hash,
  focusInside: box.contains(document.activeElement),
};
"""

NO_SIDEWAYS = "return [document.documentElement.scrollWidth, window.innerWidth]"


def viewer(driver):
    return driver.execute_script(VIEWER)


def opaque(color):
    match = re.match(r"rgba?\(([^)]*)\)", color or "")
    if not match:
        return False
    parts = [float(p) for p in match.group(1).split(",")]
    return len(parts) == 3 or parts[3] >= 0.999


def no_sideways(driver, name, results):
    scroll, inner = driver.execute_script(NO_SIDEWAYS)
    results.append((f"{name}: no sideways scroll", scroll <= inner, f"{scroll} > {inner}"))


def dates_show_years(driver, name, results, within="body"):
    """Every shown date in `within` (its <time> elements) holds a four-digit year (issue 24: an
    archive is read years later, and a phone shows no tooltip)."""
    texts = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0] + ' time'))"
        ".filter(t => t.getClientRects().length).map(t => t.textContent)", within)
    missing = [text for text in texts if not re.search(r"\b(19|20)\d\d\b", text)]
    results.append((f"{name}: each of its {len(texts)} dates shows its year",
                    bool(texts) and not missing, missing[:3]))


def save(driver, folder, name):
    if folder is None:
        return
    # Images in view: not those without a box (a lazy image that is not shown never loads).
    driver.execute_script("return Promise.all(Array.from(document.images).filter(i => "
                          "i.getClientRects().length && "
                          "i.getBoundingClientRect().top < innerHeight).map(i => i.decode()"
                          ".catch(() => null)))")
    path = folder / name
    driver.save_screenshot(str(path))
    try:
        from PIL import Image
        image = Image.open(path).convert("RGB")
        image.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)
    except ImportError:
        pass
    print(path)


def check_wall(driver, site, wall, size, results, shots, label):
    width = size[0]
    pages = sorted(wall.glob("page-*.html"), key=lambda p: int(re.sub(r"\D", "", p.name)))
    first, second, last = wall / "index.html", pages[0], pages[-1]
    ids1, ids2, ids_last = link_ids(first), link_ids(second), link_ids(last)
    data = wall_data(wall)
    by_id = {photo["id"]: photo for photo in data["photos"]}
    total = len(data["photos"])
    name = f"{wall.relative_to(site)} at {width} px"
    for page in [first] + pages:
        driver.get(page.as_uri())
        no_sideways(driver, f"{page.relative_to(site)} at {width} px", results)
        dates_show_years(driver, f"{page.relative_to(site)} at {width} px", results)
    driver.get(first.as_uri())
    save(driver, shots, f"{label}-wall-{width}.png")

    # The last photo of page 1: its comments, the dialog, the backdrop, then page 2's first.
    links = driver.find_elements(By.CSS_SELECTOR, "a[data-lightbox]")
    driver.execute_script("arguments[0].scrollIntoView(); arguments[0].focus()", links[-1])
    links[-1].send_keys(Keys.ENTER)
    last_of_page = ids1[-1]
    wanted = [c["text"] for c in by_id[last_of_page]["comments"]]
    opened = becomes_true(driver, lambda d: (viewer(d) or {}).get("comments") == wanted
                          and (viewer(d) or {}).get("byline"))
    shown = viewer(driver) or {}
    results.append((f"{name}: the viewer shows the last photo of page 1 with its "
                    f"{len(wanted)} comments and its uploader", opened and len(wanted) > 0, shown))
    results.append((f"{name}: the viewer is a modal dialog with labelled buttons",
                    shown.get("role") == "dialog" and shown.get("modal") == "true"
                    and bool(shown.get("label")) and len(shown.get("buttons", [])) == 3
                    and all(shown.get("buttons", [None])) and shown.get("focusInside"), shown))
    results.append((f"{name}: the backdrop is opaque and covers the window",
                    opaque(shown.get("background")) and shown.get("covers"), shown))
    results.append((f"{name}: the counter reads '{len(ids1)} of {total}'",
                    shown.get("counter") == f"{len(ids1)} of {total}", shown))
    stage, details = shown.get("stage", [0] * 4), shown.get("details", [0] * 4)
    beside = details[0] >= stage[2] - 1 if width >= 800 else details[1] >= stage[3] - 1
    results.append((f"{name}: the details are {'beside' if width >= 800 else 'below'} the photo",
                    beside, (stage, details)))
    results.append((f"{name}: the address names the photo",
                    shown.get("hash") == f"#photo-{last_of_page}", shown.get("hash")))
    no_sideways(driver, f"{name}, viewer open", results)
    dates_show_years(driver, f"{name}, viewer open", results, within=".lightbox")
    if wanted:
        save(driver, shots, f"{label}-viewer-{width}.png")
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    expected_src = (wall / by_id[ids2[0]]["src"]).resolve().as_uri()
    moved = becomes_true(driver, lambda d: (viewer(d) or {}).get("src") == expected_src)
    shown = viewer(driver) or {}
    results.append((f"{name}: ArrowRight walks from the last photo of page 1 to the first of "
                    f"page 2", moved and shown.get("hash") == f"#photo-{ids2[0]}"
                    and shown.get("counter") == f"{len(ids1) + 1} of {total}", shown))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    closed = becomes_true(driver, lambda d: viewer(d) is None)
    hash_after = driver.execute_script("return location.hash")
    results.append((f"{name}: Escape closes the viewer and clears the address",
                    closed and hash_after == "", hash_after))

    # Focus returns to the photo last viewed, not the one clicked.
    driver.get(first.as_uri())
    links = driver.find_elements(By.CSS_SELECTOR, "a[data-lightbox]")
    links[0].send_keys(Keys.ENTER)
    becomes_true(driver, lambda d: (viewer(d) or {}).get("byline"))
    for _ in range(2):
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    becomes_true(driver, lambda d: (viewer(d) or {}).get("hash") == f"#photo-{ids1[2]}")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    # Escape steps back in history: the viewer closes when the browser has taken that step.
    focus_script = ("const a = document.activeElement; "
                    "return a ? a.getAttribute('data-photo-id') : null")
    becomes_true(driver, lambda d: d.execute_script(focus_script) == ids1[2])
    focused = driver.execute_script(focus_script)
    results.append((f"{name}: after walking to the third photo, Escape returns focus to it",
                    focused == ids1[2], focused))

    # A photo's address opens it, from another page of its wall.
    goal = ids_last[-1]
    driver.get(first.as_uri() + f"#photo-{goal}")
    goal_src = (first.parent / by_id[goal]["src"]).resolve().as_uri()
    opened = becomes_true(driver, lambda d: (viewer(d) or {}).get("src") == goal_src)
    shown = viewer(driver) or {}
    results.append((f"{name}: index.html#photo-<a photo of the last page> opens the viewer on it",
                    opened and shown.get("counter") == f"{total} of {total}", shown))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)


HISTORY_STATE = """
const box = document.querySelector('.lightbox');
return {open: !!box && !box.hidden, hash: location.hash, length: history.length,
        scroll: Math.round(scrollY), path: location.pathname};
"""


def history_state(driver):
    return driver.execute_script(HISTORY_STATE)


def check_history(driver, base, label, ids1, size, results):
    """Back closes the viewer where the page was, Forward opens it again (`base`: the wall
    folder's URL, file:// or http://)."""
    name = f"{label} at {size[0]} px"
    driver.get(base + "index.html")
    links = driver.find_elements(By.CSS_SELECTOR, "a[data-lightbox]")
    # The third photo in the middle of the window: the page is scrolled.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", links[2])
    before = history_state(driver)
    links[2].click()
    opened = becomes_true(driver, lambda d: history_state(d)["open"]
                          and history_state(d)["hash"] == f"#photo-{ids1[2]}")
    after_open = history_state(driver)
    results.append((f"{name}: opening a photo adds one history entry",
                    opened and before["scroll"] > 0
                    and after_open["length"] == before["length"] + 1, (before, after_open)))
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    walked = becomes_true(driver, lambda d: history_state(d)["hash"] == f"#photo-{ids1[3]}")
    after_walk = history_state(driver)
    results.append((f"{name}: walking to the next photo adds none",
                    walked and after_walk["length"] == after_open["length"], after_walk))
    driver.back()
    closed = becomes_true(driver, lambda d: not history_state(d)["open"])
    back = history_state(driver)
    # The place the page had under the open viewer (a click may nudge it by a pixel or two
    # before the viewer opens).
    results.append((f"{name}: Back closes the viewer, clears the address and keeps the scroll",
                    closed and back["hash"] == "" and back["scroll"] == after_open["scroll"]
                    and back["path"] == before["path"], (after_open, back)))
    driver.forward()
    reopened = becomes_true(driver, lambda d: history_state(d)["open"]
                            and (viewer(d) or {}).get("counter", "").startswith("4 of "))
    forward = history_state(driver)
    results.append((f"{name}: Forward opens the viewer again on the photo last viewed",
                    reopened and forward["hash"] == f"#photo-{ids1[3]}", forward))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    closed = becomes_true(driver, lambda d: not history_state(d)["open"]
                          and history_state(d)["hash"] == "")
    # Escape also brings the photo last viewed (focused) into view.
    shown = becomes_true(driver, lambda d: d.execute_script(
        "const a = document.activeElement, r = a.getBoundingClientRect();"
        "return a.getAttribute('data-photo-id') === arguments[0]"
        " && r.bottom > 0 && r.top < innerHeight", ids1[3]))
    escaped = history_state(driver)
    results.append((f"{name}: Escape steps back: the viewer closes on the page, its photo in view",
                    closed and shown and escaped["length"] == before["length"] + 1
                    and escaped["path"] == before["path"], (before, escaped)))
    # A direct link to a photo: no entry of the viewer's own, Escape stays on the page.
    driver.get(base + f"index.html#photo-{ids1[1]}")
    opened = becomes_true(driver, lambda d: (viewer(d) or {}).get("counter", "").startswith("2 of "))
    direct = history_state(driver)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    closed = becomes_true(driver, lambda d: not history_state(d)["open"]
                          and history_state(d)["hash"] == "")
    left = history_state(driver)
    results.append((f"{name}: a link to #photo-<id> opens the viewer; Escape closes it on the page",
                    opened and closed and left["path"] == direct["path"]
                    and left["length"] == direct["length"], (direct, left)))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site, logging nothing, and remembers each path asked for."""
    asked = []

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        QuietHandler.asked.append(self.path)
        super().do_GET()


def serve(site):
    """An HTTP server of `site` on 127.0.0.1, in a thread of this script."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


HEADER = """
const box = e => { if (!e) return null; const r = e.getBoundingClientRect();
  return [Math.round(r.left * 10) / 10, Math.round(r.width * 10) / 10]; };
return {header: box(document.querySelector('.site-header')),
        name: box(document.querySelector('.owner h1'))[0],
        tabs: box(document.querySelector('.tabs ul'))};
"""


def check_header(driver, site, wall, size, results):
    """The header stays in place between the Posts and Photos tabs."""
    name = f"{wall.relative_to(site)} at {size[0]} px"
    driver.get((wall / "index.html").as_uri())
    posts = driver.execute_script(HEADER)
    driver.get((wall / "photos.html").as_uri())
    photos = driver.execute_script(HEADER)
    results.append((f"{name}: the header's box, title and tabs are in one place on Posts and Photos",
                    posts == photos and posts["header"] is not None, (posts, photos)))


PAGE_TOP = """
const top = document.querySelector('.page-top');
const card = document.querySelector('.card');
if (!top) return null;
const link = rel => { const a = top.querySelector('a[rel=' + rel + ']');
  return a ? a.getAttribute('href') : null; };
return {text: (top.querySelector('.page-number') || {}).textContent,
        above: !card || top.getBoundingClientRect().bottom <= card.getBoundingClientRect().top,
        newer: link('prev'), older: link('next')};
"""


def check_page_top(driver, site, wall, size, results):
    """Page 2 says where it is at its top; page 1 does not."""
    pages = sorted(wall.glob("page-*.html"), key=lambda p: int(re.sub(r"\D", "", p.name)))
    count = len(pages) + 1
    name = f"{wall.relative_to(site)} at {size[0]} px"
    driver.get(pages[0].as_uri())
    top = driver.execute_script(PAGE_TOP) or {}
    older = "page-3.html" if count > 2 else None
    results.append((f"{name}: page 2 says 'Page 2 of {count}' at its top, linking newer and older",
                    top.get("text") == f"Page 2 of {count}" and top.get("above")
                    and top.get("newer") == "index.html" and top.get("older") == older, top))
    driver.get((wall / "index.html").as_uri())
    results.append((f"{name}: page 1 has no such line",
                    driver.execute_script(PAGE_TOP) is None, None))


SIDE = """
const side = document.querySelector('.profile');
const feed = document.querySelector('.feed');
if (!side) return null;
const s = side.getBoundingClientRect(), f = feed.getBoundingClientRect();
return {shown: s.width > 0 && getComputedStyle(side).display !== 'none',
        beside: s.left >= f.right && s.top < f.bottom,
        faces: side.querySelectorAll('.faces img').length,
        photos: side.querySelectorAll('.recent img').length,
        links: Array.from(side.querySelectorAll('a[href]')).map(a => a.href)};
"""


def check_side_column(driver, site, wall, size, results):
    """The first page's side column: beside the feed on a wide screen, not shown on a phone."""
    name = f"{wall.relative_to(site)} at {size[0]} px"
    driver.get((wall / "index.html").as_uri())
    side = driver.execute_script(SIDE)
    if size[0] >= 1024:
        missing = [link for link in (side or {}).get("links", [])
                   if not pathlib.Path(unquote(urlparse(link).path)).is_file()]
        results.append((f"{name}: a side column beside the feed, with faces and photos",
                        bool(side) and side["shown"] and side["beside"] and side["faces"] > 0
                        and side["photos"] > 0 and not missing, (side, missing)))
    else:
        results.append((f"{name}: no side column on a phone", bool(side) and not side["shown"],
                        side))


def check_index_avatars(driver, site, size, results):
    index = site / "index.html"
    if not index.is_file() or 'class="wall-list"' not in index.read_text(encoding="utf-8"):
        return  # a private site's root page lists no one
    driver.get(index.as_uri())
    avatars = driver.execute_script(
        "return Array.from(document.querySelectorAll('.wall-list img.avatar')).map(i => "
        "[i.loading, i.getAttribute('width'), i.getAttribute('height')])")
    results.append((f"index.html at {size[0]} px: its {len(avatars)} avatars load lazily, sized",
                    bool(avatars) and all(a[0] == "lazy" and a[1] and a[2] for a in avatars),
                    avatars[:3]))


def month_of(iso):
    moment = datetime.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    return f"{MONTHS[moment.month - 1]} {moment.year}"


GRID = """
return Array.from(document.querySelectorAll('.photo-month')).map(section => [
  section.querySelector('h2').textContent,
  Array.from(section.querySelectorAll('a[data-lightbox]')).map(a => [
    a.getAttribute('data-photo-id'), Math.round(a.getBoundingClientRect().left),
    Math.round(a.getBoundingClientRect().width), Math.round(a.getBoundingClientRect().height)])]);
"""


def check_grid(driver, site, wall, size, results, shots, label):
    width = size[0]
    grid = wall / "photos.html"
    name = f"{grid.relative_to(site)} at {width} px"
    data = wall_data(wall)
    by_id = {photo["id"]: photo for photo in data["photos"]}
    driver.get(grid.as_uri())
    no_sideways(driver, name, results)
    save(driver, shots, f"{label}-grid-{width}.png")
    sections = driver.execute_script(GRID)
    headings = [heading for heading, _ in sections]
    results.append((f"{name}: year and month headings", bool(headings) and all(
        re.fullmatch(r"[A-Z][a-z]+ \d{4}", h) for h in headings), headings))
    order = [(int(h.split()[1]), MONTHS.index(h.split()[0])) for h in headings
             if h.split()[0] in MONTHS]
    results.append((f"{name}: months newest first, each once",
                    order == sorted(order, reverse=True) and len(set(order)) == len(order),
                    headings))
    misplaced = [(photo_id, heading) for heading, tiles in sections for photo_id, *_ in tiles
                 if month_of(by_id[photo_id]["time"]["iso"]) != heading]
    results.append((f"{name}: each photo under its month", not misplaced, misplaced))
    tiles = [tile for _, group in sections for tile in group]
    order_ids = [tile[0] for tile in tiles]
    results.append((f"{name}: every photo of the wall once, in wall order",
                    order_ids == [p["id"] for p in data["photos"]], order_ids))
    columns = driver.execute_script(
        "const g = document.querySelector('.photo-grid');"
        "return g ? getComputedStyle(g).gridTemplateColumns.split(' ').length : 0")
    wanted_columns = 5 if width >= 800 else 3
    square = all(abs(tile[2] - tile[3]) <= 1 for tile in tiles)
    results.append((f"{name}: square tiles in a grid of at least {wanted_columns} columns",
                    square and columns >= wanted_columns, (columns, tiles[:3])))
    links = driver.find_elements(By.CSS_SELECTOR, "a[data-lightbox]")
    pick = min(1, len(links) - 1)
    links[pick].click()
    goal = order_ids[pick]
    goal_src = (wall / by_id[goal]["src"]).resolve().as_uri()
    opened = becomes_true(driver, lambda d: (viewer(d) or {}).get("src") == goal_src)
    results.append((f"{name}: a tile opens the viewer on its photo", opened, viewer(driver)))
    no_sideways(driver, f"{name}, viewer open", results)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    index = site / "index.html"
    if index.is_file():
        driver.get(index.as_uri())
        no_sideways(driver, f"index.html at {width} px", results)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("wall")
    parser.add_argument("--shots")
    parser.add_argument("--label", default="viewer")
    arguments = parser.parse_args()
    site = pathlib.Path(arguments.site).resolve()
    wall = site / arguments.wall
    shots = pathlib.Path(arguments.shots).resolve() if arguments.shots else None
    results = []
    server = serve(site)
    http_base = f"http://127.0.0.1:{server.server_port}/{arguments.wall.strip('/')}/"
    ids1 = link_ids(wall / "index.html")
    try:
        for size in ((1280, 900), (390, 844)):
            driver = make_driver(*size)
            try:
                check_wall(driver, site, wall, size, results, shots, arguments.label)
                check_grid(driver, site, wall, size, results, shots, arguments.label)
                check_history(driver, wall.as_uri() + "/", "history from file://", ids1, size,
                              results)
                check_history(driver, http_base, "history over HTTP", ids1, size, results)
                check_header(driver, site, wall, size, results)
                check_page_top(driver, site, wall, size, results)
                check_index_avatars(driver, site, size, results)
                check_side_column(driver, site, wall, size, results)
            finally:
                driver.quit()
    finally:
        server.shutdown()
    asked = QuietHandler.asked
    results.append(("over HTTP, pages ask for assets/favicon.svg and never for /favicon.ico",
                    any(path.endswith("/assets/favicon.svg") for path in asked)
                    and not any(path.startswith("/favicon.ico") for path in asked),
                    sorted({path for path in asked if "favicon" in path})))
    failed = [r for r in results if not r[1]]
    for name, ok, detail in failed:
        print(f"FAIL {name}: {detail}")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed or not results else 0)


if __name__ == "__main__":
    main()
