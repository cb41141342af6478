"""MCTS: the four phases, seeding, statistics, transpositions and the accuracy bar on the 3-5-11 game."""

from __future__ import annotations

import gc
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.mcts import MCTS, Iteration, MoveStats, best_move, greedy, ucb1


class Nim:
    """One-pile Nim: take 1, 2 or 3 counters (never more than are left); who takes the last one wins."""

    def start(self, n):
        return (n, 0)

    def moves(self, state):
        return tuple(range(1, min(3, state[0]) + 1))

    def play(self, state, move):
        return (state[0] - move, 1 - state[1])

    def is_over(self, state):
        return state[0] == 0

    def winner(self, state):
        return 1 - state[1]

    def to_move(self, state):
        return state[1]


class Endless:
    """A counter that walks around a ring of 4; from 3 you may also stop. Stopping is a draw."""

    def moves(self, state):
        return ("step", "stop") if state == 3 else ("step",)

    def play(self, state, move):
        return "end" if move == "stop" else (state + 1) % 4

    def is_over(self, state):
        return state == "end"

    def winner(self, state):
        return None

    def to_move(self, state):
        return 0


NIM = Nim()


def test_first_iteration_runs_the_four_phases():
    search = MCTS(NIM, seed=1)
    search.reset(NIM.start(6))
    step = search.iterate(trace=True)
    assert isinstance(step, Iteration) and step.number == 1
    assert step.selected == () and step.expanded in (1, 2, 3), "the root is a leaf: expand one of its moves"
    assert step.rollout[0] == (6 - step.expanded, 1), "the simulation starts at the new node"
    assert step.rollout[-1][0] == 0 and step.winner == 1 - step.rollout[-1][1]
    for a, b in zip(step.rollout, step.rollout[1:]):
        assert 1 <= a[0] - b[0] <= 3
    assert [u[0] for u in step.updated] == [(), (step.expanded,)]
    assert all(u[1] == 1 for u in step.updated)
    assert search.root.visits == 1 and search.tree_size() == 2


def test_selection_starts_only_when_the_root_is_fully_expanded():
    search = MCTS(NIM, seed=2)
    search.reset(NIM.start(9))
    steps = [search.iterate(trace=True) for _ in range(6)]
    assert [s.selected for s in steps[:3]] == [(), (), ()]
    assert sorted(s.expanded for s in steps[:3]) == [1, 2, 3]
    assert all(len(s.selected) == 1 for s in steps[3:]), "then selection walks down one UCB step first"
    assert all(s.path == s.selected + (s.expanded,) for s in steps)


def test_statistics_add_up_in_a_tree():
    search = MCTS(NIM, seed=3)
    stats = search.search(NIM.start(10), 500)
    assert set(stats) == {1, 2, 3} and all(isinstance(s, MoveStats) for s in stats.values())
    assert search.root.visits == 500
    assert sum(s.visits for s in stats.values()) == 500
    for s in stats.values():
        assert 0 <= s.wins <= s.visits and s.win_rate == pytest.approx(s.wins / s.visits)


def test_same_seed_same_search_and_other_seed_differs():
    first = MCTS(NIM, seed=7).search(NIM.start(21), 300)
    again = MCTS(NIM, seed=random.Random(7)).search(NIM.start(21), 300)
    other = MCTS(NIM, seed=8).search(NIM.start(21), 300)
    assert first == again
    assert first != other


def test_numpy_generator_is_a_seed():
    np = pytest.importorskip("numpy")
    a = best_move(NIM, NIM.start(13), 200, seed=np.random.default_rng(5))
    b = best_move(NIM, NIM.start(13), 200, seed=np.random.default_rng(5))
    assert a == b


@pytest.mark.parametrize("n", [5, 6, 7, 9, 10, 11, 13])
def test_nim_search_finds_the_move_to_a_multiple_of_four(n):
    for seed in range(3):
        assert best_move(NIM, NIM.start(n), 2000, seed=seed) == n % 4


def test_nim_search_with_transpositions_reaches_further():
    for n in (14, 15, 17, 18, 19, 21, 22, 23, 25, 26, 27, 29):
        for seed in range(3):
            assert best_move(NIM, NIM.start(n), 2000, seed=seed, transpositions=True) == n % 4, (n, seed)


def test_immediate_win_has_win_rate_one():
    stats = MCTS(NIM, seed=0).search(NIM.start(3), 200)
    assert stats[3].win_rate == 1.0
    assert stats[1].win_rate < 0.5 and stats[2].win_rate < 0.5


def test_principal_line_plays_nim_to_the_end():
    search = MCTS(NIM, seed=4)
    search.search(NIM.start(7), 3000)
    line = [s.move for s in search.principal_line()]
    assert line[0] == 3 and sum(line) == 7, line
    assert len(search.principal_line(2)) == 2


def test_swapped_parts_are_used():
    calls = []

    def always_one(game, state, rng):
        calls.append(state)
        return 1

    search = MCTS(NIM, seed=1, rollout=always_one, tree_policy=greedy, final="win_rate")
    stats = search.search(NIM.start(8), 3)
    assert calls, "the custom rollout policy ran"
    # three iterations expand the three moves, one rollout each; taking one at a time, the mover of m takes
    # the last counter exactly when 8 - m is even, i.e. m = 2
    assert stats[2].win_rate == 1.0 and stats[1].win_rate == 0.0 and stats[3].win_rate == 0.0
    assert search.best_move() == 2


def test_exploration_zero_and_large_change_the_visit_spread():
    greedy_stats = MCTS(NIM, exploration=0.0, seed=1).search(NIM.start(12), 600)
    wide_stats = MCTS(NIM, exploration=10.0, seed=1).search(NIM.start(12), 600)
    def spread(stats):
        return max(v.visits for v in stats.values()) - min(v.visits for v in stats.values())

    assert spread(wide_stats) < spread(greedy_stats)


def test_draws_count_half():
    game = Endless()
    stats = MCTS(game, seed=1, transpositions=True).search(3, 200)
    assert stats["stop"].win_rate == 0.5


def test_cycles_with_transpositions_terminate():
    search = MCTS(Endless(), seed=2, transpositions=True)
    search.search(0, 300)
    assert search.tree_size() == 5, "four ring positions and the end, each once"


def test_transpositions_share_nodes():
    plain, shared = MCTS(NIM, seed=1), MCTS(NIM, seed=1, transpositions=True)
    plain.search(NIM.start(15), 1000)
    shared.search(NIM.start(15), 1000)
    assert shared.tree_size() <= 2 * 16, "at most one node per (pile, player)"
    assert plain.tree_size() > shared.tree_size()


def test_custom_key_merges_positions_of_both_players():
    search = MCTS(NIM, seed=1, transpositions=True, key=lambda s: s[0])
    search.search(NIM.start(15), 1000)
    assert search.tree_size() == 16


@pytest.mark.parametrize("bad, message", [
    (dict(exploration=-1), "exploration"),
    (dict(exploration="big"), "exploration"),
    (dict(final="most"), "final"),
    (dict(seed="x"), "seed"),
])
def test_bad_options_raise_value_errors(bad, message):
    with pytest.raises(ValueError, match=message):
        MCTS(NIM, **bad)


def test_bad_search_calls_raise_value_errors():
    search = MCTS(NIM, seed=1)
    with pytest.raises(ValueError, match="iterations"):
        search.search(NIM.start(5), 0)
    with pytest.raises(ValueError, match="finished game"):
        search.search(NIM.start(0), 10)
    with pytest.raises(ValueError, match="no tree"):
        MCTS(NIM).run(5)
    with pytest.raises(ValueError, match="protocol"):
        MCTS(object())


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 40), iterations=st.integers(1, 120), seed=st.integers(0, 10**6),
       transpositions=st.booleans(), exploration=st.floats(0, 5), final=st.sampled_from(["visits", "win_rate"]))
def test_nim_search_never_returns_an_illegal_move(n, iterations, seed, transpositions, exploration, final):
    move = best_move(NIM, NIM.start(n), iterations, seed=seed, transpositions=transpositions,
                     exploration=exploration, final=final)
    assert move in NIM.moves(NIM.start(n))


def test_ucb1_formula():
    from coursekit.mcts import Node
    child = Node((3, 1), ())
    child.visits, child.wins = 4, 3.0
    assert ucb1(child, 16, math.sqrt(2)) == pytest.approx(0.75 + math.sqrt(2) * math.sqrt(math.log(16) / 4))


# --- the 3-5-11 game (source text 003) --------------------------------------------------------------------------------

from fractions import Fraction  # noqa: E402

from coursekit.exact_values import minimax_value, random_playout_value  # noqa: E402
from coursekit.search_yardsticks import accuracy  # noqa: E402
from coursekit.subtraction import SubtractionGame  # noqa: E402
from coursekit.tictactoe import TicTacToe  # noqa: E402

GAME = SubtractionGame()
WINNING_STARTS = [n for n in range(12, 101) if not GAME.is_losing(n)]


def test_winning_starts_are_the_seeds_blue_numbers():
    assert WINNING_STARTS == [n for n in range(12, 101) if n % 8 in (3, 4, 5, 6, 7)]


@pytest.mark.slow
def test_transposition_search_finds_a_winning_move_for_99_percent_of_winning_starts():
    score = accuracy(GAME, [GAME.start(n) for n in WINNING_STARTS], lambda s: GAME.winning_moves(s.n), 1000,
                     seeds=(0, 1, 2), transpositions=True)
    assert score >= 0.99


def test_plain_search_is_barely_better_than_random_above_40():
    """The issue's measurement: plain UCT is right for small n and often wrong above (random picks: 60%)."""
    starts = [GAME.start(n) for n in WINNING_STARTS if n >= 40]
    plain = accuracy(GAME, starts, lambda s: GAME.winning_moves(s.n), 300, seeds=(0,))
    shared = accuracy(GAME, starts, lambda s: GAME.winning_moves(s.n), 300, seeds=(0,), transpositions=True)
    assert plain < 0.85 and shared > plain
    small = accuracy(GAME, [GAME.start(n) for n in WINNING_STARTS if n < 30], lambda s: GAME.winning_moves(s.n),
                     1000, seeds=(0,))
    assert small == 1.0


def test_win_rates_are_the_seeds_p1_p2_p3():
    stats = MCTS(GAME, seed=1, transpositions=True).search(GAME.start(13), 2000)
    assert list(stats) == [3, 5, 11]
    # 13 - 5 = 8 is red: the winning move; 13 - 3 = 10 is red too; 13 - 11 = 2 is red as well
    assert set(GAME.winning_moves(13)) == {3, 5, 11}
    stats = MCTS(GAME, seed=1, transpositions=True).search(GAME.start(14), 3000)
    assert GAME.winning_moves(14) == (5,)
    assert stats[5].win_rate > 0.9 > max(stats[3].win_rate, stats[11].win_rate)


def test_exact_endings():
    stats = MCTS(GAME, seed=2).search(GAME.start(5), 300)
    assert stats[5].win_rate == 1.0 and stats[11].win_rate == 0.0
    stats = MCTS(GAME, seed=2).search(GAME.start(4), 300)
    assert stats[3].win_rate == 1.0, "from 1 every move goes below 0"
    assert stats[5].win_rate == stats[11].win_rate == 0.0


def test_principal_line_of_a_transposition_search_is_perfect_play():
    search = MCTS(GAME, seed=3, transpositions=True)
    search.search(GAME.start(30), 3000)
    line = search.principal_line(6)
    n = 30
    for i, step in enumerate(line):
        if n <= 0:
            break
        if i % 2 == 0:
            assert step.move in GAME.winning_moves(n), (n, line)
        n -= step.move
    assert len(line) == 6


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 120), iterations=st.integers(1, 200), seed=st.integers(0, 10**6), transpositions=st.booleans(),
       moves=st.sampled_from([(3, 5, 11), (3, 5), (3, 5, 8), (1, 2), (2, 7, 9)]))
def test_subtraction_search_never_returns_an_illegal_move(n, iterations, seed, transpositions, moves):
    game = SubtractionGame(moves)
    move = best_move(game, game.start(n), iterations, seed=seed, transpositions=transpositions)
    assert move in game.moves(game.start(n))


def test_random_playout_value_is_what_rollouts_estimate():
    assert random_playout_value(GAME, GAME.start(5)) == Fraction(2, 3)   # 5 wins at once, 3 and 11 do not
    assert random_playout_value(GAME, GAME.start(1)) == 0
    assert random_playout_value(GAME, GAME.start(25)) > random_playout_value(GAME, GAME.start(22)), \
        "the bias: a random game from the red 25 is won more often than from the blue 22"
    rng = random.Random(0)
    wins = 0
    for _ in range(20000):
        s = GAME.start(22)
        while not GAME.is_over(s):
            s = GAME.play(s, rng.choice(GAME.moves(s)))
        wins += GAME.winner(s) == 1
    assert abs(wins / 20000 - float(random_playout_value(GAME, GAME.start(22)))) < 0.012


def _plain_random_value(game, state, memo):
    """random_playout_value the plain way: a Fraction mean over the moves, recursion, reduced at every step."""
    if state not in memo:
        mover, values = game.to_move(state), []
        for move in game.moves(state):
            t = game.play(state, move)
            if game.is_over(t):
                values.append(Fraction(1, 2) if game.winner(t) is None else Fraction(int(game.winner(t) == mover)))
            else:
                v = _plain_random_value(game, t, memo)
                values.append(v if game.to_move(t) == mover else 1 - v)
        memo[state] = sum(values) / len(values)
    return memo[state]


def test_random_playout_value_sums_like_plain_fractions_over_unlike_denominators():
    """The mean scales a running sum up denominator by denominator (Horner); where one does not divide the next
    (draws, fewer moves near the end) it takes their least common multiple: the same Fractions as the plain way."""
    ttt = TicTacToe()
    assert random_playout_value(ttt, ttt.start()) == _plain_random_value(ttt, ttt.start(), {})
    for moves in ((3, 5, 11), (1, 4, 9, 16), (2, 3, 7), (6, 10, 15)):
        game, memo = SubtractionGame(moves), {}
        assert all(random_playout_value(game, game.start(n)) == _plain_random_value(game, game.start(n), memo)
                   for n in (1, 2, 7, 30, 31, 97, 300))


def test_random_playout_value_refuses_a_fraction_of_thousands_of_digits_at_once():
    """50 moves from 10,000 ran 38 s to a fraction of 16,990 digits; past MAX_DIGITS digits (from 3,000 here, 3 s
    before) a ValueError names the start, the position where the bound was passed and the bound."""
    from coursekit.exact_values import MAX_DIGITS

    game = SubtractionGame(range(1, 51))
    with pytest.raises(ValueError, match=rf"from State\(n=3000, player=1\) is a fraction of more than "
                                         rf"{MAX_DIGITS:,} digits \(already at State\(n=29\d\d, "):
        random_playout_value(game, game.start(3000))
    for moves in ((3, 5, 11), (1, 2), (2, 3, 7)):  # the lessons' move sets, from the largest start
        game = SubtractionGame(moves)
        assert 0 < random_playout_value(game, game.start(10_000)) < 1


def test_move_values_share_one_memo_between_the_moves():
    """move_values walked the game again for each move: 50 moves from 1,000 took 20 s (0.2 s with one memo)."""
    from coursekit.exact_values import move_values

    game, plays = SubtractionGame(range(1, 51)), []

    class Counting(SubtractionGame):
        def play(self, state, move):
            plays.append(state.n)
            return super().play(state, move)

    counting = Counting(range(1, 51))
    values = move_values(counting, counting.start(200))
    assert values == move_values(game, game.start(200), lambda g, s: _plain_random_value(g, s, {}))
    assert len(plays) <= 2 * 200 * 50  # each position's moves played once (19,900 plays), not once a move (867,550)
    memo: dict = {}
    assert random_playout_value(game, game.start(150), memo) == 1 - values[50] and memo
    assert random_playout_value(game, game.start(150), memo) == 1 - values[50]  # answered from the memo


def test_minimax_value_matches_the_red_and_blue_numbers():
    for n in range(1, 60):
        assert minimax_value(GAME, GAME.start(n)) == (0 if GAME.is_losing(n) else 1)


# --- tic-tac-toe -------------------------------------------------------------------------------------------------

TTT = TicTacToe()


def test_tictactoe_values():
    assert minimax_value(TTT, TTT.start()) == Fraction(1, 2)
    assert minimax_value(TTT, TTT.start("xx.oo....")) == 1
    assert minimax_value(TTT, TTT.start("xx.o.....")) == 0, "o blocks at 2, then x forks with 4"
    assert minimax_value(TTT, TTT.start("x........")) == Fraction(1, 2)


def test_mcts_takes_a_win_and_blocks_a_loss_in_tictactoe():
    for seed in range(3):
        assert best_move(TTT, TTT.start("xx.oo...."), 500, seed=seed) == 2, "win at once"
        assert best_move(TTT, TTT.start("xx.o....."), 500, seed=seed) == 2, "o must block"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 7), iterations=st.integers(1, 60))
def test_tictactoe_search_never_returns_an_illegal_move(seed, plies, iterations):
    rng = random.Random(seed)
    state = TTT.start()
    for _ in range(plies):
        if TTT.is_over(state):
            break
        state = TTT.play(state, rng.choice(TTT.moves(state)))
    if TTT.is_over(state):
        return
    assert best_move(TTT, state, iterations, seed=seed, transpositions=plies % 2 == 0) in TTT.moves(state)


def test_tictactoe_bad_boards():
    with pytest.raises(ValueError, match="x moves first"):
        TTT.start("oo")
    with pytest.raises(ValueError, match="only x, o"):
        TTT.start("xq")
    with pytest.raises(ValueError, match="empty cell"):
        TTT.play(TTT.start("x"), 0)


# --- helpers the lessons use ---------------------------------------------------------------------------------------

from coursekit.exact_values import move_values, optimal_moves  # noqa: E402
from coursekit.mcts import as_strategy  # noqa: E402
from coursekit.search_yardsticks import accuracy_table, hit_rates  # noqa: E402
from coursekit.subtraction import match, random_player  # noqa: E402


def test_move_values_show_the_rollout_bias_at_62():
    values = move_values(GAME, GAME.start(62))
    assert GAME.winning_moves(62) == (5,)
    assert max(values, key=values.get) == 3, "under random play the losing -3 looks best"
    assert values[5] == 1 - random_playout_value(GAME, GAME.start(57))
    exact = move_values(GAME, GAME.start(62), minimax_value)
    assert exact == {3: 0, 5: 1, 11: 0}


def test_optimal_moves_agree_with_the_strategy_table():
    for n in range(1, 50):
        expected = GAME.winning_moves(n) or GAME.move_set
        assert optimal_moves(GAME, GAME.start(n)) == expected, n


def test_position_counts_expose_repeated_positions():
    plain = MCTS(GAME, seed=0)
    plain.search(GAME.start(100), 1000)
    counts = plain.position_counts()
    assert sum(counts.values()) == plain.tree_size() == 1001
    assert max(counts.values()) > 10, "the plain tree holds some position many times"
    shared = MCTS(GAME, seed=0, transpositions=True)
    shared.search(GAME.start(100), 1000)
    assert set(shared.position_counts().values()) == {1}


def test_hit_rates_and_accuracy_table_agree():
    states = [GAME.start(n) for n in (14, 22, 30, 46)]
    correct = lambda s: GAME.winning_moves(s.n)  # noqa: E731
    rates = hit_rates(GAME, states, correct, 200, seeds=(0, 1))
    assert len(rates) == 4 and all(r in (0, 0.5, 1) for r in rates)
    table = accuracy_table(GAME, states, correct, [200], {"plain": {}}, seeds=(0, 1))
    assert table["plain"][0] == pytest.approx(sum(rates) / 4)
    with pytest.raises(ValueError, match="at least one"):
        hit_rates(GAME, [], correct, 10)


def test_mcts_as_a_player_beats_the_random_player():
    player = as_strategy(GAME, 200)
    assert player.label == "MCTS 200"
    result = match(player, random_player, starts=range(20, 31), rounds=1, seed=3)
    assert result.rate > 0.7
    again = match(as_strategy(GAME, 200), random_player, starts=range(20, 31), rounds=1, seed=3)
    assert again.wins == result.wins, "seeded by the match's generator"
    with pytest.raises(ValueError, match="iterations"):
        as_strategy(GAME, 0)


class KeyedNim(Nim):
    """Nim whose position key ignores the player to move (both players face the same pile)."""

    def key(self, state):
        return state[0]


def test_a_game_key_merges_positions_and_keeps_players_right():
    game = KeyedNim()
    search = MCTS(game, seed=1, transpositions=True)
    search.search(game.start(15), 2000)
    assert search.tree_size() == 16
    assert search.best_move() == 3
    for seed in range(3):
        assert best_move(game, game.start(22), 2000, seed=seed, transpositions=True) == 2


class _NoRollout:
    """The 3-5-11 game without its optional fast `rollout`: the engine plays each ply through the protocol."""

    def __init__(self, game):
        self.game = game

    def __getattr__(self, name):
        if name == "rollout":
            raise AttributeError(name)
        return getattr(self.game, name)


@pytest.mark.parametrize("transpositions", [False, True])
@pytest.mark.parametrize("game_name", ["3-5-11", "3-5-11 without rollout", "nim", "endless", "tic-tac-toe"])
def test_untraced_loop_grows_the_tree_the_readable_phases_grow(game_name, transpositions):
    """Issue 39: the untraced loop (and a game's own rollout) draws the same numbers as the four phase methods."""
    game = {"3-5-11": SubtractionGame(), "3-5-11 without rollout": _NoRollout(SubtractionGame()), "nim": NIM,
            "endless": Endless(), "tic-tac-toe": TTT}[game_name]
    start = {"nim": NIM.start(21), "endless": 0, "tic-tac-toe": TTT.start("x...o....")}.get(
        game_name, SubtractionGame().start(47))
    for seed in range(3):
        readable, fast = MCTS(game, seed=seed, transpositions=transpositions), \
            MCTS(game, seed=seed, transpositions=transpositions)
        readable.reset(start)
        for _ in range(600):
            readable.iterate()
        fast.reset(start)
        fast.run(300)
        fast.run(100, trace=True)  # the readable methods in between: the loop catches up with their counts
        fast.run(200)
        assert fast.iterations == readable.iterations == 600
        assert fast.stats() == readable.stats() and fast.tree_size() == readable.tree_size()
        assert fast.principal_line() == readable.principal_line()
        assert fast.rng.random() == readable.rng.random(), "both used the same random draws"


def test_run_leaves_the_garbage_collector_as_it_found_it():
    """The untraced loop pauses the collector and hands its new objects to the oldest generation: afterwards the
    collector runs again (or stays off if the caller had turned it off), nothing stays frozen, and a garbage cycle
    made before the search is still collected."""
    game = SubtractionGame()

    class Cycle:
        pass

    cycle = Cycle()
    cycle.me = cycle
    marker = id(cycle)
    del cycle
    MCTS(game, seed=0).search(game.start(60), 2000)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    gc.collect()
    assert all(id(o) != marker for o in gc.get_objects() if type(o).__name__ == "Cycle")
    gc.disable()
    try:
        MCTS(game, seed=0).search(game.start(60), 200)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("moves", [(3, 5, 11), (1, 2), (1, 3, 4, 7), (2, 5, 6)])
def test_subtraction_rollout_is_a_random_playout(moves):
    """The subtraction game's fast rollout plays the moves mcts.random_rollout picks, with the same draws."""
    from coursekit.mcts import random_rollout

    game = SubtractionGame(moves)
    largest = max(moves)
    for n in range(0, 60):
        state = game.play(game.start(largest), largest) if n == 0 else game.start(n)  # n = 0: a finished game
        a, b = random.Random(n), random.Random(n)
        s = state
        while not game.is_over(s):
            s = game.play(s, random_rollout(game, s, a))
        assert game.rollout(state, b) == game.winner(s)
        assert a.random() == b.random()


def test_tictactoe_rollout_is_a_random_playout():
    """Tic-tac-toe's fast rollout plays the moves mcts.random_rollout picks, with the same draws, from any board."""
    from coursekit.mcts import random_rollout

    game = TicTacToe()
    boards = ["", "x........", "xo.......", "xox.o....", "xx.oo....", "xoxoxo...", "xoxxoxo..", "xxxoo....",
              "xoxxoxoxo"]
    for seed in range(40):
        for board in boards:
            state = game.start(board)
            a, b = random.Random(seed), random.Random(seed)
            s = state
            while not game.is_over(s):
                s = game.play(s, random_rollout(game, s, a))
            assert game.rollout(state, b) == game.winner(s), (seed, board)
            assert a.random() == b.random()


def test_hit_rates_by_budget_are_the_hit_rates_of_each_budget():
    """Issue 39: one search grown budget by budget gives each budget's hit_rates exactly (whole-number seeds)."""
    from coursekit.search_yardsticks import hit_rates_by_budget

    game = SubtractionGame()
    states = [game.start(n) for n in (13, 22, 46, 61, 99)]
    correct = lambda s: game.winning_moves(s.n)  # noqa: E731
    for options in ({}, {"transpositions": True}, {"exploration": 0.7, "final": "win_rate"}):
        by_budget = hit_rates_by_budget(game, states, correct, [30, 10, 100], seeds=(0, 3), **options)
        assert list(by_budget) == [30, 10, 100]
        for budget, rates in by_budget.items():
            assert rates == hit_rates(game, states, correct, budget, seeds=(0, 3), **options)
    with pytest.raises(ValueError, match="iterations"):
        hit_rates_by_budget(game, states, correct, [10, 0])
    with pytest.raises(ValueError, match="budget"):
        hit_rates_by_budget(game, states, correct, [])


def test_a_learners_older_copy_still_imports_the_moved_names_from_mcts():
    """hit_rates & co. moved to search_yardsticks and exact_values (issue 36); `from coursekit.mcts import ...` in a
    learner's saved copy of an older lesson gets the same functions, and an unknown name is still an error."""
    import coursekit.exact_values
    import coursekit.search_yardsticks
    from coursekit import mcts

    for name in ("hit_rates", "hit_rates_by_budget", "accuracy", "accuracy_table"):
        assert getattr(mcts, name) is getattr(coursekit.search_yardsticks, name)
    for name in ("random_playout_value", "minimax_value", "optimal_moves", "move_values", "MAX_POSITIONS"):
        assert getattr(mcts, name) is getattr(coursekit.exact_values, name)
    with pytest.raises(AttributeError, match="no attribute 'hit_rate'"):
        mcts.hit_rate
