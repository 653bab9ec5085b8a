#!/usr/bin/env python3
"""Opens an unzipped wallgen archive bundle from disk, as its owner would, in headless Chromium.

Checks that the bag's top-level index.html (a BagIt tag file) leads to the wall,
data/index.html, by itself; that the wall names its owner; and that its "Download all my
photos" link, when there is one, points at a file of the bundle.

Needs: apt-get install chromium chromium-driver; pip install selenium
Usage: open_bundle.py BAG_DIR OWNER_NAME
Prints one line per failed check and 'N passed, N failed'; exits 1 if any failed.
"""
import pathlib
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def main():
    bag = pathlib.Path(sys.argv[1]).resolve()
    owner = sys.argv[2]
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    passed, failed = 0, 0

    def check(condition, what):
        nonlocal passed, failed
        if condition:
            passed += 1
        else:
            failed += 1
            print("FAIL:", what)

    try:
        driver.get((bag / "index.html").as_uri())
        wall = (bag / "data" / "index.html").as_uri()
        deadline = time.monotonic() + 5
        while driver.current_url != wall and time.monotonic() < deadline:
            time.sleep(0.05)
        check(driver.current_url == wall, f"index.html led to {driver.current_url}, not {wall}")
        heading = driver.find_element(By.TAG_NAME, "h1").text
        check(owner in heading, f"the wall's heading is {heading!r}, without {owner!r}")
        for link in driver.find_elements(By.CSS_SELECTOR, "p.download a"):
            target = link.get_attribute("href")
            check(target.startswith(bag.as_uri() + "/data/"), f"download link {target}")
            path = pathlib.Path(target[len("file://"):])
            check(path.is_file(), f"download link to a missing file: {target}")
    finally:
        driver.quit()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
