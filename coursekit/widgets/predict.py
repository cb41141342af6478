"""Ask before you show: a learner commits to a prediction, then sees whether it was right and why.

`Predict` is multiple choice whose wrong answers each name the misconception behind them; `Guess` takes a number
and says how far off it was. Both are answered in the widget (or from Python: `.choose("B")`, `.guess("12")`),
never graded and never counted. The lesson computes the true answer in the same cell (no hard-coded results) and
the next cell shows how it is computed.
"""

from __future__ import annotations

import html
import math
import re
from fractions import Fraction
from typing import Callable, Optional, Union

import ipywidgets as w

from coursekit.grading.cases import Later
from coursekit.widgets.common import CourseWidget, MessageBar

ECHO_CHARS = 30  # typed text echoed in a message is cut to this many characters
# Answering by keyboard (Tab, arrows, Space, Enter). In JupyterLab a notebook takes the arrow keys and Enter of a
# focused radio button or button for its own shortcuts (an arrow moved the focus to another cell: the learner lost
# the question), and ipywidgets 8.1 gives a RadioButtons' answers no common group, so arrows never move the pick.
# This page script, run once from the load handler of a <style> in a hidden HTML widget (an HTML widget runs no
# <script>; coursekit.widgets.common does the same), keeps those keys inside .course-predict widgets: arrows move
# the pick to the next or previous answer, Space picks, Enter on an answer picks it and presses Check.
PREDICT_JS = """(function () {
  if (window.coursePredictKeys) { return; }
  window.coursePredictKeys = true;
  var MOVES = {ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1}, made = 0;
  // the answers are one named radio group, named by the question: role radiogroup, aria-labelledby the question,
  // and a common name, so a screen reader says "Predict: ..., radio group, 2 of 3"
  function group() {
    document.querySelectorAll('.course-predict .widget-radio-box').forEach(function (box) {
      if (!box.dataset.group) {
        var question = box.closest('.course-predict').querySelector('.course-question');
        box.dataset.group = 'course-answers-' + (++made);
        if (question) {
          question.id = question.id || 'course-question-' + made;
          box.setAttribute('aria-labelledby', question.id);
        }
        box.setAttribute('role', 'radiogroup');
      }
      box.querySelectorAll('input[type=radio]:not([name])').forEach(function (r) { r.name = box.dataset.group; });
    });
  }
  var pending = false;
  new MutationObserver(function () {
    if (!pending) { pending = true; setTimeout(function () { pending = false; group(); }, 50); }
  }).observe(document.body, {subtree: true, childList: true});
  group();
  window.addEventListener('keydown', function (e) {
    var t = e.target, widget = t && t.closest ? t.closest('.course-predict') : null;
    if (!widget || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var radio = t.type === 'radio';
    if (radio && e.key in MOVES) {
      var all = Array.from(t.closest('.widget-radio-box').querySelectorAll('input[type=radio]'));
      var next = all[(all.indexOf(t) + MOVES[e.key] + all.length) % all.length];
      e.preventDefault(); e.stopPropagation(); next.focus(); next.click();
    } else if (radio && e.key === 'Enter') {
      e.preventDefault(); e.stopPropagation(); if (!t.checked) { t.click(); }
      var check = widget.querySelector('button.course-predict-check');
      if (check) { setTimeout(function () { check.click(); }, 100); }
    } else if (e.key === 'Enter' || e.key === ' ' || e.key in MOVES) { e.stopPropagation(); }
  }, true);
})();"""
PREDICT_CSS = (f'<style onload="{html.escape(PREDICT_JS, quote=True)}">'
               '.course-predict .widget-radio-box label { cursor: pointer; }</style>')


def _echo(text: str) -> str:
    """Typed text as a message may quote it: one line, cut to ECHO_CHARS characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= ECHO_CHARS else text[: ECHO_CHARS - 1] + "…"


def _question_html(question: str) -> str:
    """The question in bold, escaped."""
    return f'<div style="font-size:1.1em;margin:0.3em 0"><b>Predict:</b> {html.escape(question)}</div>'


VOTE_SENT = "Sent to the class vote."
PICK_CHANGED = "You changed your answer: press Check to see whether this one is right."
GUESS_CHANGED = "You changed your guess: press Check (or Enter) to see how close this one is."
VERDICTS = ("ok", "lose")  # the message kinds of a checked answer, which a changed answer must not stay beside


def _class_vote(widget: CourseWidget, answer: Union[str, float]) -> None:
    """On a hub that runs the class vote, send a lesson prediction's first answer (coursekit.hub.votes.send) in a
    thread, and say "Sent to the class vote." once the service took it; anywhere else nothing is sent or shown."""
    pid = getattr(widget, "pid", None)
    from coursekit.hub.votes import send

    if pid is None or send.target() is None:
        return
    note = w.HTML("", layout=w.Layout(margin="0 0 0 4px"))
    note.add_class("course-vote-note")
    widget.children = (*widget.children, note)

    def done(taken: bool) -> None:
        if taken:
            note.value = f'<span style="color:#595959">{VOTE_SENT}</span>'

    widget.vote_thread = send.send_later(pid, answer, done)


def _finite(answer: object) -> object:
    """A Guess's answer, checked: a finite number."""
    if isinstance(answer, bool) or not isinstance(answer, (int, float, Fraction)) or not math.isfinite(answer):
        raise ValueError(f"answer must be a finite number, not {answer!r}")
    return answer


class Predict(CourseWidget):
    """A multiple-choice prediction: pick an answer and press Check; a wrong pick names the idea behind it.

    `choices` maps each answer's text to what picking it shows: for a wrong answer, the misconception it reveals;
    for the right one, why it is right. `answer` is the right choice's text (computed by the lesson where it can be).
    """

    def __init__(self, question: str, choices: dict[str, str], answer: Union[str, Callable[[], str]],
                 then: str = "") -> None:
        if not isinstance(choices, dict) or len(choices) < 2:
            raise ValueError(f"choices must be a dict of at least two answers, each with its feedback, not {choices!r}")
        if not callable(answer) and answer not in choices:
            raise ValueError(f"answer must be one of the choices {list(choices)}, not {answer!r}")
        self.question, self.choices, self.then = question, dict(choices), then
        self._answer = Later(answer, self._valid_choice)
        self.prompt = w.HTML(_question_html(question))
        self.prompt.add_class("course-question")  # the answers' radio group is named by it (PREDICT_JS)
        self.options = w.RadioButtons(options=list(choices), value=None, description="your answer",
                                      layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.check = w.Button(description="Check", button_style="primary", icon="check")
        self.check.add_class("course-predict-check")
        self.message = MessageBar()
        self.attempts: list[str] = []
        self.on_click(self.check, self.check_choice)
        self.on_change(self.options, self._changed)
        keys = w.HTML(PREDICT_CSS, layout=w.Layout(display="none"))  # the answers' keys (PREDICT_JS)
        super().__init__([self.prompt, self.options, self.check, self.message, keys])
        self.add_class("course-predict")
        self.message.show("Pick an answer, then press Check. Nothing here is graded.")

    def _changed(self) -> None:
        """A new pick clears the last verdict: "Right: ..." must not stay beside a different, unchecked answer."""
        if self.message.kind in VERDICTS:
            self.message.show(PICK_CHANGED)

    def _valid_choice(self, answer: str) -> str:
        if answer not in self.choices:
            raise ValueError(f"answer must be one of the choices {list(self.choices)}, not {answer!r}")
        return answer

    @property
    def answer(self) -> str:
        """The right choice (worked out at the first Check when it was given as a function)."""
        return self._answer.get()

    @property
    def right(self) -> Optional[bool]:
        """Whether the last checked answer was right (None before the first Check)."""
        return None if not self.attempts else self.attempts[-1] == self.answer

    def check_choice(self) -> None:
        """Say whether the picked answer is right, and why (or which idea a wrong answer comes from)."""
        picked = self.options.value
        if picked is None:
            self.message.show("Pick one of the answers first, then press Check.", "error")
            return
        self.attempts.append(picked)
        if len(self.attempts) == 1:
            _class_vote(self, picked)  # the first committed answer, on a hub with the class vote
        if not self._answer.done:
            self.message.show("Working the answer out: a few seconds.")
        feedback = re.sub(r"^\s*(Right|Not quite)\s*[:,.!-]\s*", "", self.choices[picked])  # said once, not twice
        then = f" {self.then}" if self.then else ""
        if picked == self.answer:
            self.message.show(f"Right: {feedback}{then}", "ok")
        else:
            self.message.show(f"Not quite: {feedback} Try another answer.", "lose")

    def choose(self, picked: str) -> str:
        """Pick an answer and press Check from Python; returns the message shown."""
        if picked not in self.choices:
            raise ValueError(f"pick one of {list(self.choices)}, not {picked!r}")
        self.options.value = picked
        self.check_choice()
        return self.message.text


class Guess(CourseWidget):
    """A number to guess before the lesson computes it: type it, press Check, see how far off it was.

    `answer` is the true value (computed, never typed in); a guess within `close` (a fraction of the answer, or of
    1 when the answer is 0) counts as close enough and shows the answer; a wrong guess shows `high` or `low`, a way
    to find the answer, never the number (issue 34).
    """

    def __init__(self, question: str, answer: Union[float, int, Fraction, Callable[[], Union[float, int, Fraction]]],
                 close: float = 0.1, explain: str = "", unit: str = "", high: str = "", low: str = "",
                 then: str = "") -> None:
        if not callable(answer):
            _finite(answer)
        if isinstance(close, bool) or not isinstance(close, (int, float)) or not 0 <= close <= 1:
            raise ValueError(f"close must be a fraction from 0 to 1 (0.1 means within 10%), not {close!r}")
        self.question, self.close_enough, self.explain, self.unit = question, close, explain, unit
        self._answer = Later(answer, _finite)
        self.high, self.low, self.then = high, low, then
        self.prompt = w.HTML(_question_html(question))
        self.prompt.add_class("course-question")
        self.box = w.Text(value="", placeholder="your guess", description="your guess",
                          layout=w.Layout(width="260px"), style={"description_width": "initial"})
        self.check = w.Button(description="Check", button_style="primary", icon="check",
                              layout=w.Layout(margin="2px 2px 2px 12px"))  # room for the box's focus ring
        self.check.add_class("course-predict-check")
        self.message = MessageBar()
        self.guesses: list[float] = []
        self.on_click(self.check, self.check_guess)
        self.on_enter(self.box, self.check_guess)
        self.on_change(self.box, self._changed)
        keys = w.HTML(PREDICT_CSS, layout=w.Layout(display="none"))  # Enter on Check stays with it (PREDICT_JS)
        super().__init__([self.prompt, w.HBox([self.box, self.check]), self.message, keys])
        self.add_class("course-predict")
        self.message.show("Type your guess and press Check (or Enter). Nothing here is graded.")

    @property
    def answer(self) -> Union[float, int, Fraction]:
        """The true value (worked out at the first Check when it was given as a function)."""
        return self._answer.get()

    def _changed(self) -> None:
        """A newly typed guess clears the verdict on the last one."""
        if self.message.kind in VERDICTS:
            self.message.show(GUESS_CHANGED)

    def _shown(self, x: float | int | Fraction) -> str:
        """A number as the message shows it, with the unit."""
        if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) >= 1e4):
            text = f"{int(x):,}"  # 2,538,224,821 as the lessons write it, not 2538224821 or 2.538e+09
        else:
            text = f"{float(x):.4g}"
        return f"{text}{self.unit}"

    def check_guess(self) -> None:
        """Read the guess and say how far it is from the answer."""
        typed = self.box.value.strip().replace(",", "")
        if self.unit.strip() and typed.endswith(self.unit.strip()):  # "7%" when the unit is "%"
            typed = typed[: -len(self.unit.strip())].strip()
        try:
            value = float(Fraction(typed)) if "/" in typed else float(typed)
        except (ValueError, ZeroDivisionError):
            self.message.show(f"Type a number such as 12, 0.25 or 1/4 (you typed '{_echo(self.box.value)}').",
                              "error")
            return
        if not math.isfinite(value):
            self.message.show(f"Type a finite number (you typed '{_echo(self.box.value)}').", "error")
            return
        self.guesses.append(value)
        if len(self.guesses) == 1:
            _class_vote(self, value)
        if not self._answer.done:
            self.message.show("Working the answer out: a few seconds.")
        truth = float(self.answer)
        scale = abs(truth) if truth != 0 else 1.0
        off = abs(value - truth) / scale
        explain = f" {self.explain}" if self.explain else ""
        then = f" {self.then}" if self.then else ""
        if off <= self.close_enough:
            self.message.show(f"Close: you guessed {self._shown(value)}, the answer is {self._shown(self.answer)}."
                              f"{explain}{then}", "ok")
            return
        side = "high" if value > truth else "low"
        hint = (self.high if value > truth else self.low).strip() or "think again about what the question counts"
        hint = hint[0].upper() + hint[1:] + ("" if hint[-1] in ".!?" else ".")
        self.message.show(f"You guessed {self._shown(value)}: too {side}. {hint} "
                          f"Try again, or run the next cell to see it worked out.", "lose")

    def guess(self, typed: str) -> str:
        """Type a guess and press Check from Python; returns the message shown."""
        self.box.value = typed
        self.check_guess()
        return self.message.text


def ask(pid: str) -> Predict | Guess:
    """The widget for a lesson's prediction by its id ("02.three-aces"): its question, answers and feedback come from
    the lesson's practice module (coursekit/practice/lNN.py), so the lesson's cell shows no answer; the answer is
    worked out at the first Check, not when the cell runs."""
    from coursekit.practice import prediction
    from coursekit.practice.asks import PredictQuestion

    asked = prediction(pid)
    if isinstance(asked, PredictQuestion):
        widget = Predict(asked.question, asked.choices, asked.right, then=asked.then)
    else:
        widget = Guess(asked.question, asked.answer, close=asked.close, explain=asked.explain, unit=asked.unit,
                       high=asked.high, low=asked.low, then=asked.then)
    widget.pid = pid
    return widget
