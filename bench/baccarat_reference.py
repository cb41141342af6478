"""A plain weighted enumeration of a Punto Banco coup in Python: the reference for baccarat.exact_counts' speed.

Cards are grouped by point value (10, J, Q, K all 0); every ordered deal of up to six cards is walked with nested
loops, weighted by how many ways the shoe holds it (counts falling as cards leave). The banker's rule is the casino
table, written out. Returns the same numbers as coursekit.baccarat.exact_counts: ordered six-card deals per outcome.
"""

from __future__ import annotations


def banker_draws(banker: int, third) -> bool:
    """The casino's table: third is the player's third card's value, or None when the player stood."""
    if banker <= 2:
        return True
    if banker >= 7:
        return False
    if third is None:
        return banker <= 5
    if banker == 3:
        return third != 8
    if banker == 4:
        return 2 <= third <= 7
    if banker == 5:
        return 4 <= third <= 7
    return third in (6, 7)  # banker == 6


def exact_counts(decks: int = 8) -> dict[str, int]:
    """Ordered six-card deals per outcome from a full shoe of `decks` packs."""
    counts = [16 * decks] + [4 * decks] * 9  # cards of each point value 0..9
    total = sum(counts)
    result = {"player": 0, "banker": 0, "tie": 0}

    def settle(player: int, banker: int, ways: int) -> None:
        result["player" if player > banker else "banker" if banker > player else "tie"] += ways

    for p1 in range(10):
        w1 = counts[p1]
        counts[p1] -= 1
        for b1 in range(10):
            w2 = w1 * counts[b1]
            counts[b1] -= 1
            for p2 in range(10):
                w3 = w2 * counts[p2]
                counts[p2] -= 1
                for b2 in range(10):
                    w4 = w3 * counts[b2]
                    if not w4:
                        continue
                    counts[b2] -= 1
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    if player >= 8 or banker >= 8 or (player >= 6 and not banker_draws(banker, None)):
                        settle(player, banker, w4 * (total - 4) * (total - 5))  # the unused fifth and sixth cards
                    elif player >= 6:  # the player stands, the banker draws
                        for b3 in range(10):
                            settle(player, (banker + b3) % 10, w4 * counts[b3] * (total - 5))
                    else:  # the player draws
                        for p3 in range(10):
                            w5 = w4 * counts[p3]
                            if not w5:
                                continue
                            final = (player + p3) % 10
                            if not banker_draws(banker, p3):
                                settle(final, banker, w5 * (total - 5))
                                continue
                            counts[p3] -= 1
                            for b3 in range(10):
                                settle(final, (banker + b3) % 10, w5 * counts[b3])
                            counts[p3] += 1
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    return result


if __name__ == "__main__":
    print(exact_counts(8))
