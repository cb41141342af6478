"""Exercise 11, a bot for the class arena: unit tests of choose, games judged by the referee, slips, the grader."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest

from coursekit.grading import check, questions
from coursekit.grading.cases import Sweep
from coursetools.nbio import nbformat
from coursekit.grading.registry import answer_key_module

from coursekit.grading.runner import run_question
from coursekit.sandbox.wire import encode
from coursekit.subtraction import SubtractionGame
from notebook_cells import run_cells

ex11 = answer_key_module("11")
ROOT = Path(__file__).resolve().parents[1]
NAME = "11_exercises_the_class_tournament.ipynb"  # what a learner hands in
SOLUTION, EXERCISE = ROOT / "solutions" / "11_solutions_the_class_tournament.ipynb", ROOT / "exercises" / NAME
CHOOSE_CELL = "def choose(state)"


def namespace(path: Path, edit=None) -> dict:
    """Run a notebook's code cells but the check cells in a fresh dict; `edit(source)` may change choose's cell."""
    return run_cells(path, edit=(lambda source: edit(source) if CHOOSE_CELL in source else source) if edit else None,
                     stubs_ok=True)


def points(ns: dict) -> dict:
    """{qid: points} over every public and grading test."""
    return {q.qid: run_question(q, ns, public_only=False).points for q in questions("11")}


def printed(qid: str, ns: dict) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        check(qid, ns)
    return out.getvalue()


@pytest.fixture(scope="module")
def solution():
    return namespace(SOLUTION)


def with_choose(solution: dict, choose) -> dict:
    return {**solution, "choose": choose}


def test_the_worked_solution_scores_full_marks(solution):
    for q in questions("11"):
        result = run_question(q, solution, public_only=False)
        assert not [o for o in result.outcomes if o.status == "fail"], q.qid
        assert result.points == (0 if q.manual else q.max_points)
    assert {q.qid: q.max_points for q in questions("11")} == {"11.q1": 2, "11.q2": 6, "11.q3": 4, "11.q4": 2,
                                                              "11.q5": 3}
    assert "points: 4/4 on the public tests; 1 more grading test worth 2 points" in printed("11.q2", solution)
    text = printed("11.q3", solution)
    assert "won 318 of 320 = 99.4% (95% interval 97.8% to 99.8%)" in text
    assert "won 54 of 54 = 100.0%" in text and "points: 4/4" in text


def test_the_generated_exercise_scores_zero():
    ns = namespace(EXERCISE)
    assert points(ns) == {"11.q1": 0, "11.q2": 0, "11.q3": 0, "11.q4": 0, "11.q5": 0}
    assert "not done yet: the losing numbers up to state" in printed("11.q2", ns)


def test_the_losing_positions_are_the_library_s_and_the_slips_are_named():
    assert ex11.losing_below() == [0, 1, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26]
    assert ex11.losing_below() == list(SubtractionGame((2, 3, 7)).losing_positions(30))
    q = questions("11")[0]
    for wrong, words in ((ex11.losing_below(30, (3, 5, 11)), "3-5-11"), (ex11.losing_below()[1:], "0 is a losing"),
                         ([0, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26], "1 is a losing"), (ex11.losing_below(31), "30")):
        answers = {"losing_positions": lambda moves, top, wrong=wrong: wrong}
        result = run_question(q, answers)
        assert result.points == 0 and words in result.outcomes[0].slip, wrong
        assert repr(ex11.losing_below()) not in printed("11.q1", answers)
    right = run_question(q, {"losing_positions": lambda moves, top: ex11.losing_below(top, moves)}, public_only=False)
    assert right.points == 2 and all(o.passed for o in right.outcomes)


BOTS = {
    "mod 8 of 3-5-11": (ex11.mod8_bot, ex11.MOD8),
    "immediate wins only": (ex11.immediate_only_bot, ex11.IMMEDIATE),
    "colours swapped": (ex11.swapped_bot, ex11.SWAPPED),
    "largest move": (ex11.largest_bot, ex11.GREEDY),
}


@pytest.mark.parametrize("name", list(BOTS))
def test_a_plausible_wrong_bot_loses_its_points_and_its_slip_is_named(name, solution):
    bot, says = BOTS[name]
    ns = with_choose(solution, bot)
    got = points(ns)
    assert got["11.q3"] <= 2 and got["11.q2"] <= 3 and got["11.q1"] == 2, got
    sweep = run_question(questions("11")[1], ns, public_only=False).outcomes[-1]
    assert sweep.status == "fail" and sweep.slip == says
    against_random, against_optimal = run_question(questions("11")[2], ns).outcomes
    assert against_optimal.status == "fail" and against_optimal.slip == says
    assert "95% interval" in against_optimal.actual
    # the bar against random is the weakest perfect bot's: only the swapped colours (79.7% there) clear it
    assert (against_random.status == "pass") == (name == "colours swapped")
    if against_random.status == "fail":
        assert against_random.slip == says


def _worst_accepted(state):
    """The weakest bot question 2 accepts: at every n the accepted move with the least chance to win against random."""
    chosen = {}
    ex11.rate_against_random(lambda n, chances: chosen.setdefault(n, min(chances, key=lambda d: (chances[d], d)))
                             and chances[chosen[n]])
    return chosen[state["n"]]


@pytest.mark.parametrize("losing_move", ["2", "3", "7", "worst"])
def test_every_bot_question_2_accepts_passes_question_3(losing_move, solution):
    game = SubtractionGame((2, 3, 7))

    def bot(state):
        wins = game.winning_moves(state["n"])
        return wins[0] if wins else int(losing_move)

    choose = _worst_accepted if losing_move == "worst" else bot
    got = points(with_choose(solution, choose))
    assert got["11.q2"] == 6 and got["11.q3"] == 4, got


def test_question_3_s_bar_is_derived_from_the_weakest_accepted_bot_and_the_text_says_so():
    from fractions import Fraction

    plays = {d: ex11.rate_against_random(lambda n, ch, d=d: ch[d] if d in ch and not ex11.RULES.winning_moves(n)
                                         else ch[min(ch)]) for d in (2, 3, 7)}
    assert ex11.weakest_rate() == Fraction(3, 5) and ex11.weakest_rate() < min(plays.values())
    assert [round(float(plays[d]), 3) for d in (2, 7, 3)] == [0.993, 0.958, 0.896]   # issue 27's exact rates
    assert ex11.RANDOM_THRESHOLD == ex11.random_threshold() == 0.46
    text = " ".join(c.source for c in nbformat.read(SOLUTION, as_version=4).cells if c.cell_type == "markdown")
    for shown in (f"{ex11.RANDOM_THRESHOLD:.0%}", f"{float(plays[2]):.1%}", f"{float(plays[3]):.1%}",
                  f"{float(ex11.weakest_rate()):.0%}", f"{ex11.THRESHOLD:.0%}"):
        assert shown in text, shown


def test_the_weakest_accepted_bot_is_described_as_it_plays():
    """Issue 37: question 3 said the weakest bot leaves random an exact 0 whenever possible; on every losing number
    from 5 on it leaves a number 3 more than a multiple of 5, from which every move of random leaves it losing."""
    rules = ex11.RULES
    for n in range(5, ex11.TOP + 1):
        if rules.is_losing(n):
            left = n - _worst_accepted(ex11.state(n))
            assert left % 5 == 3, n
            assert all(rules.is_losing(left - d) for d in ex11.MOVES if d <= left), n
    text = " ".join(" ".join(c.source.split()) for c in nbformat.read(SOLUTION, as_version=4).cells
                    if c.cell_type == "markdown")
    assert "leave random a number 3 more than a multiple of 5 (3, 8, 13, ...)" in text
    assert "exact 0 whenever possible" not in text


def test_a_bot_that_knows_only_the_numbers_below_30_fails_beyond_them(solution):
    known = set(solution["losing_positions"]((2, 3, 7), 30))

    def short_sighted(state):
        n = state["n"]
        return next((d for d in (2, 3, 7) if d <= n and n - d in known), 2)

    ns = with_choose(solution, short_sighted)
    assert run_question(questions("11")[1], ns).points == 4  # the public states are all below 30
    sweep = run_question(questions("11")[1], ns, public_only=False).outcomes[-1]
    assert sweep.status == "fail" and sweep.message == "first wrong state: n = 34"
    games = run_question(questions("11")[2], ns).outcomes
    assert [o.status for o in games] == ["pass", "fail"]  # random forgives the slips above 30, optimal does not


def test_any_winning_move_counts_not_only_the_smallest(solution):
    game = SubtractionGame((2, 3, 7))

    def largest_winning(state):
        wins = game.winning_moves(state["n"])
        return max(wins) if wins else 7

    assert points(with_choose(solution, largest_winning)) == {"11.q1": 2, "11.q2": 6, "11.q3": 4, "11.q4": 0,
                                                              "11.q5": 3}


def test_the_referee_s_rules_decide_illegal_moves_garbage_and_crashes(solution):
    def illegal(state):
        return 5 if state["n"] % 5 == 4 else solution["choose"](state)

    result = run_question(questions("11")[2], with_choose(solution, illegal))
    assert result.points == 0
    assert "games lost by the referee's rules, e.g. illegal: chose 5 at n=" in result.outcomes[0].message

    def garbage(state):
        return str(solution["choose"](state)) if state["n"] == 44 else solution["choose"](state)

    message = run_question(questions("11")[2], with_choose(solution, garbage)).outcomes[1].message
    assert "garbage: answered '3' (str)" in message

    def crashes(state):
        if state["n"] == 50:
            raise RuntimeError("no idea")
        return solution["choose"](state)

    outcome = run_question(questions("11")[2], with_choose(solution, crashes)).outcomes[0]
    assert outcome.status == "fail"
    assert "crash: choose() gave no move for n = 50: raised RuntimeError: no idea" in outcome.message


def test_the_games_ask_choose_once_per_state_and_send_no_opponent_to_the_learner(solution):
    calls = []

    def counted(state):
        calls.append(state["n"])
        return solution["choose"](state)

    result = run_question(questions("11")[2], with_choose(solution, counted))
    assert result.points == 4
    assert sorted(calls) == sorted(list(range(1, ex11.TOP + 1)) * 2)  # one sweep per test, 99 states each
    sent = json.dumps([case.requests(1.0) for case in questions("11")[2].cases])
    assert "random" not in sent and "optimal" not in sent and '"sweep"' in sent


def test_every_game_is_the_referee_s_record_with_the_arena_s_seeds(solution):
    case = questions("11")[2].cases[0]
    values = [encode(solution["choose"](args[0])) for args in ex11.STATES]
    records, _, _ = case.games([{"values": values, "error": None}])
    assert len(records) == len(ex11.RANDOM_STARTS) * 2 * ex11.RANDOM_ROUNDS == 320
    assert {r.game for r in records} == {"subtraction:2,3,7"} and all(r.reason == "" for r in records)
    again, _, _ = case.games([{"values": values, "error": None}])
    assert [r.moves for r in again] == [r.moves for r in records]  # seeded: the same games every time
    lost = [r for r in records if r.winner != "your bot"]
    assert len(lost) == 2 and all(r.first == "random" or SubtractionGame((2, 3, 7)).is_losing(r.start) for r in lost)


def test_the_game_tests_are_sweeps_whose_slips_the_slip_suite_checks():
    against_random, against_optimal = questions("11")[2].cases
    for case in (against_random, against_optimal):
        assert isinstance(case, Sweep) and case.public
    assert {s.says for s in against_optimal.slips} == {s for _, s in BOTS.values()}
    # the swapped colours clear the random bar (the weakest perfect bot's); q2 and the optimal games name it
    assert {s.says for s in against_random.slips} == {s for _, s in BOTS.values()} - {ex11.SWAPPED}


@pytest.mark.slow
def test_the_batch_grader_gives_the_solution_full_marks_the_exercise_zero_and_a_wrong_bot_its_loss(tmp_path):
    from coursetools.grade.batch import main as grade_main
    from coursekit.sandbox.jail import bwrap

    if bwrap() is None and not os.environ.get("CI"):
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    wrong = nbformat.read(SOLUTION, as_version=4)
    cell = next(c for c in wrong.cells if CHOOSE_CELL in c.source)
    cell.source = cell.source.replace("if d <= n and n - d in losing:", "if d <= n and (n - d) % 8 < 3:")
    for name, source in (("solution", SOLUTION), ("exercise", EXERCISE)):
        (tmp_path / name).mkdir()
        (tmp_path / name / NAME).write_bytes(source.read_bytes())
    (tmp_path / "mod8").mkdir()
    nbformat.write(wrong, tmp_path / "mod8" / NAME)
    out = tmp_path / "out" / "grades.csv"
    assert grade_main([str(tmp_path), "--out", str(out), "--timeout", "20", "--jobs", "1"]) == 0
    records = {Path(r["notebook"]).parent.name: r for r in json.loads(out.with_suffix(".json").read_text())["records"]}
    assert (records["solution"]["points"], records["solution"]["max_points"]) == (15, 15)
    assert records["exercise"]["points"] == 0
    mod8 = records["mod8"]["questions"]
    assert {qid: q["points"] for qid, q in mod8.items()} == {"11.q1": 2, "11.q2": 3, "11.q3": 0, "11.q4": 0, "11.q5": 3}
    assert all(t["slip"] == ex11.MOD8 for t in mod8["11.q3"]["tests"])


@pytest.mark.parametrize("slip", range(5))
def test_each_bootstrap_slip_loses_question_5_and_is_named(slip, solution):
    wrong = ex11.BOOT_SLIPS[slip]
    result = run_question(questions("11")[4], {**solution, "bootstrap_interval": wrong.reference}, public_only=False)
    assert result.points == 0 and all(o.slip == wrong.says for o in result.outcomes), result.outcomes


def test_the_bootstrap_interval_is_the_lesson_s_recipe():
    low, high = ex11.bootstrap_interval(16, 24)              # the lesson's pair: optimal against mcts:1000
    assert low < 0.5 < high and (low, high) == ex11.bootstrap_interval(16, 24)
    narrow = ex11.bootstrap_interval(160, 240)
    assert narrow[0] > 0.5 and narrow[1] - narrow[0] < (high - low) / 2   # ten times the games: about 1/3 as wide
