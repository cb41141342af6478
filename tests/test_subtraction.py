"""Subtraction games: positions against brute-force game search, the period, strategies, playouts, source text 003."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.subtraction import (SOURCE_RED_BELOW_80, SOURCE_TABLE_2, State, SubtractionGame, match, mixed,
                                   optimal, optimal_for, playout, random_chances, random_for, random_player, replay,
                                   source_optimal, source_playout, source_random_chances, source_random_player,
                                   source_winner, tournament, wilson_interval)

MOVE_SETS = [(3, 5, 11), (3, 5), (3, 5, 8), (1, 2), (1, 3, 4), (2, 5, 7), (4, 7), (1,), (6, 9, 13)]


def brute_force_first_player_wins(game: SubtractionGame, n: int) -> bool:
    """Minimax over the full game tree through the protocol only (no memo, no positions)."""

    @lru_cache(maxsize=None)  # memo on whole states only keeps the search fast; it still walks every move
    def value(state: State) -> int:
        if game.is_over(state):
            return game.winner(state)
        mover = game.to_move(state)
        results = [value(game.play(state, d)) for d in game.moves(state)]
        return mover if mover in results else 3 - mover

    return value(game.start(n)) == 1


@pytest.mark.parametrize("moves", MOVE_SETS)
def test_positions_agree_with_brute_force_game_search(moves):
    game = SubtractionGame(moves)
    for n in range(1, 70):
        assert game.is_losing(n) == (not brute_force_first_player_wins(game, n)), (moves, n)


def test_source_sets_a_and_b_below_80():
    game = SubtractionGame()
    assert game.losing_positions(80) == SOURCE_RED_BELOW_80
    blue = game.winning_positions(80)
    assert blue[:8] == (3, 4, 5, 6, 7, 11, 12, 13) and blue[-1] == 79 and len(blue) + len(SOURCE_RED_BELOW_80) == 80


def test_red_is_n_mod_8_in_0_1_2_and_table_2_for_every_n():
    game = SubtractionGame()
    for n in range(0, 600):
        assert game.is_losing(n) == (n % 8 in (0, 1, 2))
        assert game.winning_moves(n) == tuple(d for d in SOURCE_TABLE_2[n % 8] if d <= n), n
    assert game.strategy_table() == sorted(SOURCE_TABLE_2.items())


def test_source_exercises_3_5_gives_the_same_sets_and_3_5_8_a_period_of_11():
    assert SubtractionGame((3, 5)).losing_positions(500) == SubtractionGame().losing_positions(500)
    game = SubtractionGame((3, 5, 8))
    assert game.period() == (0, 11)
    assert all(game.is_losing(n) == (n % 11 in (0, 1, 2)) for n in range(400))


@pytest.mark.parametrize("moves, expected", [((3, 5, 11), (0, 8)), ((3, 5), (0, 8)), ((1, 2), (0, 3)),
                                             ((1, 3, 4), (0, 7)), ((1,), (0, 2)), ((3, 5, 8), (0, 11))])
def test_period_of_known_games(moves, expected):
    assert SubtractionGame(moves).period() == expected


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4))
def test_period_is_a_period_and_minimal(moves):
    game = SubtractionGame(sorted(moves))
    start, length = game.period()
    limit = start + 4 * length + 3 * max(moves) + 50
    colours = [game.is_losing(n) for n in range(limit)]
    assert all(colours[n] == colours[n + length] for n in range(start, limit - length))
    for shorter in range(1, length):
        assert any(colours[n] != colours[n + shorter] for n in range(start, limit - shorter))
    if start > 0:
        assert colours[start - 1] != colours[start - 1 + length]


def test_period_with_a_preperiod():
    for moves, expected in [((2, 4, 7), (4, 3)), ((3, 5, 9), (11, 2)), ((4, 6, 11), (23, 5))]:
        game = SubtractionGame(moves)
        start, length = game.period()
        assert (start, length) == expected
        assert game.is_losing(start - 1) != game.is_losing(start - 1 + length)


@pytest.mark.parametrize("bad, word", [((), "empty"), ((3, 0), "0"), ((3, -5), "-5"), ((3, 2.5), "2.5"),
                                       ((3, 5, 3), "3 appears twice"), ("3, x", "'x'"), ((True, 3), "True"),
                                       (5, "5")])
def test_bad_move_sets_raise_value_errors_naming_the_value(bad, word):
    with pytest.raises(ValueError, match=word if word != "2.5" else r"2\.5"):
        SubtractionGame(bad)


def test_text_move_sets_and_bad_arguments():
    assert SubtractionGame("11 5,3").move_set == (3, 5, 11)
    game = SubtractionGame()
    for call in (lambda: game.is_losing(-1), lambda: game.start(0), lambda: game.losing_positions("9"),
                 lambda: game.play(game.start(5), 4), lambda: game.play(State(0, 2), 3), lambda: mixed(1.5),
                 lambda: match(optimal, optimal, rounds=0)):
        with pytest.raises(ValueError):
            call()


def test_protocol_winner_rules():
    game = SubtractionGame()
    state = game.start(8)
    assert game.to_move(state) == 1 and game.moves(state) == (3, 5, 11) and not game.is_over(state)
    after = game.play(game.play(state, 5), 3)  # 8 -> 3 -> 0: player 2 made 0
    assert after == State(0, 1) and game.is_over(after) and game.winner(after) == 2 and game.moves(after) == ()
    below = game.play(game.start(2), 3)  # player 1 went below 0
    assert game.winner(below) == 2 and game.winner(state) is None
    assert hash(State(4, 2)) == hash(State(4, 2))


def test_optimal_plays_winning_moves_for_every_n_and_always_wins_from_blue():
    for moves in MOVE_SETS:
        game = SubtractionGame(moves)
        best = optimal_for(game)
        for n in range(1, 300):
            d = best(n, None)
            if game.is_losing(n):
                assert d == game.move_set[0]
            else:
                assert d in game.winning_moves(n) and game.is_losing(n - d)
        rng = random.Random(7)
        for n in range(1, 200):
            if not game.is_losing(n):
                for opponent in (random_for(game), best):
                    assert playout(best, opponent, n, rng, game).winner == 1
    assert all(optimal(n) == source_optimal(n) for n in range(1, 500))


def test_optimal_wins_from_blue_as_second_player_after_red_start():
    rng = random.Random(3)
    for n in range(1, 200):
        if SubtractionGame().is_losing(n):
            assert playout(random_player, optimal, n, rng).winner == 2
            assert playout(optimal, optimal, n, rng).winner == 2


def test_random_player_takes_wins_avoids_going_negative_and_uses_11():
    rng = random.Random(1)
    assert random_player(11, rng) == 11 and random_player(5, rng) == 5 and random_player(3, rng) == 3
    assert random_player(4, rng) == 3 and random_player(2, rng) == 3
    assert {random_player(9, rng) for _ in range(200)} == {3, 5}
    counts = {d: 0 for d in (3, 5, 11)}
    for _ in range(3000):
        counts[random_player(40, rng)] += 1
    assert all(abs(c - 1000) < 120 for c in counts.values())


def test_source_bug_1_random_player_never_subtracts_11():
    rng = random.Random(2)
    seen = {source_random_player(n, rng) for n in range(12, 200) for _ in range(20)}
    assert seen == {3, 5}
    assert source_random_player(11, rng) == 11


class EveryDraw:
    """A stand-in for random.Random that makes draw number k: choice and randrange take item k (mod the count)."""

    def __init__(self, k: int) -> None:
        self.k = k

    def choice(self, items):
        return items[self.k % len(items)]

    def randrange(self, stop):
        return self.k % stop


def enumerated_chances(player, n: int, draws: int = 60) -> dict:
    """A sampling player's exact move chances at n, by running it once with each of `draws` equally likely draws
    (60 is a multiple of every count of choices up to 6, so each choice gets its exact share)."""
    moves = [player(n, EveryDraw(k)) for k in range(draws)]
    return {d: Fraction(moves.count(d), draws) for d in set(moves)}


@pytest.mark.parametrize("moves", [(3, 5, 11), (3, 5), (2, 3, 7), (1, 3, 4)])
def test_random_chances_are_the_random_players_draws(moves):
    game = SubtractionGame(moves)
    player = random_for(game)
    for n in range(1, 60):
        assert random_chances(n, game) == enumerated_chances(player, n), (moves, n)
        assert sum(random_chances(n, game).values()) == 1


def test_source_random_chances_are_the_articles_random_players_draws():
    for n in range(1, 120):
        assert source_random_chances(n) == enumerated_chances(source_random_player, n), n
    assert source_random_chances(11) == {11: 1} and source_random_chances(12) == {3: Fraction(1, 2), 5: Fraction(1, 2)}
    assert random_chances(12) == {3: Fraction(1, 3), 5: Fraction(1, 3), 11: Fraction(1, 3)}  # the intended one
    for bad in (0, -3, 2.5, "7", True, 10**9):
        with pytest.raises(ValueError, match="n must be an integer from 1"):
            source_random_chances(bad)
        with pytest.raises(ValueError, match="n must be an integer from 1"):
            random_chances(bad)


def test_the_exact_match_of_lesson_07_bug_1():
    """The intended random player against the article's, each start 20-50 from both sides: 0.4917 (lesson 07)."""
    def first_wins(player1, player2, n, mover=1):  # plain recursion, no cache: small starts only
        total = Fraction(0)
        for d, chance in (player1 if mover == 1 else player2)(n).items():
            after = n - d
            total += chance * ((mover == 1) if after == 0 else (mover == 2) if after < 0
                               else first_wins(player1, player2, after, 3 - mover))
        return total

    cached = lru_cache(maxsize=None)
    intended, article = cached(random_chances), cached(source_random_chances)
    first = [first_wins(intended, article, n) for n in range(20, 51)]
    second = [1 - first_wins(article, intended, n) for n in range(20, 51)]
    assert round(float((sum(first) + sum(second)) / 62), 4) == 0.4917


def test_source_bug_2_games_ending_at_0_name_the_loser():
    assert source_winner([8, 3, 0, 0], idx=1) == 1  # player 2 made 0, idx switched back to 1
    rng = random.Random(5)
    wrong = right = 0
    for _ in range(300):
        result = source_playout(source_random_player, source_random_player, range(20, 51), rng)
        assert result.wrong == (result.playout.course[-1] == 0)
        wrong += result.wrong
        right += not result.wrong
    assert wrong > 30 and right > 30


def test_source_playout_pads_course_with_zeros_like_the_printed_output():
    # source text 003 prints "44 41 38 33 30 25 22 17 14 9 6 1 -2 0" for optimal against random: one zero of padding
    result = source_playout(source_optimal, source_random_player, 44, seed=1)
    assert len(result.course_vector) >= 44 // 3 and result.course_vector[:1] == (44,)
    assert result.playout.winner == result.reported_winner == 1
    printed = replay([50, 47, 42, 39, 34, 31, 26, 21, 18, 15, 12, 7, 2, -1])
    assert printed.winner == 2 and len(printed.course) + 2 == 50 // 3  # the "-1 0 0" ending


def test_source_printed_courses_replay_with_the_source_winners():
    assert replay([44, 41, 38, 33, 30, 25, 22, 17, 14, 9, 6, 1, -2]).winner == 1
    assert replay([45, 42, 39, 36, 31, 26, 21, 18, 15, 12, 7, 2, -1]).winner == 1
    third = replay([50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2])
    assert third.winner == 1
    assert third.verdicts()[11] == "mistake" and third.course[11] == 7  # "bei n = 7 ... greift fehl"
    assert third.mistakes(2) == 1


def test_table_1_sample_game_is_won_by_a():
    game = replay([22, 17, 12, 9, 6, 1, -2])
    assert game.winner == 1 and set(game.verdicts()[0::2]) == {"win"}
    with pytest.raises(ValueError, match="subtracts 4"):
        replay([22, 18, 13])


def test_playout_is_seeded_and_accepts_generators():
    a = playout(random_player, random_player, range(20, 51), seed=9)
    assert a == playout(random_player, random_player, range(20, 51), seed=9)
    assert 20 <= a.start <= 50 and a.course[-1] <= 0 < a.course[-2]
    b = playout(random_player, random_player, 30, seed=np.random.default_rng(4))
    assert b == playout(random_player, random_player, 30, seed=np.random.default_rng(4))
    with pytest.raises(ValueError, match="chose 4"):
        playout(lambda n, r: 4, optimal, 30)


def test_tree_explodes_while_positions_grow_linearly():
    game = SubtractionGame()
    assert [game.game_tree_size(n) for n in (1, 2, 3, 6)] == [4, 4, 4, 1 + 4 + 4 + 1]
    assert game.game_tree_size(50) == 86041 and game.game_tree_size(100) > 10**9
    sizes = [game.game_tree_size(n) for n in range(60, 200)]
    assert all(1.2 < b / a < 1.3 for a, b in zip(sizes, sizes[1:]))  # about 1.23 times per step
    assert game.game_tree_leaves(3) == 3


def test_tournament_rates_and_intervals():
    result = tournament({"optimal": optimal, "random": random_player, "mixed": mixed(0.5)},
                        starts=range(20, 51), rounds=4, seed=1)
    assert result.rate("optimal", "random") > 0.9 and result.rate("mixed", "random") > 0.55
    assert abs(result.rate("random", "optimal") + result.rate("optimal", "random") - 1) < 1e-12
    optimal_self = result.matches[("optimal", "optimal")]
    assert optimal_self.rate == 0.5  # each start played from both sides: the same player wins both
    low, high = result.matches[("optimal", "random")].interval
    assert low < result.rate("optimal", "random") < high
    assert wilson_interval(50, 100)[0] == pytest.approx(0.404, abs=1e-3)


def test_tree_size_matches_walking_the_tree_through_the_protocol():
    game = SubtractionGame()

    def walk(state: State) -> tuple[int, int]:
        if game.is_over(state):
            return 1, 1
        nodes, leaves = 1, 0
        for d in game.moves(state):
            a, b = walk(game.play(state, d))
            nodes, leaves = nodes + a, leaves + b
        return nodes, leaves

    for n in range(1, 31):
        assert walk(game.start(n)) == (game.game_tree_size(n), game.game_tree_leaves(n))


@pytest.mark.parametrize("moves", MOVE_SETS + [(2, 4, 7), (4, 6, 11), (1, 8, 11)])
def test_colours_far_beyond_the_table_follow_the_step_by_step_induction(moves):
    step_by_step = SubtractionGame(moves)
    step_by_step._extend(3000)  # the plain backward induction, no period used
    fresh = SubtractionGame(moves)  # answers from the period once past its table
    fresh.period()
    assert [fresh.is_losing(n) for n in range(3000)] == [bool(c) for c in step_by_step._losing[:3000]]
    start, length = fresh.period()
    huge = 10**15 + 7
    assert fresh.is_losing(huge) == fresh.is_losing(start + (huge - start) % length)
    assert SubtractionGame().winning_moves(10**12 + 5) == (3, 5, 11)


def test_play_takes_any_number_equal_to_a_move_but_not_a_bool():
    """play()'s quick test for an int move keeps the full check for the rest (issue 39)."""
    game = SubtractionGame()
    start = game.start(20)
    for move in (5, np.int64(5), 5.0):
        assert game.play(start, move) == State(15, 2)
    for move in (True, 4, "5", [5], None, 5.5):
        with pytest.raises(ValueError, match="move must be one of"):
            game.play(start, move)
