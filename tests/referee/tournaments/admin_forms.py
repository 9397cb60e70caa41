"""The values an admin change (or add) page's form would post as it stands: every input,
checked box, selected option and text area, read from the page."""

from __future__ import annotations

from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, list[str]] = {}
        self._select: str | None = None
        self._textarea: str | None = None
        self._text: list[str] = []
        self._in_form = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self._in_form = True
        if not self._in_form:
            return
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.values.setdefault(name, []).append(a.get("value", "on"))
        elif tag == "select" and name:
            self._select = name
            self.values.setdefault(name, [])
        elif tag == "option" and self._select and "selected" in a:
            self.values[self._select].append(a.get("value", ""))
        elif tag == "textarea" and name:
            self._textarea, self._text = name, []

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in_form = False
        elif tag == "select":
            self._select = None
        elif tag == "textarea" and self._textarea:
            self.values[self._textarea] = ["".join(self._text).removeprefix("\n")]
            self._textarea = None


def admin_form(client, url: str) -> dict[str, list[str] | str]:
    page = client.get(url)
    assert page.status_code == 200, url
    parser = _Form()
    parser.feed(page.content.decode())
    return {k: v if len(v) != 1 else v[0] for k, v in parser.values.items()}
