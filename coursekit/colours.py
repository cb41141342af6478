"""The course's one colour language, colour-blind safe (Okabe-Ito), for figures, widgets and graphs alike.

Two colours carry a meaning everywhere and are used for nothing else:

- WIN (Okabe-Ito blue #0072B2): good for the one it is about. The player to move wins (the source's blue numbers
  of the 3-5-11 game), a winning move, a high win rate in an MCTS tree or table, a blackjack hand won, a total
  still alive, an exercise check that passes.
- LOSE (Okabe-Ito vermillion #D55E00): bad for the one it is about. The player to move loses (the source's red
  numbers: produce them), a move that throws a win away, a low win rate, a hand lost or busted, a check that
  fails (coursekit.grading.runner uses the same two colours for pass and FAIL).

Everything else (strategies, decks, bet sizes, outcomes of baccarat, which have no winner "to move") takes the
CATEGORICAL colours, which leave out blue and vermillion, and a neutral grey or black. Blue against vermillion
stays distinct in the three common colour-vision deficiencies; no figure pairs red with green. This module
imports nothing heavy and sits below the graphs and plots, so rules-free modules such as coursekit.graphs use it
(the lessons import it as coursekit.plots.colours, which hands these names on).
"""

from __future__ import annotations

# Okabe & Ito (2008), "Color Universal Design": the eight colours by name
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"

WIN = BLUE                  # the player to move wins / a winning move / a high win rate / a hand won / pass
LOSE = VERMILLION           # the player to move loses / a losing move / a low win rate / a hand lost / FAIL
WIN_LIGHT = "#A6CEE8"       # WIN and LOSE mixed with white: cell and disc fills under black text
LOSE_LIGHT = "#F2BF99"
NEUTRAL = "#6E6E6E"         # "no win available", a draw or push, notes (4.9:1 on white)
LIGHT = "#C8C8C8"           # lines in the background (all moves of a game graph)
HIGHLIGHT = "#FFE066"       # a root or start to find at a glance (not a verdict)
TEXT = "#222222"

# The same meanings as small text (WCAG 2.1 AA, issue 30): darker variants that keep at least 4.5:1 on every
# background the course puts text on (white, Lab's and Voila's #f5f5f5/#ededed, the disabled-button grey #e6e6e6);
# WIN 4.4:1 on #ededed, LOSE 3.9:1 on white and the old grey #777 (4.5:1 on white only) did not. Figures keep the
# colour-blind-safe fills above; text, table numbers and messages take these.
WIN_TEXT = "#005F94"        # 6.9:1 on white, 5.5:1 on #e6e6e6
LOSE_TEXT = "#A84300"       # 6.1:1 on white, 4.9:1 on #e6e6e6
NEUTRAL_TEXT = "#595959"    # 7.0:1 on white, 5.6:1 on #e6e6e6
TEXT_BACKGROUNDS = ("#FFFFFF", "#F5F5F5", "#EDEDED", "#E6E6E6")  # where the course's small text sits
AS_TEXT = {WIN: WIN_TEXT, LOSE: LOSE_TEXT, NEUTRAL: NEUTRAL_TEXT}

# strategies, variants, decks, bet sizes: no meaning beyond "this one, not that one"; never blue or vermillion
CATEGORICAL = (ORANGE, BLUISH_GREEN, REDDISH_PURPLE, SKY_BLUE, BLACK, "#8C6D31")

# the ways of betting in source text 004's tournament (lessons 03 and 10), with a line style each
BETTING = {"timid": (SKY_BLUE, ":"), "bold": (ORANGE, "--"), "bankroll": (BLUISH_GREEN, "-."),
           "optimal": (REDDISH_PURPLE, "-")}

# baccarat's three outcomes: nobody "to move", so no verdict colours
BACCARAT = {"banker": ORANGE, "player": BLUISH_GREEN, "tie": REDDISH_PURPLE}

# blackjack results for the player (lesson 03's figures, the widgets' messages)
OUTCOME = {"win": WIN, "lose": LOSE, "draw": NEUTRAL, "net": REDDISH_PURPLE}


def win_rate_colours(steps: int = 256) -> list[tuple[float, float, float]]:
    """A diverging scale for a win rate: 0 LOSE_LIGHT-ish vermillion, 0.5 near white, 1 WIN-ish blue.

    Light enough at both ends that black labels stay readable on every shade (contrast at least 7:1).
    """
    def rgb(hex_colour: str) -> tuple[float, float, float]:
        return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))

    low, middle, high = rgb("#E8925A"), rgb("#F4F4F4"), rgb("#5BA3D6")
    colours = []
    for i in range(steps):
        t = i / (steps - 1)
        a, b, u = (low, middle, t * 2) if t <= 0.5 else (middle, high, t * 2 - 1)
        colours.append(tuple(x + (y - x) * u for x, y in zip(a, b)))
    return colours


def text_colour(colour: str) -> str:
    """The variant of a course colour to use for text (WIN -> WIN_TEXT, ...); other colours unchanged."""
    return AS_TEXT.get(colour.upper() if colour.startswith("#") else colour, colour)


def luminance(colour: str) -> float:
    """The relative luminance of a #RRGGBB colour (WCAG 2.1)."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two #RRGGBB colours (1 to 21; text needs 4.5, large text and UI parts 3)."""
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def css(name: str) -> str:
    """A colour of this module by name ("WIN", "LOSE", ...), for HTML in widgets."""
    return globals()[name.upper()]
