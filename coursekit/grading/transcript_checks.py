"""Exercise 10's transcript tests (learner side): the learner's tournament program replayed on crafted deals.

The crafted deals are data (`transcript_deals`: the public tests' deals here, the hidden tests' in the answer key);
their expected lines are what the course's console program (`python -m coursekit tournament`) prints for each deal
(tests/test_exercise10.py checks that). Questions 1-4 of exercise 10 are built with the functions here, and check()
runs the public ones in the learner's kernel. Question 5's reference solver stays in the answer key. The other
jobs have modules of their own: the line reader (`transcript_items`), the named slips (`transcript_slips`) and the
sheet's wording (`transcript_wording`).

The program is graded by replaying deals through it: the learner's side runs `replay_learner_game` (in
coursekit.tournament_transcripts) and sends back only what it printed and asked (segments); the expected lines
stay here, in the grader. Each line is judged twice, so that a slip costs the points of what it breaks:

* **its meaning**, in the rule tests (questions 2-4): the card and hand value, the bet question's limits, the
  message for a bet that is not allowed, whether the dealer plays, who won, the money, the end. Each rule test
  replays a deal crafted for one rule and compares only that rule's part of what the program says, so a wrong
  word costs no rule points. A rule test does depend on other text in one way, because it must: it reads the
  values from lines it recognises by a few key words ("round", "dealer", "turn", "blackjack", "win", "bust",
  "doubled", a card name and a number; questions are recognised by the replay itself), so a line in another
  language or without its values says nothing to it.
* **its text**, in question 1's format tests, one per part (the frame, cards, the bet question, naturals, the
  dealer's turn, who won): every line the program prints while replaying the sheet's two transcripts must have the
  sheet's wording, with numbers and card names masked (so a rule slip that changes the values costs no format
  points) and with what exercise 10 forgives already forgiven (`forgiving_line`: blank lines, spacing, €/EUR/Euro,
  ≥/>=, 175.0/175). Lines the sheet leaves free (a player's bust, a standoff, a lost tournament, the message for a
  bet that is not allowed) are not compared.
"""

from __future__ import annotations

from coursekit.grading.cases import Probe
from coursekit.grading.transcript_deals import DEALS, MODULE, Deal
from coursekit.grading.transcript_items import NOTHING_MORE, WHAT, SlipFinder, compare, cut_at_last_round, items
from coursekit.grading.transcript_slips import FINDERS
from coursekit.grading.transcript_wording import SHEET_FORMS, closest, missing_structure, place
from coursekit.tournament_transcripts import PART_NAMES, SOURCE_METHODS, read_replay, segments_of_text

REPLAYS = f"[{MODULE}.replay_learner_game(TournamentGame, 1), {MODULE}.replay_learner_game(TournamentGame, 2)]"


# --- the rule tests -------------------------------------------------------------------------------------------------
def deal_test(label: str, deals: list[Deal], aspects: set, points: float = 1, public: bool = True,
              slips: tuple[SlipFinder, ...] = ()) -> Probe:
    """Replay crafted deals through TournamentGame and compare the given aspects of what it says with the deals'
    expected lines; `slips` are functions (expected rows, actual rows, mismatch) -> a named slip or ""."""
    aspects = frozenset(aspects)
    expected_rows = [read_replay(segments_of_text(deal.expected)) for deal in deals]
    expr = deals[0].expr() if len(deals) == 1 else "[" + ", ".join(deal.expr() for deal in deals) + "]"

    def judge(value) -> tuple:
        replays = [value] if len(deals) == 1 else value
        if not isinstance(replays, list) or len(replays) != len(deals):
            return False, label, "the replays", f"a value of type {type(value).__name__}"
        total = 0
        for n, (deal, want_rows, segments) in enumerate(zip(deals, expected_rows, replays), start=1):
            rows = read_replay(segments)
            if not deal.complete:
                rows = cut_at_last_round(rows, max(row.round for row in want_rows))
            want, got = items(want_rows, aspects), items(rows, aspects)
            total += len(want)
            mismatch = compare(want, got, rows)
            if mismatch is None:
                continue
            want_item, got_item = mismatch.expected, mismatch.actual
            extra = got_item is not None and (want_item is None or got_item.row.round < want_item.row.round)
            kind = got_item.kind if extra else want_item.kind
            where = f"{label}{f' (deal {n})' if len(deals) > 1 else ''}: round {mismatch.round}, {WHAT[kind]}"
            shown_want = f"({NOTHING_MORE.get(kind, 'nothing more')})" if extra else repr(want_item.row.text)
            slip = ""
            for finder in slips:
                slip = finder(want_rows, rows, mismatch) or ""
                if slip:
                    break
            return False, where, shown_want, mismatch.shown, slip
        return True, label, f"{total} checks of this rule in the deal{'s' if len(deals) > 1 else ''}", "all right"

    probe = Probe(label, expr, judge, points=points, public=public)
    probe.rebuild = ("deal_test_named", [label, [deal.name for deal in deals], sorted(aspects), points, public,
                                         [finder.__name__ for finder in slips]])
    return probe


def deal_test_named(label: str, deal_names: list, aspects: list, points: float, public: bool,
                    slip_names: list) -> Probe:
    """deal_test with its deals and slip finders given by name (how the public tests' data rebuilds it)."""
    unknown = [name for name in deal_names if name not in DEALS] + [name for name in slip_names if name not in FINDERS]
    if unknown:
        raise ValueError(f"no public deal or slip finder named {', '.join(map(repr, unknown))}; the deals are "
                         f"{', '.join(DEALS)}, the finders {', '.join(FINDERS)}")
    return deal_test(label, [DEALS[name] for name in deal_names], set(aspects), points, public,
                     tuple(FINDERS[name] for name in slip_names))


def _methods_judge(used) -> tuple:
    what = "the sheet's methods, called while transcript 1 replays"
    if not isinstance(used, list) or not all(isinstance(name, str) for name in used):
        return False, what, ", ".join(SOURCE_METHODS), f"a value of type {type(used).__name__}"
    missing = [name for name in SOURCE_METHODS if name not in used]
    shown = ", ".join(used) or "none of them"
    if missing:
        return False, f"{what} (not called: {', '.join(missing)})", ", ".join(SOURCE_METHODS), shown
    return True, what, ", ".join(SOURCE_METHODS), shown


# --- the format tests: each part's lines in the sheet's wording (values masked) ------------------------------------
def format_test(part: str, points: float = 0.5) -> Probe:
    """Every line of `part` printed while the sheet's two transcripts replay has the sheet's wording (numbers and
    card names masked; what exercise 10 forgives forgiven); the part's lines the sheet always prints are there."""
    label = f"the wording of {PART_NAMES[part]}, transcripts 1 and 2"

    def judge(value) -> tuple:
        if not isinstance(value, list) or len(value) != 2:
            return False, label, "two replays", f"a value of type {type(value).__name__}"
        printed = 0
        for number, segments in enumerate(value, start=1):
            rows = read_replay(segments)
            place(rows)
            for row in rows:
                if row.part != part or row.free:
                    continue
                printed += 1
                if row.form not in SHEET_FORMS[part]:
                    sheet = SHEET_FORMS[part][closest(row.form, SHEET_FORMS[part])[1] or next(iter(SHEET_FORMS[part]))]
                    return (False, f"{label}: transcript {number}, line {row.number} (numbers and card names may "
                            f"differ, the words not)", repr(sheet), repr(row.text))
            missing = missing_structure(part, rows)
            if missing:
                text, row = missing
                where = f", before line {row.number}" if row is not None else ""
                return False, f"{label}: transcript {number}, a line is missing{where}", repr(text), "(none)"
        if not printed:
            return False, label, f"lines like {next(iter(SHEET_FORMS[part].values()))!r}", "none"
        return True, label, f"the sheet's wording on all {printed} lines", "the same"

    probe = Probe(label, REPLAYS, judge, points=points)
    probe.rebuild = ("format_test", [part, points])
    return probe


def methods_test(points: float = 1) -> Probe:
    """The sheet's methods are called while transcript 1 replays."""
    probe = Probe("the sheet's methods, called while transcript 1 replays",
                  f"{MODULE}.source_methods_used(TournamentGame, 1)", _methods_judge, points=points)
    probe.rebuild = ("methods_test", [points])
    return probe
