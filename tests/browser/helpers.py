"""Keyboard-only steps, logins, downloads and the axe-core check of the browser tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def log_in(page: Any, base: str, username: str, password: str, next_url: str = "") -> None:
    page.goto(f"{base}/accounts/login/" + (f"?next={next_url}" if next_url else ""))
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', password)
    page.locator('main button[type="submit"]').first.click()
    page.wait_for_load_state()


def log_out(page: Any) -> None:
    page.locator("header form.inline button").click()
    page.wait_for_load_state()


def focused(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            "s => !!document.activeElement && document.activeElement.matches(s)", selector
        )
    )


def tab_to(page: Any, selector: str, limit: int = 150) -> None:
    """Press Tab until the focus is on ``selector`` (keyboard only: no clicks, no focus())."""
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def choose(page: Any, name: str, value: str) -> None:
    """A choice of a group of radio buttons, by Tab into the group and the arrow keys."""
    tab_to(page, f'#deal-form input[type="radio"][name="{name}"]')
    for _ in range(12):
        current = page.evaluate("document.activeElement.value")
        is_checked = page.evaluate("document.activeElement.checked")
        if current == value:
            if not is_checked:
                page.keyboard.press("Space")
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no {value} in {name}")


def type_in(page: Any, name: str, text: str) -> None:
    tab_to(page, f'#deal-form [name="{name}"]')
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def call(page: Any, row: int, key: str) -> None:
    """One key for a defence call (В/W, П/P, Л/H …) on the row's call."""
    tab_to(page, f'#deal-form [name="call_{row}_call"]')
    page.keyboard.press(key)


def save_deal(page: Any, deals_before: int) -> None:
    tab_to(page, "#deal-form .actions button.primary")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => document.querySelectorAll('table.deals tbody tr[id^=deal-]').length === n",
        arg=deals_before + 1,
        timeout=20000,
    )
    page.wait_for_selector('#offline[data-ready="yes"]')


def load_axe(page: Any) -> None:
    """axe-core into the page, evaluated through the browser's devtools: a ``<script>`` tag
    of it would be an inline script, which the site's Content-Security-Policy blocks."""
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")


def csp_watch(page: Any) -> None:
    """From the next page load on, record every Content-Security-Policy violation in
    ``window.cspViolations`` (a blocked script or style fails silently otherwise)."""
    page.add_init_script(
        "window.cspViolations = [];"
        "document.addEventListener('securitypolicyviolation', e => window.cspViolations.push("
        "`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"
    )


def csp_violations(page: Any) -> list[str]:
    return list(page.evaluate("window.cspViolations || []"))


def axe_problems(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page as it stands."""
    load_axe(page)
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])}×"
        f" e.g. {v['nodes'][0]['target']}"
        for v in result["violations"]
        if v["impact"] in SERIOUS
    ]


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


def too_wide(page: Any) -> list[str]:
    """What makes the page wider than the screen (for the message of a failed check)."""
    return list(
        page.evaluate(
            """() => Array.from(document.querySelectorAll('body, body *'))
              .filter(e => !e.closest('.scroll') && (e.getBoundingClientRect().right >
                 window.innerWidth + 1 || (e.scrollWidth > e.clientWidth + 2 && e.clientWidth > 0
                 && getComputedStyle(e).overflowX === 'visible')))
              .slice(0, 12)
              .map(e => e.tagName + '.' + e.className + ' right ' +
                Math.round(e.getBoundingClientRect().right) + ' sw ' + e.scrollWidth +
                '/' + e.clientWidth)"""
        )
    )
