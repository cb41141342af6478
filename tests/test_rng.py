"""One seed convention for every random function: None, a whole number >= 0, a random.Random or a numpy Generator."""

from __future__ import annotations

import random

import numpy as np
import pytest

from coursekit import baccarat, blackjack, cards, mcts, subtraction, tournament
from coursekit.rng import as_generator, as_random

GAME = subtraction.SubtractionGame()
PLAYERS = {"optimal": subtraction.optimal, "random": subtraction.random_player}

# every public function or class of the rules modules that takes a seed, called small
RANDOM_FUNCTIONS = {
    "cards.Shoe": lambda seed: [str(cards.Shoe(1, seed=seed).draw()) for _ in range(5)],
    "cards.InfiniteDeck": lambda seed: [str(cards.InfiniteDeck(seed).draw()) for _ in range(5)],
    "baccarat.BaccaratShoe": lambda seed: [str(baccarat.BaccaratShoe(1, seed=seed).draw()) for _ in range(5)],
    "baccarat.simulate": lambda seed: baccarat.simulate(500, decks=1, seed=seed),
    "baccarat.simulate_outcomes": lambda seed: baccarat.simulate_outcomes(200, seed=seed).tolist(),
    "baccarat.simulate_shoes": lambda seed: baccarat.simulate_shoes(2, decks=1, seed=seed),
    "blackjack.play_games": lambda seed: blackjack.play_games(300, seed=seed, progress=False).tolist(),
    "blackjack.simulate": lambda seed: blackjack.simulate(300, seed=seed, progress=False),
    "subtraction.playout": lambda seed: subtraction.playout(subtraction.random_player, subtraction.random_player,
                                                            seed=seed).course,
    "subtraction.match": lambda seed: subtraction.match(subtraction.random_player, subtraction.random_player,
                                                        starts=range(20, 26), rounds=2, seed=seed).wins,
    "subtraction.tournament": lambda seed: subtraction.tournament(PLAYERS, starts=range(20, 24), rounds=2,
                                                                  seed=seed).matrix(),
    "subtraction.mixed_sweep": lambda seed: [m.wins for m in subtraction.mixed_sweep([0.2, 0.8], starts=range(20, 24),
                                                                                     rounds=2, seed=seed)],
    "subtraction.source_playout": lambda seed: subtraction.source_playout(subtraction.source_random_player,
                                                                        subtraction.source_random_player,
                                                                        seed=seed).course_vector,
    "mcts.MCTS": lambda seed: mcts.MCTS(GAME, seed=seed).search(GAME.start(40), 60)[3].visits,
    "mcts.best_move": lambda seed: [mcts.best_move(GAME, GAME.start(n), 30, seed=seed) for n in range(30, 40)],
    "tournament.simulate_tournaments": lambda seed: tournament.simulate_tournaments(20, seed=seed),
    "tournament.Tournament": lambda seed: str(tournament.Tournament(seed=seed).start_round()),
}
SEEDS = {
    "None": lambda: None,
    "int": lambda: 3,
    "random.Random": lambda: random.Random(3),
    "numpy Generator": lambda: np.random.default_rng(3),
}
BAD_SEEDS = [-1, True, 1.5, "3", [3], np.random.RandomState(3)]


def seed_id(bad) -> str:
    """A test id that is the same in every process (pytest-xdist's workers must collect the same ids)."""
    return type(bad).__name__ if " at 0x" in repr(bad) else repr(bad)


@pytest.mark.parametrize("kind", SEEDS)
@pytest.mark.parametrize("name", RANDOM_FUNCTIONS)
def test_every_random_function_takes_every_kind_of_seed(name, kind):
    function = RANDOM_FUNCTIONS[name]
    function(SEEDS[kind]())
    if kind != "None":  # a seed of the same value gives the same result
        assert function(SEEDS[kind]()) == function(SEEDS[kind]())


@pytest.mark.parametrize("name", RANDOM_FUNCTIONS)
def test_a_generator_carries_on_from_where_it_was(name):
    function = RANDOM_FUNCTIONS[name]
    rng = random.Random(5)
    first, second = function(rng), function(rng)
    assert first == function(random.Random(5))
    assert second == function(rng_after(function, 5))


def rng_after(function, seed: int) -> random.Random:
    """A random.Random seeded with `seed` after one call of `function` used it."""
    rng = random.Random(seed)
    function(rng)
    return rng


@pytest.mark.parametrize("bad", BAD_SEEDS, ids=seed_id)
@pytest.mark.parametrize("name", RANDOM_FUNCTIONS)
def test_every_random_function_refuses_a_bad_seed_by_name(name, bad):
    with pytest.raises(ValueError) as error:
        RANDOM_FUNCTIONS[name](bad)
    assert repr(bad) in str(error.value) and "random.Random" in str(error.value)


def test_as_random_and_as_generator_pass_their_own_kind_through():
    rng, gen = random.Random(1), np.random.default_rng(1)
    assert as_random(rng) is rng and as_generator(gen) is gen
    assert as_random(7).random() == random.Random(7).random()
    assert as_generator(7).random() == np.random.default_rng(7).random()
    assert as_random(np.int64(7)).random() == random.Random(7).random()


def test_the_other_kind_seeds_a_new_generator_from_its_next_draw():
    gen = np.random.default_rng(2)
    expected = random.Random(int(np.random.default_rng(2).integers(0, 2**63))).random()
    assert as_random(gen).random() == expected
    rng = random.Random(2)
    expected = np.random.default_rng(random.Random(2).getrandbits(64)).random()
    assert as_generator(rng).random() == expected


def test_none_gives_fresh_streams():
    assert as_random(None).random() != as_random(None).random()
    assert as_generator(None).random() != as_generator(None).random()


@pytest.mark.parametrize("bad", BAD_SEEDS + [2.0, None.__class__], ids=seed_id)
def test_helpers_name_the_bad_seed_and_what_is_allowed(bad):
    for helper in (as_random, as_generator):
        with pytest.raises(ValueError, match="None, a whole number 0 or more, a random.Random or a numpy"):
            helper(bad)


def _widgets():
    from coursekit.widgets.baccarat import CoupTable
    from coursekit.widgets.blackjack import BlackjackTable
    from coursekit.widgets.mcts import MCTSStepper
    from coursekit.widgets.start import WidgetCheck
    from coursekit.widgets.subtraction import PlayoutWidget

    return {"BlackjackTable": (BlackjackTable, "reset"), "CoupTable": (CoupTable, "reset"),
            "MCTSStepper": (MCTSStepper, "reset"), "WidgetCheck": (WidgetCheck, "deal"),
            "PlayoutWidget": (PlayoutWidget, "reset")}


@pytest.mark.parametrize("name", ["BlackjackTable", "CoupTable", "MCTSStepper", "WidgetCheck", "PlayoutWidget"])
def test_widgets_show_a_negative_seed_as_a_message(name):
    make, button = _widgets()[name]
    widget = make()
    widget.seed.value = -3
    getattr(widget, button).click()
    assert widget.message.kind == "error"
    assert "The seed must be a whole number from 0 to 999999999, not '-3'." in widget.message.text
    assert "numpy" not in widget.message.text, "the learner reads the box's rule, not the API's"
    widget.seed.value = 3
    getattr(widget, button).click()
    assert widget.message.kind != "error"
