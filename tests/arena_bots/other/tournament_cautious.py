"""Source text 004's tournament: bet 10 EUR, hit below 17 (a timid player). ARENA-HONEST-MARKER"""

VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10}


def total(cards):
    hard = sum(VALUES.get(c, 10 if c == "10" else int(c) if c.isdigit() else 0) for c in cards)
    return hard + 10 if "A" in cards and hard + 10 <= 21 else hard


def choose(state):
    if state["decision"] == "bet":
        return state["min_bet"]
    return total(state["cards"]) < 17
