"""Yardsticks for the search: how often MCTS finds a right move, by state, by budget and by variant."""

from __future__ import annotations

from numbers import Integral
from typing import Any, Callable, Sequence

from coursekit.mcts import MAX_ITERATIONS, MCTS, Game, Move, State
from coursekit.progress import LazyBar


def _check_budget(iterations: int) -> int:
    """A search budget: a whole number of iterations from 1 to MAX_ITERATIONS."""
    if isinstance(iterations, bool) or not isinstance(iterations, Integral) or not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be a whole number from 1 to {MAX_ITERATIONS:,}, not {iterations!r}")
    return int(iterations)


def hit_rates(game: Game, states: Sequence[State], correct: Callable[[State], Sequence[Move]], iterations: int,
              seeds: Sequence[int] = (0, 1, 2), **options: Any) -> list[float]:
    """For each state, the share of seeds whose search picks a move among `correct(state)`."""
    iterations = _check_budget(iterations)
    return hit_rates_by_budget(game, states, correct, [iterations], seeds, **options)[iterations]


def hit_rates_by_budget(game: Game, states: Sequence[State], correct: Callable[[State], Sequence[Move]],
                        budgets: Sequence[int], seeds: Sequence[int] = (0, 1, 2),
                        **options: Any) -> dict[int, list[float]]:
    """{budget: hit_rates(game, states, correct, budget, seeds)} at the price of the largest budget alone.

    A search of b iterations is the first b iterations of a longer search with the same seed, so each (seed,
    state) search grows once, budget by budget, and its move is read at each; with whole-number seeds the shares
    are exactly those of `hit_rates` at every budget.
    """
    try:
        states, seeds, budgets = list(states), list(seeds), list(budgets)
    except TypeError:
        raise ValueError(f"states, seeds and budgets must be sequences, not {states!r}, {seeds!r} and "
                         f"{budgets!r}") from None
    if not states or not seeds or not budgets:
        raise ValueError("hit_rates needs at least one state, one seed and one budget")
    budgets = [_check_budget(budget) for budget in budgets]  # numpy integers become ints
    steps = sorted(set(budgets))
    hits = {b: [0] * len(states) for b in steps}
    answers = [correct(state) for state in states]
    with LazyBar(len(seeds) * len(states), "searches") as bar:
        for seed in seeds:
            for i, state in enumerate(states):
                search, done = MCTS(game, seed=seed, **options), 0
                search.reset(state)
                for budget in steps:
                    search.run(budget - done)
                    done = budget
                    hits[budget][i] += search.best_move() in answers[i]
                bar.update()
    return {b: [h / len(seeds) for h in hits[b]] for b in budgets}


def accuracy(game: Game, states: Sequence[State], correct: Callable[[State], Sequence[Move]], iterations: int,
             seeds: Sequence[int] = (0, 1, 2), **options: Any) -> float:
    """The share of (state, seed) searches whose best move is among `correct(state)`."""
    rates = hit_rates(game, states, correct, iterations, seeds, **options)
    return sum(rates) / len(rates)


def accuracy_table(game: Game, states: Sequence[State], correct: Callable[[State], Sequence[Move]],
                   budgets: Sequence[int], variants: dict, seeds: Sequence[int] = (0,)) -> dict:
    """{variant name: [accuracy at each budget]}; `variants` maps a name to MCTS options, e.g. {"plain": {}}."""
    table = {}
    for name, options in variants.items():
        rates = hit_rates_by_budget(game, states, correct, budgets, seeds, **options)
        table[name] = [sum(rates[b]) / len(rates[b]) for b in budgets]
    return table
