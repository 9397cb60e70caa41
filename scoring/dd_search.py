"""Double dummy's search (``scoring.dd`` says what it answers).

The search (``Search``): a zero-window search (can the declarer's side reach ``need``
tricks?) driven MTD-style up or down from a guess, over positions kept in relative ranks
(each suit's remaining cards renumbered from the bottom after every trick, so that the
same ending reached with other small cards is one position); one card of each run of
touching cards; the trump suit moved to the top byte, so that a trick's winner is its
largest card of the suit led or of trumps; a transposition table of bounds at the start
of each trick; quick tricks of the hand on lead as bounds; winners first and cheap
covering cards first, or ducking first at misère.
"""

from __future__ import annotations

_LOW7 = 0x7F7F7F7F  # bits whose next higher bit is in the same suit
_NEXT = (1, 2, 0)
_HONOURS = ((1, 4), (2, 3), (3, 2), (4, 1))  # (place from a suit's top, points)
#: a card's bit -> the mask of its suit; -> the shift of its suit's byte
_SUIT = {1 << b: 0xFF << (b & ~7) for b in range(32)}
_SHIFT = {1 << b: b & ~7 for b in range(32)}


def _compress_table() -> list[int]:
    """``[rest << 8 | cards]``: the bits of ``cards`` renumbered among those of ``rest``."""
    table = [0] * 65536
    for rest in range(256):
        places = [b for b in range(8) if rest >> b & 1]
        for cards in range(256):
            if cards & ~rest:
                continue
            value = 0
            for i, b in enumerate(places):
                if cards >> b & 1:
                    value |= 1 << i
            table[rest << 8 | cards] = value
    return table


_COMP = _compress_table()


def _squeeze(h0: int, h1: int, h2: int, shift: int) -> tuple[int, int, int]:
    """The three hands with one suit's cards renumbered from the bottom."""
    rest = ((h0 | h1 | h2) >> shift) & 0xFF
    if not rest & (rest + 1):  # already 0..n-1
        return h0, h1, h2
    keep = ~(0xFF << shift)
    base = rest << 8
    comp = _COMP
    return (
        (h0 & keep) | comp[base | (h0 >> shift) & 0xFF] << shift,
        (h1 & keep) | comp[base | (h1 >> shift) & 0xFF] << shift,
        (h2 & keep) | comp[base | (h2 >> shift) & 0xFF] << shift,
    )


def relative(hands: tuple[int, int, int], trump: int | None) -> tuple[int, int, int]:
    """Hands with the trump suit's byte on top, every suit in relative ranks."""
    if trump is not None and trump != 3:
        order = [s for s in range(4) if s != trump] + [trump]
        hands = tuple(  # type: ignore[assignment]
            sum(((h >> (8 * s)) & 0xFF) << (8 * i) for i, s in enumerate(order)) for h in hands
        )
    h0, h1, h2 = hands
    for shift in (0, 8, 16, 24):
        h0, h1, h2 = _squeeze(h0, h1, h2, shift)
    return h0, h1, h2


_BITS: dict[int, list[int]] = {}


def bits(mask: int) -> list[int]:
    """The bits of a mask, lowest first (kept for the masks met again: never change it)."""
    out = _BITS.get(mask)
    if out is not None:
        return out
    out = []
    rest = mask
    while rest:
        low = rest & -rest
        out.append(low)
        rest ^= low
    if len(_BITS) >= 1 << 16:
        _BITS.clear()
    _BITS[mask] = out
    return out


class Search:
    """One declarer, one strain, trick play or misère; its table of bounds is kept from one
    position to the next (a position's bounds hold however it is reached)."""

    def __init__(self, declarer: int, trump: int | None, misere: bool) -> None:
        self.declarer = declarer
        self.trump_mask = 0xFF000000 if trump is not None else 0
        self.misere = misere
        # who wants the declarer's tricks high: he himself, or the defenders at misère
        self.maxers = tuple((seat == declarer) != misere for seat in range(3))
        self.table: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0

    def can(self, hands: tuple[int, int, int], leader: int, need: int) -> bool:
        """Whether the maximising side makes the declarer take at least ``need`` tricks."""
        return self._search(hands[0], hands[1], hands[2], leader, need)

    def value(self, hands: tuple[int, int, int], leader: int, guess: int) -> int:
        """The declarer's tricks (MTD: zero-window tests up or down from ``guess``)."""
        low, high = 0, hands[0].bit_count()
        t = min(max(guess, low + 1), high)
        while low < high:
            if self.can(hands, leader, t):
                low, t = t, t + 1
            else:
                high, t = t - 1, t - 1
            t = min(max(t, low + 1), high)
        return low

    def guess(self, hands: tuple[int, int, int], leader: int) -> int:
        """A first guess: the declarer's share of ten tricks by his share of the high cards
        (4 for each suit's top card, 3, 2, 1 for the next; 3 for each trump)."""
        every = hands[0] | hands[1] | hands[2]
        points = [0, 0, 0]
        for shift in (0, 8, 16, 24):
            n = ((every >> shift) & 0xFF).bit_length()
            for seat in range(3):
                mine = (hands[seat] >> shift) & 0xFF
                points[seat] += sum(w for k, w in _HONOURS if n >= k and mine >> (n - k) & 1)
                if shift == 24 and self.trump_mask:
                    points[seat] += 3 * mine.bit_count()
        total = sum(points) or 1
        return round(hands[0].bit_count() * points[self.declarer] / total)

    def _quick(self, mine: int, others: int, every: int) -> int:
        """Sure tricks of the hand on lead: its top cards of each suit, cashed trumps first;
        side suits count only if nobody else holds a trump then."""
        quick = 0
        trumps = self.trump_mask
        for shift in (24, 16, 8, 0):
            n = ((every >> shift) & 0xFF).bit_length()
            if not n:
                continue
            run = n - ((((mine >> shift) & 0xFF) ^ ((1 << n) - 1)).bit_length())
            if shift == 24 and trumps:
                if run < ((others & trumps) >> 24).bit_count():
                    # an opponent may keep a trump: only the trumps themselves are sure
                    # (each of his trumps falls under a higher one as they are led)
                    return run
                quick = run
            else:
                quick += run
        return quick

    def _search(self, h0: int, h1: int, h2: int, leader: int, need: int) -> bool:
        r = h0.bit_count()
        if need <= 0:
            return True
        if need > r:
            return False
        key = (h0, h1, h2, leader)
        table = self.table
        bounds = table.get(key)
        if bounds is not None:
            low, high = bounds
            if low >= need:
                return True
            if high < need:
                return False
        else:
            low, high = 0, r
        self.nodes += 1
        hs = (h0, h1, h2)
        maxers = self.maxers
        declarer = self.declarer
        trump = self.trump_mask
        misere = self.misere
        p1 = leader
        p2 = _NEXT[p1]
        p3 = _NEXT[p2]
        a, b, c = hs[p1], hs[p2], hs[p3]
        every = h0 | h1 | h2
        max1, max2, max3 = maxers[p1], maxers[p2], maxers[p3]
        if not misere:
            quick = self._quick(a, b | c, every)
            if max1:
                if quick >= need:
                    table[key] = (max(low, quick), high)
                    return True
            elif r - quick < need:
                table[key] = (low, min(high, r - quick))
                return False
        if r == 1:  # the last trick: one card each
            m = _SUIT[a] | trump
            w = a
            if b & m and b > w:
                w = b
            if c & m and c > w:
                w = c
            return (w == hs[declarer]) >= need
        suit = _SUIT
        shift_of = _SHIFT
        search = self._search
        last = r == 2
        # one card of each run of touching cards: a card whose next higher is not his own
        tops = a & ~((a >> 1) & _LOW7)
        if misere:
            leads = bits(tops)
        else:  # the highest card of each suit first, then the others from the lowest
            winners = tops & every & ~((every >> 1) & _LOW7)
            leads = bits(winners)[::-1] + bits(tops & ~winners)
        result1 = not max1
        for c1 in leads:
            led = suit[c1]
            m = led | trump
            fb = b & led or b & trump or b
            fb &= ~((fb >> 1) & _LOW7)
            fc = c & led or c & trump or c
            fc &= ~((fc >> 1) & _LOW7)
            # the second hand: beat the leader's card cheaply, or play low
            over = fb & m & -(c1 << 1)
            if misere and not max2:  # the declarer ducks as high as he can
                seconds = bits(fb & ~over)[::-1] + bits(over)
            elif over and max1 != max2 and not misere:
                cheap = over & -over
                seconds = [cheap, *bits(fb ^ cheap)]
            else:
                seconds = bits(fb)
            result2 = not max2
            for c2 in seconds:
                if c2 & m and c2 > c1:
                    w, ws = c2, p2
                else:
                    w, ws = c1, p1
                over = fc & m & -(w << 1)
                if misere and not max3:
                    thirds = bits(fc & ~over)[::-1] + bits(over)
                elif over and maxers[ws] != max3 and not misere:
                    cheap = over & -over
                    thirds = [cheap, *bits(fc ^ cheap)]
                else:
                    thirds = bits(fc)
                result3 = not max3
                for c3 in thirds:
                    winner = p3 if c3 & m and c3 > w else ws
                    left = need - (winner == declarer)
                    if left <= 0:
                        v = True
                    elif left >= r:
                        v = False
                    else:
                        n = [h0, h1, h2]
                        n[p1] = a ^ c1
                        n[p2] = b ^ c2
                        n[p3] = c ^ c3
                        if last:  # the last trick follows: one card each
                            x = n[winner]
                            m2 = suit[x] | trump
                            for y in n:
                                if y & m2 and y > x:
                                    x = y
                            v = (x == n[declarer]) >= left
                        else:
                            n0, n1, n2 = n
                            s1, s2, s3 = shift_of[c1], shift_of[c2], shift_of[c3]
                            n0, n1, n2 = _squeeze(n0, n1, n2, s1)
                            if s2 != s1:
                                n0, n1, n2 = _squeeze(n0, n1, n2, s2)
                            if s3 != s1 and s3 != s2:
                                n0, n1, n2 = _squeeze(n0, n1, n2, s3)
                            v = search(n0, n1, n2, winner, left)
                    if v == max3:
                        result3 = v
                        break
                if result3 == max2:
                    result2 = result3
                    break
            if result2 == max1:
                result1 = result2
                break
        if result1:
            table[key] = (need, high)
        else:
            table[key] = (low, need - 1)
        return result1
