"""Source 002's exact method, as reader matthew posted it (Python over deck states), kept faithful for the benchmark.

The only changes from the posted program: it is wrapped in functions (`play` is the source's own function; the
top-level loop became `source_exact`) so the benchmark can time it and read its figures; the stand threshold 16
("score > 16") and the starting deck are the source's; the arithmetic is the source's floats.
"""


# Create a new deck with ith count decremented
def makenewdeck(deck, i):
    newdeck = list(deck)
    newdeck[i] -= 1
    return tuple(newdeck)


class State:
    def __init__(self, score, ncards, aces, deck, prob):
        self.score = score; self.aces = aces
        self.deck = deck; self.prob = prob
        self.ncards = ncards; self.ndeck = sum(deck)

    def __str__(self):
        return "[%d %d %d %g %s]" % (self.score, self.aces,
                                    self.ncards, self.prob, self.deck)

    def finalstate(self):
        return self.score > 16

    def getscore(self):
        if self.score > 21: return None
        else: return self.score

    def blackjack(self):
        return self.ncards == 2 and self.score == 21


def play(initdeck):
    initstate = State(0, 0, 0, initdeck, 1.0)
    states = [initstate]
    deckindex = {initdeck: 0}
    i = 0
    while (i != len(states)):
        s = states[i]; i += 1
        if not s.finalstate():
            for j in range(0, len(s.deck)):
                if s.deck[j] > 0:
                    newdeck = makenewdeck(s.deck, j)
                    newprob = s.deck[j] * s.prob / s.ndeck
                    n = deckindex.get(newdeck)
                    if n != None:
                        states[n].prob += newprob
                    else:
                        newscore = s.score
                        newaces = s.aces
                        if (j == 0):
                            # Aces initially valued at 11
                            newscore += 11; newaces += 1
                        else:
                            newscore += j + 1
                        if newscore > 21 and newaces > 0:
                            # If we busted with an ace left, count it as 1
                            newscore -= 10; newaces -= 1
                        newstate = State(newscore, s.ncards + 1,
                                         newaces, newdeck, newprob)
                        n = len(states)
                        states.append(newstate)
                        deckindex[newdeck] = n
    return states


def source_exact(initdeck=(4, 4, 4, 4, 4, 4, 4, 4, 4, 16)):
    """The source's top-level program; returns (dealerprob, playerprob, drawprob, player states simulated)."""
    pstates = play(initdeck)
    dealerprob = 0; playerprob = 0; drawprob = 0  # Final probabilities
    simulated = 0

    for i in range(0, len(pstates)):
        pstate = pstates[i]
        if pstate.finalstate():
            pprob = pstate.prob
            pscore = pstate.getscore()  # player score
            if pscore == None:
                dealerprob += pprob  # Player is bust
            else:
                simulated += 1
                dstates = play(pstate.deck)
                # Accumulate subsidiary probabilities here
                # to reduce rounding errors
                dealerprob2 = 0; playerprob2 = 0; drawprob2 = 0
                for j in range(0, len(dstates)):
                    dstate = dstates[j]
                    if dstate.finalstate():
                        dprob = dstate.prob
                        dscore = dstate.getscore()  # dealer score
                        if dscore == None or dscore < pscore:
                            playerprob2 += dprob
                        elif dscore == pscore:
                            if pstate.blackjack() and not dstate.blackjack():
                                playerprob2 += dprob
                            else:
                                drawprob2 += dprob
                        else:
                            dealerprob2 += dprob
                # Add in the subsidiary probabilities
                dealerprob += pprob * dealerprob2
                playerprob += pprob * playerprob2
                drawprob += pprob * drawprob2

    return dealerprob, playerprob, drawprob, simulated


if __name__ == "__main__":
    dealerprob, playerprob, drawprob, simulated = source_exact()
    print(dealerprob, playerprob, drawprob, dealerprob + playerprob + drawprob)
