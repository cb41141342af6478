"""Where the course teaches each exercise question: a named slip points back to its lesson section.

`section_of("02.q2")` gives the lesson and the heading of the section a learner should reread after a slip in that
question; `lesson_link` turns it into a link that opens the lesson at that heading from the exercises' folder
(JupyterLab gives every heading an anchor: its shown text with spaces as hyphens). tests/test_lesson_links.py checks
that every question of exercises 01-11 has a section and that each heading exists in its lesson.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional
from urllib.parse import quote

LESSON_FILES = {
    "01": "01_superpositions", "02": "02_counting_blackjack_hands", "03": "03_blackjack_by_numbers",
    "04": "04_baccarat_drawing_tables", "05": "05_baccarat_odds", "06": "06_the_3_5_11_game",
    "07": "07_strategies_and_playouts", "08": "08_monte_carlo_tree_search", "09": "09_mcts_grows_up",
    "10": "10_playing_to_win", "11": "11_the_class_tournament",
}


@dataclass(frozen=True)
class Section:
    """A lesson section: the lesson's number and the heading's text as the lesson writes it (without the #s)."""

    lesson: str
    heading: str

    @property
    def notebook(self) -> str:
        """The lesson's notebook file name."""
        return LESSON_FILES[self.lesson] + ".ipynb"

    @property
    def anchor(self) -> str:
        """JupyterLab's anchor for the heading: its shown text (no backticks) with spaces as hyphens, URL-quoted.

        ? : , stay as they are (a fragment may hold them): Lab looks the fragment up as written, without decoding,
        so '#Timid-or-bold%3F' opened the lesson but did not scroll to the heading.
        """
        shown = self.heading.replace("`", "").replace("**", "")
        return quote(shown.replace(" ", "-"), safe="-_.~()'?:,")

    def describe(self) -> str:
        """'lesson 02, section "Soft and hard"'."""
        return f'lesson {self.lesson}, section "{self.heading}"'


SECTIONS = {
    "01.q1": Section("01", "How does Python do this? Operator overloading"),
    "01.q2": Section("01", "Comparisons filter"),
    "01.q3": Section("01", "`all`: a value that is all of several values at once"),
    "01.q4": Section("01", "`all`: a value that is all of several values at once"),
    "01.q5": Section("01", "Comparisons filter"),
    "02.q1": Section("02", "How many totals do aces give?"),  # where 'at most one ace can ever count 11' is taught
    "02.q2": Section("02", "Soft and hard"),
    "02.q3": Section("02", "How likely is a natural?"),
    "02.q4": Section("02", "A deck of cards"),
    "02.q5": Section("02", "Soft and hard"),
    "03.q1": Section("03", "Timid or bold?"),
    "03.q2": Section("03", "The dealer's outcomes by up-card"),
    "03.q3": Section("03", "The dealer's outcomes by up-card"),
    "03.q4": Section("03", "Timid or bold?"),
    "03.q5": Section("03", "Timid or bold?"),
    "04.q1": Section("04", "Card values and totals"),
    "04.q2": Section("04", "The banker's six rules become one table"),
    "04.q3": Section("04", "Naturals and the player's rule"),
    "04.q4": Section("04", "Naturals and the player's rule"),
    "04.q5": Section("04", "The table as a picture"),
    "05.q1": Section("05", "House edges, and why the banker pays commission"),
    "05.q2": Section("05", "Simulation against enumeration"),
    "05.q3": Section("05", "Simulation against enumeration"),
    "05.q4": Section("05", "House edges, and why the banker pays commission"),
    "05.q5": Section("05", "House edges, and why the banker pays commission"),
    "06.q1": Section("06", "The right approach: backwards from the end"),
    "06.q2": Section("06", "The mod-8 rule and Table 2"),
    "06.q3": Section("06", "Finding a period by search"),
    "06.q4": Section("06", "The game graph in red and blue (Abbildung 3 and 4)"),
    "06.q5": Section("06", "Does 11 matter?"),
    "06.q6": Section("06", "Does 11 matter?"),
    "07.q1": Section("07", "2. The random strategy (`nextMove.random`)"),
    "07.q2": Section("07", "One playout, drawn as the article draws it"),
    "07.q3": Section("07", "Random play, exactly"),
    "07.q4": Section("07", "One playout, drawn as the article draws it"),
    "07.q5": Section("07", "Bug hunt in the article's R code"),
    "07.q6": Section("07", "A tournament"),
    "08.q1": Section("08", "The four phases"),
    "08.q2": Section("08", "The four phases"),
    "08.q3": Section("09", "Why, part 1: random rollouts measure the wrong thing"),  # a bridge to lesson 09
    "08.q4": Section("09", "Why, part 1: random rollouts measure the wrong thing"),
    "08.q5": Section("08", "Accuracy against budget"),
    "08.q6": Section("08", "4. Backpropagation"),
    "09.q1": Section("09", "Why, part 2: the tree keeps repeating itself"),
    "09.q2": Section("09", "A second game: tic-tac-toe"),
    "09.q3": Section("09", "The fix: transpositions"),
    "09.q4": Section("09", "A second game: tic-tac-toe"),
    "09.q5": Section("09", "The fix: transpositions"),
    "09.q6": Section("09", "The fix: transpositions"),
    "10.q1": Section("10", "1. The sheet's transcripts, replayed"),
    "10.q2": Section("10", "1. The sheet's transcripts, replayed"),
    "10.q3": Section("10", "1. The sheet's transcripts, replayed"),
    "10.q4": Section("10", "1. The sheet's transcripts, replayed"),
    "10.q5": Section("10", "4. The best bets"),
    "10.q6": Section("10", "4. The best bets"),
    "10.q7": Section("10", "2. The tournament as a Markov decision process"),
    "10.q8": Section("10", "2. The tournament as a Markov decision process"),
    "11.q1": Section("06", "The right approach: backwards from the end"),
    "11.q2": Section("11", "What a bot is"),
    "11.q3": Section("11", "The referee"),
    "11.q4": Section("11", "What the intervals support"),
    "11.q5": Section("11", "How sure? A bootstrap interval"),
}


def section_of(qid: str) -> Optional[Section]:
    """The lesson section that teaches question `qid`, or None for a question the map does not know."""
    return SECTIONS.get(qid)


def lesson_link(section: Section, from_folder: str = "exercises") -> str:
    """A relative link that opens the lesson at the section, from a notebook in `from_folder` (exercises/)."""
    prefix = "" if from_folder == "notebooks" else "../notebooks/"
    return f"{prefix}{section.notebook}#{section.anchor}"


def reread_line(qid: str) -> str:
    """The line check() and the feedback pages add after a named slip: where to reread, or ""."""
    section = section_of(qid)
    if section is None:
        return ""
    return f"reread {section.describe()}: {lesson_link(section)}"
