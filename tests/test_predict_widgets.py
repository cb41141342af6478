"""Predict and Guess from Python: the messages a learner reads, a unit typed with the number, the keyboard script."""

from __future__ import annotations

import ipywidgets as w
import pytest

from coursekit.widgets.predict import GUESS_CHANGED, PICK_CHANGED, PREDICT_JS, Guess, Predict


def test_a_guess_may_carry_its_unit():
    guess = Guess("What percentage of hands are naturals?", answer=4.827, unit="%")
    assert guess.guess("5%").startswith("Close: you guessed 5%")
    assert guess.guess(" 7 % ").startswith("You guessed 7%: too high")
    assert guess.guess("7%%").startswith("Type a number")  # only one unit comes off
    assert guess.guesses == [5.0, 7.0]


def test_a_guess_without_unit_still_refuses_a_percent_sign():
    assert Guess("How many?", answer=12).guess("12%").startswith("Type a number")


def test_predict_says_not_quite_then_right():
    predict = Predict("2 + 2?", {"3": "off by one", "4": "two pairs"}, answer="4")
    assert predict.choose("3") == "Not quite: off by one Try another answer."
    assert predict.choose("4") == "Right: two pairs"
    assert predict.attempts == ["3", "4"] and predict.right


@pytest.mark.parametrize("make", [lambda: Predict("q", {"a": "x", "b": "y"}, answer="a"),
                                  lambda: Guess("q", answer=1)])
def test_both_carry_the_keyboard_script(make):
    """The browser test (tests/browser/test_learner_actions.py) shows the keys work in Lab; here: they are sent."""
    made = make()
    assert "course-predict" in made._dom_classes
    sheets = [child.value for child in made.children if isinstance(child, w.HTML)]
    assert any("onload" in value and "coursePredictKeys" in value for value in sheets)
    assert "ArrowDown" in PREDICT_JS and "stopPropagation" in PREDICT_JS


def test_big_numbers_are_written_with_thousands_separators():
    guess = Guess("How many nodes?", answer=2538224821)
    assert guess.guess("7").startswith("You guessed 7: too low.") and "2,538,224,821" not in guess.message.text
    assert guess.guess("2.5e9").startswith("Close: you guessed 2,500,000,000, the answer is 2,538,224,821")
    assert Guess("p?", answer=0.04827).guess("0.05").startswith("Close: you guessed 0.05, the answer is 0.04827")


def test_feedback_that_already_says_right_is_not_doubled():
    """Lesson 10's feedback began 'Right: ...' and the page showed 'Right: Right: ...'."""
    predict = Predict("?", {"an ace": "Right: after an ace...", "a 6": "Not quite: a 6 is bad."}, answer="an ace")
    assert predict.choose("an ace") == "Right: after an ace..."
    assert predict.choose("a 6") == "Not quite: a 6 is bad. Try another answer."



def test_a_changed_pick_clears_the_old_verdict():
    """Issue 37: after a right answer, picking another choice must not leave "Right: ..." beside it."""
    predict = Predict("2 + 2?", {"3": "off by one", "4": "two pairs"}, answer="4")
    assert predict.choose("4").startswith("Right")
    predict.options.value = "3"                       # what a click on another answer sends
    assert predict.message.text == PICK_CHANGED and predict.message.kind == "info"
    assert "Right" not in predict.message.value
    assert predict.attempts == ["4"]                  # a pick is not an attempt until Check
    predict.check_choice()
    assert predict.message.text.startswith("Not quite") and predict.message.kind == "lose"
    predict.options.value = "4"
    assert predict.message.text == PICK_CHANGED       # a wrong verdict goes too


def test_the_first_pick_keeps_the_instructions():
    predict = Predict("2 + 2?", {"3": "off by one", "4": "two pairs"}, answer="4")
    before = predict.message.text
    predict.options.value = "3"
    assert predict.message.text == before and before.startswith("Pick an answer")


def test_a_newly_typed_guess_clears_the_old_verdict():
    guess = Guess("How many?", answer=12)
    assert guess.guess("12").startswith("Close")
    guess.box.value = "1"                             # the first key of a new guess
    assert guess.message.text == GUESS_CHANGED and guess.message.kind == "info"
    guess.box.value = "13"
    assert guess.message.text == GUESS_CHANGED
    assert guess.guess("30").startswith("You guessed 30: too high")
    guess.box.value = "3"
    assert guess.message.text == GUESS_CHANGED


def test_the_answers_are_a_radio_group_named_by_the_question():
    """The browser test (test_learner_actions) reads the accessibility tree; here: the hooks the script uses."""
    predict = Predict("2 + 2?", {"3": "off by one", "4": "two pairs"}, answer="4")
    assert "course-question" in predict.prompt._dom_classes and "2 + 2?" in predict.prompt.value
    assert "radiogroup" in PREDICT_JS and "aria-labelledby" in PREDICT_JS

def _asked_ids() -> list[str]:
    from coursekit.practice import lessons, predictions

    return [p.pid for lesson in lessons() for p in predictions(lesson)]


@pytest.mark.parametrize("pid", _asked_ids())
def test_every_prediction_is_asked_from_its_lessons_practice_module_and_computes_its_answer(pid):
    """ask(pid) builds each lesson's prediction from coursekit/practice (issue 34): nothing is worked out when the
    cell runs; at the first Check the computed answer is one of the choices, and a wrong guess's hint names no
    number."""
    from coursekit.practice import prediction
    from coursekit.practice.asks import GuessQuestion
    from coursekit.widgets.predict import ask

    p, widget = prediction(pid), ask(pid)
    assert widget.question == p.question and not widget._answer.done
    if not isinstance(p, GuessQuestion):
        assert widget.choose(widget.answer).startswith("Right:"), pid
    else:
        wrong = widget.guess(str(float(widget.answer) * 3 + 7))
        assert "too high" in wrong and not any(t in wrong for t in p.give_aways()), (pid, wrong)


def test_an_unknown_prediction_names_the_ones_there_are():
    from coursekit.widgets.predict import ask

    with pytest.raises(ValueError, match="no prediction '02.nothing-here'"):
        ask("02.nothing-here")
    with pytest.raises(ValueError, match="looks like '02.three-aces'"):
        ask("02.p1")
