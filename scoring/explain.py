"""Every ledger entry in words, in Russian or English.

``explain(entries, "en")`` groups a deal's entries per player (and per pair for
whists): "B writes 12 on A: 5 defence tricks × 2 + consolation 1 × 2".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from .ledger import ADJUSTMENT, GORA, POOL, WHIST, Entry, Kind, Term
from .numbers import Amount, show

Phrase = Callable[..., str]


def _tricks_ru(n: object) -> str:
    if not isinstance(n, int):
        return f"{show(n)} взятки"  # type: ignore[arg-type]
    tail = "взятка" if n % 10 == 1 and n % 100 != 11 else "взятки"
    if not (n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14)) and tail != "взятка":
        tail = "взяток"
    return f"{n} {tail}"


def _tricks_acc_ru(n: object) -> str:
    """After «за»: «за 1 взятку», «за 2 взятки», «за 5 взяток»."""
    text = _tricks_ru(n)
    return text[: -len("взятка")] + "взятку" if text.endswith(" взятка") else text


def _caught_ru(n: object) -> str:
    """A misère's caught tricks: «поймана 1 взятка», «пойманы 2 взятки», «поймано 5 взяток»."""
    text = _tricks_ru(n)
    if text.endswith(" взятка"):
        return f"поймана {text}"
    if text.endswith(" взятки") and isinstance(n, int):
        return f"пойманы {text}"
    return f"поймано {text}"


_GENITIVE: tuple[str, ...] = ("", "одной", "двух", "трёх", "четырёх", "пяти")
_GENITIVE += ("шести", "семи", "восьми", "девяти", "десяти")


def _without_ru(n: object) -> str:
    """Undertricks as players say them: «без одной», «без двух»."""
    if isinstance(n, int) and 0 < n < len(_GENITIVE):
        return f"без {_GENITIVE[n]}"
    return f"без {_n(n)}"


def _points_en(n: object) -> str:
    return f"{_n(n)} pool point" + ("" if n == 1 else "s")


def _tricks_en(n: object) -> str:
    return f"{show(n)} trick" + ("" if n == 1 else "s")  # type: ignore[arg-type]


def _n(value: object) -> str:
    return show(value)  # type: ignore[arg-type]


EN: dict[str, Phrase] = {
    "made": lambda level: f"{level} made",
    "passed_out": lambda level: f"{level} not whisted (pass – pass)",
    "set": lambda u, r: f"set by {_tricks_en(u)} × {_n(r)}",
    "own_tricks": lambda t, w: f"{_tricks_en(t)} of his own × {_n(w)}",
    "defence_tricks": lambda t, w: f"{t} defence trick{'' if t == 1 else 's'} × {_n(w)}",
    "half_defence_tricks": lambda t, w: f"half of {t} defence tricks × {_n(w)}",
    "shortfall": lambda c, f: f"whist shortfall {_tricks_en(c)} × {_n(f)}",
    "consolation": lambda u, k: f"consolation {_n(u)} × {_n(k)}",
    "half_whist": lambda t, w: f"half-whist for {_tricks_en(t)} × {_n(w)}",
    "misere_made": lambda: "misère made",
    "misere_caught": lambda t, m: f"misère caught {_tricks_en(t)} × {_n(m)}",
    "raspasy_tricks": lambda k, t, p: f"raspasy #{k}: {_tricks_en(t)} × {_n(p)}",
    "raspasy_zero": lambda k: f"raspasy #{k}: no tricks",
    "raspasy_idle": lambda: "raspasy: the dealer holds no cards",
    "raspasy_amnesty": lambda k, t, p: f"raspasy #{k} amnesty: {_tricks_en(t)} × {_n(p)}",
    "raspasy_whists": lambda k, t, p: f"raspasy #{k}: {_tricks_en(t)} × {_n(p)}",
    "raspasy_whists_half": lambda k, t, p: f"raspasy #{k}: {_tricks_en(t)} × {_n(p)}, in halves",
    "premium": lambda c, t, w: f"prikup premium {c}: {_tricks_en(t)} × {_n(w)}",
    "premium_half": lambda c, t, w: f"half the prikup premium {c}: {_tricks_en(t)} × {_n(w)}",
    "helped_by": lambda p: f"help from {p}",
    "help": lambda g, p: f"help: {_points_en(g)} × {_n(p)}",
    "write_off": lambda r, k: f"overflow of {_points_en(r)} written off × {_n(k)}",
    "write_off_whists": lambda r, w, n: f"overflow of {_points_en(r)} × {_n(w)} / {n}",
    "penalty_set": lambda rule, lv, u, r: f"{rule}: set at {lv} by {_tricks_en(u)} × {_n(r)}",
    "guarantee": lambda g, a: f"guaranteed result {_n(g)} instead of {_n(a)}",
    "compensation": lambda which, v, led: f"{which} result {_n(v)} instead of {_n(led)}",
    "prikup_refusal": lambda p: f"talon refused: {_n(p)} points",
    "raspasy_dealer_fine": lambda p: f"raspasy dealer fine: {_n(p)} points",
    "manual": lambda reason: f"referee: {reason}",
}

#: the plan a 3.8.5.1 compensation is by, in the Russian phrase
_RU_PLAN = {"actual": "фактической игры", "alternative": "по другому плану"}

RU: dict[str, Phrase] = {
    "made": lambda level: f"{level} сыграна",
    "passed_out": lambda level: f"{level} без виста (пас – пас)",
    "set": lambda u, r: f"ремиз {_without_ru(u)} × {_n(r)}",
    "own_tricks": lambda t, w: f"свои {_tricks_ru(t)} × {_n(w)}",
    "defence_tricks": lambda t, w: f"{_tricks_ru(t)} защиты × {_n(w)}",
    "half_defence_tricks": lambda t, w: f"половина {_tricks_ru(t)} защиты × {_n(w)}",
    "shortfall": lambda c, f: f"недобор на висте {_tricks_ru(c)} × {_n(f)}",
    "consolation": lambda u, k: f"консоляция {_n(u)} × {_n(k)}",
    "half_whist": lambda t, w: f"полвиста за {_tricks_acc_ru(t)} × {_n(w)}",
    "misere_made": lambda: "мизер сыгран",
    "misere_caught": lambda t, m: f"мизер: {_caught_ru(t)} × {_n(m)}",
    "raspasy_tricks": lambda k, t, p: f"распасы №{k}: {_tricks_ru(t)} × {_n(p)}",
    "raspasy_zero": lambda k: f"распасы №{k}: ни одной взятки",
    "raspasy_idle": lambda: "распасы: сдатчик без карт",
    "raspasy_amnesty": lambda k, t, p: f"распасы №{k}, амнистия: {_tricks_ru(t)} × {_n(p)}",
    "raspasy_whists": lambda k, t, p: f"распасы №{k}: {_tricks_ru(t)} × {_n(p)}",
    "raspasy_whists_half": lambda k, t, p: f"распасы №{k}: {_tricks_ru(t)} × {_n(p)}, пополам",
    "premium": lambda c, t, w: f"премия за прикуп {c}: {_tricks_ru(t)} × {_n(w)}",
    "premium_half": lambda c, t, w: f"половина премии за прикуп {c}: {_tricks_ru(t)} × {_n(w)}",
    "helped_by": lambda p: f"помощь от {p}",
    "help": lambda g, p: f"помощь: {_n(g)} очк. пули × {_n(p)}",
    "write_off": lambda r, k: f"списание с горы: {_n(r)} очк. пули × {_n(k)}",
    "write_off_whists": lambda r, w, n: f"списание: {_n(r)} очк. пули × {_n(w)} / {n}",
    "penalty_set": lambda rule, lv, u, r: f"{rule}: {lv} {_without_ru(u)} × {_n(r)}",
    "guarantee": lambda g, a: f"гарантированный результат {_n(g)} вместо {_n(a)}",
    "compensation": lambda which, v, led: (
        f"результат {_RU_PLAN.get(which, which)} {_n(v)} вместо {_n(led)}"
    ),
    "prikup_refusal": lambda p: f"отказ от прикупа: {_n(p)} очк.",
    "raspasy_dealer_fine": lambda p: f"штраф сдатчика на распасах: {_n(p)} очк.",
    "manual": lambda reason: f"решение судьи: {reason}",
}

PHRASES = {"en": EN, "ru": RU}


def describe(term: Term, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """One term in words: ``Term("consolation", (1, 2))`` → "consolation 1 × 2"."""
    phrases = PHRASES[lang]
    if names and term.code == "helped_by":
        return phrases["helped_by"](names.get(str(term.args[0]), term.args[0]))
    if term.code == "pool_capped":
        inner, take, full = term.args
        assert isinstance(inner, Term)
        fits = "в пулю входит" if lang == "ru" else "fit in the pool"
        return f"{describe(inner, lang, names)}, {_n(take)} / {_n(full)} {fits}"
    return phrases[term.code](*term.args)


def explain_entry(entry: Entry, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """One entry in words; ``names`` shows players by name instead of their ids."""
    headline = _headline(entry.kind, entry.player, entry.on, entry.amount, lang, names)
    return headline + describe(entry.term, lang, names)


def _headline(
    kind: Kind,
    player: str,
    on: str | None,
    amount: Amount,
    lang: str,
    names: Mapping[str, str] | None,
) -> str:
    if names:
        player = names.get(player, player)
        on = names.get(on, on) if on is not None else None
    a = show(amount)
    if lang == "ru":
        return {
            POOL: f"{player} пишет {a} в пулю: ",
            GORA: f"{player} пишет {a} в гору: ",
            WHIST: f"{player} пишет {a} вист. на {on}: ",
            ADJUSTMENT: f"{player}: поправка {a} вист.: ",
        }[kind]
    return {
        POOL: f"{player} writes {a} to the pool: ",
        GORA: f"{player} writes {a} to the mountain: ",
        WHIST: f"{player} writes {a} on {on}: ",
        ADJUSTMENT: f"{player} is adjusted by {a} whists: ",
    }[kind]


def explain(
    entries: Iterable[Entry], lang: str = "en", names: Mapping[str, str] | None = None
) -> list[str]:
    """One line per player and book (per pair for whists), amounts summed.

    >>> from scoring.ledger import Entry, Term
    >>> entries = [Entry("gora", "A", 2, "SPEC §3.6 (set)", Term("set", (1, 2))),
    ...            Entry("whist", "B", 10, "x", Term("defence_tricks", (5, 2)), "A"),
    ...            Entry("whist", "B", 2, "x", Term("consolation", (1, 2)), "A")]
    >>> for line in explain(entries, "en"):
    ...     print(line)
    A writes 2 to the mountain: set by 1 trick × 2
    B writes 12 on A: 5 defence tricks × 2 + consolation 1 × 2
    >>> explain(entries, "ru")[0]
    'A пишет 2 в гору: ремиз без одной × 2'
    """
    groups: dict[tuple[Kind, str, str | None], list[Entry]] = {}
    for entry in entries:
        groups.setdefault((entry.kind, entry.player, entry.on), []).append(entry)
    lines = []
    for (kind, player, on), group in groups.items():
        total = sum((e.amount for e in group), 0)
        parts = " + ".join(describe(e.term, lang, names) for e in group)
        lines.append(_headline(kind, player, on, total, lang, names) + parts)
    return lines
