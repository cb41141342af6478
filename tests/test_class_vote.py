"""The class vote's plain logic (issue 38), without a hub: ballots from the lessons' predictions, the check of an
answer, the count of a round, and the store's rules (one vote a learner a question a round; rounds; states).
The service itself, through a real JupyterHub, is in tests/browser/test_hub_route.py and bench/bench_votes.py."""

from __future__ import annotations

import sqlite3

import pytest

from coursekit.hub.votes.ballots import Ballot, ballot, catalogue, check_answer, known, right_answer
from coursekit.hub.votes.store import VoteRefused, VoteStore
from coursekit.hub.votes.tally import close_count, tally
from coursekit.practice import lessons, predictions
from coursekit.practice.asks import PredictQuestion


def test_every_prediction_of_every_lesson_is_a_ballot():
    listed = catalogue()
    asked = [p for lesson in lessons() for p in predictions(lesson)]
    assert sum(len(v) for v in listed.values()) == len(asked) > 20
    for p in asked:
        b = ballot(p.pid)
        assert b.pid == p.pid and b.question == p.question
        if isinstance(p, PredictQuestion):
            assert b.kind == "choice" and list(b.choices) == list(p.choices)
            assert list(b.feedback) == list(p.choices.values())
        else:
            assert b.kind == "number" and b.close == p.close and b.unit == p.unit


def test_the_catalogue_holds_no_answer_and_no_feedback():
    shown = repr(catalogue())
    for lesson in lessons():
        for p in predictions(lesson):
            if isinstance(p, PredictQuestion):
                assert all(text not in shown for text in p.choices.values())
    assert set(catalogue()["02"][0]) == {"pid", "question", "kind", "choices", "unit"}


def test_an_answer_must_be_one_of_the_choices():
    aces = ballot("02.three-aces")
    assert check_answer(aces, "4") == "4"
    for bad in ("5", " 4", 4, None, ["4"], "x" * 10_000):
        with pytest.raises(ValueError, match="must be one of the choices"):
            check_answer(aces, bad)


def test_a_guess_must_be_a_finite_number():
    natural = ballot("02.natural-percent")
    assert check_answer(natural, 4.8) == "4.8" and check_answer(natural, "5") == "5.0"
    assert check_answer(natural, 7) == "7.0"
    for bad in (float("nan"), float("inf"), "1e999", True, "five", "", None, {"a": 1}):
        with pytest.raises(ValueError, match="finite number"):
            check_answer(natural, bad)


def test_unknown_or_malformed_ids_are_no_ballot():
    for bad in ("02.no-such-question", "99.three-aces", "../etc", "", None, 2):
        assert known(bad) is None
    with pytest.raises(ValueError, match="lesson 02 asks"):
        ballot("02.no-such-question")


def test_the_right_answer_is_the_lessons_computation():
    assert right_answer("02.three-aces") == "4"
    assert abs(right_answer("02.natural-percent") - 100 * 32 / 663) < 1e-9


def test_a_round_counts_each_choice_in_order_zeros_included():
    aces = ballot("02.three-aces")
    assert tally(aces, ["4", "8", "4"]) == [{"label": "2", "count": 0}, {"label": "4", "count": 2},
                                            {"label": "8", "count": 1}]
    assert tally(aces, []) == [{"label": c, "count": 0} for c in aces.choices]
    with pytest.raises(ValueError, match="does not offer"):
        tally(aces, ["5"])


def test_guesses_fall_into_equal_ranges_from_lowest_to_highest():
    b = Ballot("02.natural-percent", "?", "number", close=0.2, unit="%")
    bars = tally(b, ["0.0", "6.0", "3.0", "5.9", "1.0"])
    assert [bar["count"] for bar in bars] == [1, 1, 0, 1, 0, 2]  # 0, 1, -, 3, -, 5.9 and 6
    assert bars[0]["label"] == "0 to 1%" and bars[-1]["label"] == "5 to 6%"
    assert tally(b, ["4.8", "4.8"]) == [{"label": "4.8%", "count": 2}]
    assert tally(b, []) == []
    assert close_count(b, ["4.8", "5.5", "6.0", "1.0"], 100 * 32 / 663) == 2  # 4.8 and 5.5 are within 20%


def test_one_vote_a_learner_a_question_a_round(tmp_path):
    store = VoteStore(tmp_path / "votes.sqlite")
    assert store.vote("ada", "02.three-aces", "8") == 1
    store.vote("bob", "02.three-aces", "4")
    store.vote("ada", "02.score-bug", "1")  # another question: another vote
    with pytest.raises(VoteRefused, match="ada already voted on 02.three-aces in round 1"):
        store.vote("ada", "02.three-aces", "4")
    assert sorted(store.answers("02.three-aces", 1)) == ["4", "8"]  # the first vote stands


def test_a_new_round_keeps_the_old_counts(tmp_path):
    store = VoteStore(tmp_path / "votes.sqlite")
    store.vote("ada", "02.three-aces", "8")
    store.vote("bob", "02.three-aces", "8")
    assert store.new_round("02.three-aces") == 2 and store.poll("02.three-aces") == (2, "open")
    store.vote("ada", "02.three-aces", "4")  # the revote
    assert store.answers("02.three-aces", 1) == ["8", "8"] and store.answers("02.three-aces", 2) == ["4"]
    assert [r[:4] for r in store.rows("02.three-aces")] == [("02.three-aces", 1, "ada", "8"),
                                                            ("02.three-aces", 1, "bob", "8"),
                                                            ("02.three-aces", 2, "ada", "4")]


def test_a_closed_or_revealed_round_takes_no_vote(tmp_path):
    store = VoteStore(tmp_path / "votes.sqlite")
    store.set_state("02.three-aces", "closed")
    with pytest.raises(VoteRefused, match="is closed"):
        store.vote("ada", "02.three-aces", "4")
    store.set_state("02.three-aces", "revealed")
    with pytest.raises(VoteRefused, match="is revealed"):
        store.vote("ada", "02.three-aces", "4")
    assert store.new_round("02.three-aces") == 2
    store.vote("ada", "02.three-aces", "4")
    with pytest.raises(ValueError, match="state must be one of"):
        store.set_state("02.three-aces", "paused")


def test_the_votes_outlive_the_service(tmp_path):
    path = tmp_path / "votes.sqlite"
    store = VoteStore(path)
    store.vote("ada", "02.three-aces", "4")
    store.new_round("02.three-aces")
    store.close()
    again = VoteStore(path)
    assert again.poll("02.three-aces") == (2, "open") and again.answers("02.three-aces", 1) == ["4"]
    assert sqlite3.connect(path).execute("SELECT count(*) FROM votes").fetchone()[0] == 1


def test_the_store_keeps_a_name_as_data(tmp_path):
    store = VoteStore(tmp_path / "votes.sqlite")
    store.vote("x'); DROP TABLE votes; --", "02.three-aces", "4")
    assert store.rows()[0][2] == "x'); DROP TABLE votes; --"
