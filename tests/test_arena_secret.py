"""Built-in opponents cannot be predicted from inside (issue 25, item 7): their random streams derive from a per-run
secret recorded in the results, so the instructor replays a run exactly and a bot cannot recompute them."""

from __future__ import annotations

import pytest

from coursekit.arena import Arena, Results, builtin_player, game_seeds, parse_game


def _games(results: Results) -> dict:
    return {g.key: list(g.moves) for g in results.games}


def test_each_run_has_its_own_secret_recorded_in_its_results(tmp_path):
    first = Arena(["random", "mixed:0.5"], "subtraction", starts="40-50", rounds=3, seed=0)
    second = Arena(["random", "mixed:0.5"], "subtraction", starts="40-50", rounds=3, seed=0)
    a, b = first.run(), second.run()
    assert first.secret and second.secret and first.secret != second.secret
    assert a.config["secret"] == first.secret and len(first.secret) == 32
    assert _games(a) != _games(b)  # same --seed, yet the built-ins' streams differ without the secret
    a.save(tmp_path / "a.json")
    assert Results.load(tmp_path / "a.json").config["secret"] == first.secret


def test_the_recorded_secret_replays_the_run_exactly(tmp_path):
    first = Arena(["random", "mixed:0.5"], "subtraction", starts="40-50", rounds=3, seed=7)
    a = first.run()
    replay = Arena(["random", "mixed:0.5"], "subtraction", starts="40-50", rounds=3, seed=7, secret=a.config["secret"])
    assert _games(replay.run()) == _games(a)


def test_a_bot_knowing_the_code_and_seed_cannot_recompute_a_builtin(tmp_path):
    arena = Arena(["random", "mixed:0.3"], "subtraction", starts="50", rounds=20, seed=0)
    results = arena.run()
    game = parse_game("subtraction")
    guessed = hits = 0
    for g in results.games:
        if g.first != "random":
            continue
        choose = builtin_player("random", game, game_seeds(0, game.spec, g.key)[1])  # the seed without the secret
        state = game.initial(50, 0)
        for i, move in enumerate(g.moves):
            if i % 2 == 0:
                guessed += 1
                hits += choose(state) == move
            state = game.rules.play(state, move)
    assert guessed > 40 and hits < guessed  # without the secret the stream is not the one played


def test_a_resumed_run_keeps_its_secret(tmp_path):
    out = tmp_path / "r.json"
    stop_after = []

    def stop_early(record, done, total):
        stop_after.append(done)
        if done >= 5:
            stopper.set()

    import threading

    stopper = threading.Event()
    first = Arena(["random", "mixed:0.5", "optimal"], "subtraction", starts="40-50", rounds=2, seed=0)
    part = first.run(out=out, on_game=stop_early, stop=stopper)
    part.save(out)
    assert part.status == "interrupted"
    again = Arena(["random", "mixed:0.5", "optimal"], "subtraction", starts="40-50", rounds=2, seed=0)
    whole = again.run(out=out)
    assert again.secret == first.secret and whole.status == "complete"


def test_a_secret_that_is_not_hex_is_refused():
    with pytest.raises(ValueError, match="secret"):
        Arena(["random", "optimal"], "subtraction", secret="not hex!")
