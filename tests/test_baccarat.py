"""Punto Banco rules, the banker's table cell by cell, exact odds against published figures, simulation."""

from __future__ import annotations

import math
import random
import time
from fractions import Fraction

import numpy as np
import pytest

from coursekit.baccarat import (
    BANKER_TABLE, OUTCOMES, PUBLISHED_8_DECKS, PUBLISHED_COMBINATIONS, PUBLISHED_EDGES_8_DECKS,
    PUBLISHED_INFINITE_DECK, SOURCE_RULES, BaccaratShoe, _classes, _enumerate, _play_vectorised, banker_draws,
    card_value, drawing_table, exact_counts, exact_odds, frequencies, hand_value, house_edge, is_natural,
    play_coup, player_draws, source_banker_draws, source_player_value_bug, source_rule_for, simulate,
    simulate_outcomes, table_from_rules,
)
from coursekit.cards import RANKS, Card, StackedDeck


def published_banker_rule(banker: int, third: int | None) -> bool:
    """The casino rule as printed in rule books (vegastrip.com, Y.-B. Chen), written independently of the table."""
    if third is None:
        return banker <= 5
    return (banker <= 2 or (banker == 3 and third != 8) or (banker == 4 and 2 <= third <= 7)
            or (banker == 5 and 4 <= third <= 7) or (banker == 6 and 6 <= third <= 7))


# --- values and hands ---
def test_card_values_tens_and_faces_are_zero_ace_one():
    assert [card_value(r) for r in RANKS] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
    assert card_value(Card("Q", "Heart")) == 0


def test_hand_values_from_the_source_articles():
    assert hand_value(["9", "6"]) == 5  # "9 + 6 is not 15 but 5"
    assert hand_value(["3", "4"]) == 7
    assert hand_value(["7", "3"]) == 0 and hand_value(["6", "2"]) == 8 and hand_value(["9", "3", "J"]) == 2
    assert hand_value(["6", "8"]) == 4 and hand_value(["K", "A"]) == 1  # the source's second transcript


def test_naturals_and_the_players_rule():
    assert is_natural(["A", "7"]) and is_natural(["K", "9"]) and not is_natural(["5", "2"])
    assert not is_natural(["4", "4", "K"]), "three cards are never a natural"
    assert [player_draws(t) for t in range(10)] == [True] * 6 + [False] * 4
    with pytest.raises(ValueError, match="player_total must be a hand total from 0 to 9, not 10"):
        player_draws(10)


# --- the banker's table, every cell ---
@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", list(range(10)) + [None])
def test_every_cell_of_the_banker_table_matches_the_published_rule(banker, third):
    assert banker_draws(banker, third) is published_banker_rule(banker, third)
    assert BANKER_TABLE[banker][third] is published_banker_rule(banker, third)


@pytest.mark.parametrize("third", list(range(10)) + [None])
def test_banker_stands_on_8_and_9(third):
    assert banker_draws(8, third) is False and banker_draws(9, third) is False


def test_the_sources_six_rules_build_the_same_table():
    assert table_from_rules(SOURCE_RULES) == BANKER_TABLE
    assert source_rule_for(None).number == 1 and source_rule_for(8).number == 5
    assert source_rule_for("K").number == source_rule_for("A").number == source_rule_for(9).number == 6


def test_banker_rule_takes_ranks_and_cards_as_well_as_values():
    for rank in RANKS:
        for banker in range(10):
            assert banker_draws(banker, rank) == banker_draws(banker, card_value(rank))
    assert banker_draws(3, Card("8", "Club")) is False


@pytest.mark.parametrize("args, message", [
    ((10, None), "banker_total must be a hand total from 0 to 9, not 10"),
    ((-1, 3), "banker_total must be a hand total from 0 to 9, not -1"),
    (("3", 3), "banker_total must be a hand total from 0 to 9, not '3'"),
    ((True, 3), "banker_total must be a hand total from 0 to 9, not True"),
    ((3, 10), "player_third must be a point value 0-9, a card rank"),
    ((3, "Z"), "player_third must be a point value 0-9, a card rank"),
    ((3, 2.0), "player_third must be a point value 0-9, a card rank"),
])
def test_banker_rule_rejects_bad_values(args, message):
    with pytest.raises(ValueError, match=message):
        banker_draws(*args)


# --- the source's code and its bugs ---
def test_source_rule_differs_only_after_a_ten_jack_queen_or_ace():
    differ = {(t, r) for t in range(8) for r in RANKS if source_banker_draws(t, r) != banker_draws(t, r)}
    assert {r for _, r in differ} == {"10", "J", "Q", "A"}, "the king is rank 0 and is caught"
    assert differ == {(t, r) for t in range(4) for r in ("10", "J", "Q", "A")}
    assert all(source_banker_draws(t, None) == banker_draws(t, None) for t in range(8))
    with pytest.raises(ValueError, match="needs the player's card rank"):
        source_banker_draws(3, 0)


def test_the_twelve_in_the_sources_first_transcript():
    cards = ["3", "10", "6"]  # 3 of Hearts, 10 of Clubs, then 6 of Hearts
    assert source_player_value_bug(cards) == 12 and hand_value(cards) == 9


def test_drawing_tables_by_value_and_by_rank():
    casino = drawing_table(banker_draws)
    assert not casino.by_rank and casino.columns[-1] == "none" and len(casino.columns) == 11
    assert casino.draws_at(3, 8) is False and casino.draws_at(3, "K") is True
    script = drawing_table(source_banker_draws)
    assert script.by_rank and script.columns[:13] == RANKS
    assert script.draws_at(3, "K") is True and script.draws_at(3, "10") is False


# --- coups ---
def test_play_coup_replays_the_sources_second_transcript():
    # dealt player, banker, player, banker: 6C, K, 8H, A; player takes 9H, banker takes 5C
    deck = StackedDeck([Card("6", "Club"), Card("K", "Spade"), Card("8", "Heart"), Card("A", "Heart"),
                        Card("9", "Heart"), Card("5", "Club")])
    coup = play_coup(deck)
    assert [c.rank for c in coup.player] == ["6", "8", "9"] and [c.rank for c in coup.banker] == ["K", "A", "5"]
    assert (coup.player_total, coup.banker_total, coup.outcome) == (3, 6, "banker")
    assert coup.player_drew and coup.banker_drew and not coup.natural and coup.table_cell == (1, 9)


def test_natural_ends_the_coup_and_the_table_decides_the_rest():
    coup = play_coup(StackedDeck(["9", "5", "K", "A", "2", "3"]))
    assert coup.natural and coup.outcome == "player" and len(coup.player) == len(coup.banker) == 2
    assert coup.table_cell is None
    coup = play_coup(StackedDeck(["3", "3", "K", "K", "8", "4"]))  # banker 3, player's third an 8: stand
    assert coup.player_drew and not coup.banker_drew and coup.table_cell == (3, 8)
    assert coup.outcome == "banker" and coup.player_total == 1
    coup = play_coup(StackedDeck(["3", "3", "K", "K", "J", "4"]), rule=source_banker_draws)  # the bug: stand
    assert not coup.banker_drew and coup.outcome == "tie"
    assert play_coup(StackedDeck(["3", "3", "K", "K", "J", "4"])).banker_drew


def test_shoe_plays_one_more_coup_after_the_cut_card():
    shoe = BaccaratShoe(decks=1, seed=5, cut_card=16)
    coups = 0
    while not shoe.cut_card_out:
        assert shoe.start_coup() is False
        play_coup(shoe)
        coups += 1
    assert shoe.start_coup() is False, "the coup after the cut card is still dealt"
    play_coup(shoe)
    assert shoe.start_coup() is True and shoe.remaining == 52 and not shoe.cut_card_out
    with pytest.raises(ValueError, match="cut_card"):
        BaccaratShoe(decks=1, cut_card=5)


# --- exact odds ---
@pytest.mark.parametrize("decks", sorted(PUBLISHED_COMBINATIONS))
def test_exact_counts_equal_the_published_combinations(decks):
    counts = exact_counts(decks)
    assert counts == PUBLISHED_COMBINATIONS[decks]
    n = 52 * decks
    assert sum(counts.values()) == math.perm(n, 6)
    counts["tie"] = 0
    assert exact_counts(decks) == PUBLISHED_COMBINATIONS[decks], "the cache hands out copies"


# Wizard of Odds prints these to 15 significant digits only (Excel)
WIZARD_ROUNDED = {
    7: (995_884_732_700_032, 1_023_469_376_328_440, 212_268_385_833_280),
    9: (4_540_095_442_933_630, 4_665_676_262_757_120, 968_435_421_769_728),
    12: (25_714_619_121_272_800, 26_425_038_379_143_100, 5_488_795_281_294_720),
}


@pytest.mark.parametrize("decks", sorted(WIZARD_ROUNDED))
def test_exact_counts_agree_with_wizard_to_15_digits(decks):
    counts = exact_counts(decks)
    for ours, theirs in zip((counts["player"], counts["banker"], counts["tie"]), WIZARD_ROUNDED[decks]):
        assert abs(ours - theirs) <= theirs * 1e-14


def test_eight_deck_odds_and_edges_match_the_published_figures():
    odds = exact_odds(8)
    assert isinstance(odds["banker"], Fraction) and sum(odds.values()) == 1
    assert {k: round(float(p), 6) for k, p in odds.items()} == PUBLISHED_8_DECKS
    edges = {bet: round(float(house_edge(bet, 8)), 4) for bet in OUTCOMES}
    assert edges == PUBLISHED_EDGES_8_DECKS
    # multiplayerbaccarat.com (after Thorp): 1.0579% banker, 1.2351% player, 14.3596% tie
    assert round(float(house_edge("banker")) * 100, 4) == 1.0579
    assert round(float(house_edge("player")) * 100, 4) == 1.2351
    assert round(float(house_edge("tie")) * 100, 4) == 14.3596


def test_other_commissions_and_tie_payouts():
    # the same source: a 4% commission gives 0.5993%, a tie paying 9 to 1 gives 4.8440% (8 decks)
    assert round(float(house_edge("banker", commission=Fraction(4, 100))) * 100, 4) == 0.5993
    assert round(float(house_edge("tie", tie_pays=9)) * 100, 4) == 4.8440
    with pytest.raises(ValueError, match="bet must be one of player, banker, tie, not 'dragon'"):
        house_edge("dragon")


def test_six_decks_and_the_infinite_deck():
    six = {k: round(float(p), 6) for k, p in exact_odds(6).items()}
    assert six == {"banker": 0.458653, "player": 0.446279, "tie": 0.095069}  # multiplayerbaccarat.com
    infinite = {k: round(float(p), 6) for k, p in exact_odds(math.inf).items()}
    assert infinite == PUBLISHED_INFINITE_DECK
    assert sum(exact_counts(math.inf).values()) == 13 ** 6


def test_exact_odds_rejects_bad_deck_counts():
    for bad in (0, -1, 2.5, "8", True, 25):
        with pytest.raises(ValueError, match="decks must be a whole number of packs"):
            exact_odds(bad)


def test_exact_enumeration_is_fast():
    _enumerate.cache_clear()
    start = time.perf_counter()
    exact_counts(8)
    assert time.perf_counter() - start < 0.25  # about 0.02 s here; bench/bench_baccarat.py prints it


# --- the engine against the one-coup rules ---
@pytest.mark.parametrize("rule", [banker_draws, source_banker_draws])
def test_vectorised_engine_agrees_with_play_coup(rule):
    rng = random.Random(7)
    cls = _classes(rule)
    deals = [[rng.choice(RANKS) for _ in range(6)] for _ in range(3000)]
    classes = np.array([[cls.rank_class[RANKS.index(r)] for r in deal] for deal in deals]).T
    fast = _play_vectorised(classes, cls)
    slow = [OUTCOMES.index(play_coup(StackedDeck(deal), rule=rule).outcome) for deal in deals]
    assert fast.tolist() == slow


# --- simulation ---
def within(counts: dict[str, int], odds: dict[str, Fraction], sigmas: float = 5) -> bool:
    return all(abs(p - float(odds[k])) <= sigmas * se for k, (p, se) in frequencies(counts).items())


def test_simulation_converges_to_the_exact_odds():
    counts = simulate(2_000_000, decks=8, seed=1)
    assert sum(counts.values()) == 2_000_000
    assert within(counts, exact_odds(8))


def test_simulation_deals_without_replacement():
    counts = simulate(4_000_000, decks=1, seed=2)
    assert within(counts, exact_odds(1))
    tie, se = frequencies(counts)["tie"]
    assert abs(tie - float(exact_odds(math.inf)["tie"])) > 8 * se, "one deck is not an infinite deck"


def test_simulation_of_the_sources_rule_matches_its_exact_odds():
    counts = simulate(1_000_000, decks=8, seed=3, rule=source_banker_draws)
    assert within(counts, exact_odds(8, rule=source_banker_draws))
    assert not within(counts, exact_odds(8))


def test_simulation_is_seeded_and_checks_its_arguments():
    assert simulate(50_000, seed=9) == simulate(50_000, seed=9)
    assert simulate(50_000, seed=9) != simulate(50_000, seed=10)
    assert simulate(1000, seed=np.random.default_rng(1)) == simulate(1000, seed=1)
    assert simulate(0) == {"player": 0, "banker": 0, "tie": 0}
    assert simulate(1000, seed=random.Random(4)) == simulate(1000, seed=random.Random(4))
    assert simulate_outcomes(10, seed=1).dtype == np.int8
    assert sum(simulate(1500, seed=1, chunk=400).values()) == 1500
    with pytest.raises(ValueError, match="coups must be a whole number"):
        simulate(-5)
    with pytest.raises(ValueError, match="seed must be"):
        simulate(10, seed="x")
    with pytest.raises(ValueError, match="decks must be"):
        simulate(10, decks=0)


# --- whole shoes, dealt coup after coup ---
def reference_shoe(ranks: list[str], cut_card: int, rule) -> list[str]:
    """Deal one shoe with play_coup: stop after the coup that follows the cut card."""
    deck = StackedDeck(ranks)
    outcomes, cut_out = [], False
    while True:
        coup = play_coup(deck, rule=rule)
        outcomes.append(coup.outcome)
        if cut_out:
            return outcomes
        cut_out = deck.remaining <= cut_card


@pytest.mark.parametrize("rule", [banker_draws, source_banker_draws])
def test_whole_shoes_agree_with_play_coup(rule):
    from coursekit.baccarat import _play_shoes, _shoe_lookup

    cls = _classes(rule)
    value_of, class_of = _shoe_lookup(1, cls)
    order = np.random.default_rng(5).permuted(np.tile(np.arange(52, dtype=np.int16), (40, 1)), axis=1)
    expected = {k: 0 for k in OUTCOMES}
    for row in order:
        for outcome in reference_shoe([cls.ranks[class_of[p]][0] for p in row], 11, rule):
            expected[outcome] += 1
    counts = _play_shoes(order, value_of, class_of, 11, cls)
    assert dict(zip(OUTCOMES, counts.tolist())) == expected


def test_whole_shoe_simulation_matches_the_exact_odds():
    from coursekit.baccarat import simulate_shoes

    counts = simulate_shoes(4000, decks=8, seed=6)
    coups = sum(counts.values())
    assert 4000 * (416 - 16) / 6 < coups < 4000 * 416 / 4
    assert within(counts, exact_odds(8))
    assert simulate_shoes(50, seed=1) == simulate_shoes(50, seed=1)
    with pytest.raises(ValueError, match="cut_card"):
        simulate_shoes(1, decks=1, cut_card=60)
    with pytest.raises(ValueError, match="shoes must be"):
        simulate_shoes(-1)


@pytest.mark.parametrize("options", [{"commission": None}, {"commission": float("nan")}, {"commission": 2},
                                     {"tie_pays": -1}, {"tie_pays": float("nan")}])
def test_house_edge_refuses_a_commission_or_tie_payout_out_of_range(options):
    with pytest.raises(ValueError, match="must be a number from 0 to"):
        house_edge("tie" if "tie_pays" in options else "banker", **options)
