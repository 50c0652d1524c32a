"""The README's screenshots, retaken from the app as it is now: the real server (`filingproof serve`,
serving the built web app) on a home with the corpus ingested, driven by Debian's Chromium.

    cd frontend && npm run build && cd ..
    FILINGPROOF_HOME=… .venv/bin/python backend/bench/screenshots.py            # into docs/

- `docs/ask.png`: Apple's fiscal 2024 revenue asked on the Ask screen: the pipeline's hops, the verified
  answer and its linked figure (desktop, 1440 x 900).
- `docs/viewer.png`: that figure opened: the cited cell outlined on the filer's page and highlighted in
  the page's table (desktop).
- `docs/phone.png`: the same proof on a phone (390 x 844): zoomed to the cell, the controls in view.

Each image is taken only once the screen has settled (the answer verified, the page image loaded, the
outline drawn); a screen that does not settle fails the script, and no image is written for it.
"""

import argparse
import asyncio
import sys
from pathlib import Path

from playwright.async_api import Browser, Page, ViewportSize

from filingproof.api.server import child_server, wait_until_warm
from filingproof.config import get_settings
from filingproof.ingest.render import chromium

REPO = Path(__file__).resolve().parents[2]
QUESTION = "What was Apple's revenue in fiscal 2024?"
DESKTOP: ViewportSize = {"width": 1440, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
SETTLE_MS = 60_000
DIST = REPO / "frontend" / "dist"


async def answered(page: Page, base_url: str) -> None:
    """The Ask screen with QUESTION asked and its answer verified."""
    await page.goto(f"{base_url}/")
    box = page.get_by_label("Ask about the ingested filings")
    await box.fill(QUESTION)
    await box.press("Enter")
    badge = page.get_by_test_id("status-badge")
    await badge.wait_for(timeout=SETTLE_MS)
    status = await badge.get_attribute("data-status")
    if status != "verified":
        raise RuntimeError(f"{QUESTION!r} was answered {status!r}, not verified: no picture for the README")
    await page.get_by_test_id("figure-link").first.wait_for()


async def cited_page(page: Page) -> None:
    """The answer's first figure opened in the viewer, its page image loaded and the cell outlined."""
    await page.get_by_test_id("figure-link").first.click()
    await page.locator('[data-testid="cell-outline"]').first.wait_for(timeout=SETTLE_MS)
    await page.wait_for_function(
        "() => { const img = document.querySelector('[data-testid=\"page-image\"]');"
        " return img !== null && img.complete && img.naturalWidth > 0; }",
        timeout=SETTLE_MS,
    )
    await page.wait_for_timeout(300)  # the scroll to the cell and the outline's glow settle


async def take(browser: Browser, base_url: str, out: Path) -> list[Path]:
    taken: list[Path] = []
    desktop = await browser.new_page(viewport=DESKTOP)
    await answered(desktop, base_url)
    await desktop.locator("body").click(position={"x": 5, "y": 5})  # no focus ring over the question
    taken.append(await shot(desktop, out / "ask.png"))
    await cited_page(desktop)
    taken.append(await shot(desktop, out / "viewer.png"))
    phone = await browser.new_page(viewport=PHONE)
    await answered(phone, base_url)
    await cited_page(phone)
    taken.append(await shot(phone, out / "phone.png"))
    return taken


async def shot(page: Page, path: Path) -> Path:
    await page.screenshot(path=str(path), full_page=False)
    return path


async def main(out: Path) -> None:
    with child_server({"WEB_DIST": str(DIST)}) as server:
        await asyncio.to_thread(wait_until_warm, server.base_url)
        async with chromium(get_settings().chromium_path) as browser:
            for path in await take(browser, server.base_url, out):
                print(path)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=REPO / "docs", help="folder for the images (docs/)")
    out = parser.parse_args().out
    if not (DIST / "index.html").is_file():
        sys.exit(f"{DIST} has no build: run `npm ci && npm run build` in frontend/ first")
    out.mkdir(parents=True, exist_ok=True)
    asyncio.run(main(out))
