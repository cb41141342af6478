"""Source 004's tournament: bet what reaches the goal at once (all of it, at most), hit below 17. ARENA-HONEST-MARKER"""

VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10}


def total(cards):
    hard = sum(VALUES[c] if c in VALUES else int(c) for c in cards)
    return hard + 10 if "A" in cards and hard + 10 <= 21 else hard


def choose(state):
    if state["decision"] == "bet":
        bankroll = int(state["bankroll"])
        return max(state["min_bet"], min(bankroll, state["goal"] - bankroll))
    return total(state["cards"]) < 17
