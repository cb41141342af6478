"""The tournament's one decision shape: the arena's observation, answered by every player's `decide`."""

from __future__ import annotations

import pytest

from coursekit.arena.bots import builtin_player
from coursekit.arena.games import parse_game
from coursekit.tournament import Tournament, optimal_strategy
from coursekit.tournament_decision import decision_of, kind_of
from coursekit.tournament_search import RoundSearch


def test_the_arena_shows_the_decision_the_tournament_makes():
    game = parse_game("tournament")
    t = game.initial(100, 7)
    assert game.rules.observe(t) == decision_of(t) == {
        "decision": "bet", "bankroll": 100, "first_card": t.player.cards[0].rank, "goal": 200, "min_bet": 10}
    t = game.rules.play(t, 10)
    if t.phase == "player":
        assert decision_of(t) == {"decision": "hit", "bankroll": 100, "bet": 10,
                                  "cards": tuple(c.rank for c in t.player.cards), "goal": 200, "min_bet": 10}
    with pytest.raises(ValueError, match="phase 'idle'"):
        decision_of(Tournament(seed=1))
    for bad in ({"decision": "next"}, {"bankroll": 100}, ("bet", 100), None):
        with pytest.raises(ValueError, match="'bet' or 'hit'"):
            kind_of(bad)


@pytest.mark.parametrize("budget", [0, 10])
def test_decide_answers_as_bet_and_hits_for_the_optimum_and_the_search(budget):
    """Every state a seeded tournament reaches: decide(decision) is the player's bet or hit/stand there."""
    game, seen = parse_game("tournament"), {"bet": 0, "hit": 0}
    for seed in range(6):
        if budget:  # the search samples: two players with one seed, one answering each way
            a, b = RoundSearch(budget, seed=seed), RoundSearch(budget, seed=seed)
        else:
            a = b = optimal_strategy()
        t = game.initial(100, seed)
        while not game.rules.is_over(t):
            d = game.rules.observe(t)
            move = a.decide(d)
            same = b.bet(d["bankroll"], d["first_card"]) if d["decision"] == "bet" else b.hits(
                d["bankroll"], d["bet"], list(d["cards"]))
            assert move == same and type(move) is (int if d["decision"] == "bet" else bool)
            seen[d["decision"]] += 1
            t = game.rules.play(t, game.rules.check(t, move))
    assert seen["bet"] > 10 and seen["hit"] > 10


def test_the_arena_bots_answer_with_decide():
    game = parse_game("tournament")
    best = optimal_strategy()
    bot = builtin_player("optimal", game, 3)
    t = game.initial(100, 3)
    while not game.rules.is_over(t):
        assert bot(t) == best.decide(game.rules.observe(t))
        t = game.rules.play(t, bot(t))
    for spec in ("timid", "bold", "random"):
        t = game.initial(100, 5)
        move = builtin_player(spec, game, 5)(t)
        assert game.rules.check(t, move) == move
        assert move == {"timid": 10, "bold": 100}.get(spec, move)
