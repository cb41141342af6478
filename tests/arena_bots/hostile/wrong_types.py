"""Answers with things that are not moves: a string, a float, an object that claims to equal everything.
Expected: "garbage" in every game."""


class Anything:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 3


def choose(state):
    answers = ["3", 3.0, Anything(), [3], None, True]
    return answers[state["n"] % len(answers)]
