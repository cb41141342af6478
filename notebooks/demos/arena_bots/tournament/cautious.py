"""Seed 004's tournament: always the minimum bet, hit below 17."""

VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10}


def total(cards):
    hard = sum(VALUES[c] if c in VALUES else int(c) for c in cards)
    return hard + 10 if "A" in cards and hard + 10 <= 21 else hard


def choose(state):
    if state["decision"] == "bet":
        return state["min_bet"]
    return total(state["cards"]) < 17
