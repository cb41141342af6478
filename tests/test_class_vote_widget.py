"""A lesson's Predict and Guess vote on a hub with the class vote (issue 38), and nowhere else.

The service here is a recording HTTP server on this machine standing in for the hub's (the real one is in
tests/browser/test_hub_route.py): what matters is what the widget sends, when, with which token, and that the
learner's Check never waits for it nor shows an error."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from coursekit.hub.votes import send
from coursekit.widgets.predict import VOTE_SENT, ask

HUB_ENV = {"JUPYTERHUB_API_TOKEN": "ada-token", "JUPYTERHUB_SERVICE_PREFIX": "/user/ada/"}


@pytest.fixture
def service():
    """A stand-in service that records each request and answers with `reply` (status) after `delay` seconds."""
    seen, settings = [], {"reply": 201, "delay": 0.0}

    class Recorder(BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            seen.append({"path": self.path, "auth": self.headers["Authorization"], "body": body})
            time.sleep(settings["delay"])
            self.send_response(settings["reply"])
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield {"url": f"http://127.0.0.1:{server.server_port}/services/class-votes/", "seen": seen,
           "settings": settings}
    server.shutdown()


def _on_hub(monkeypatch, url: str) -> None:
    for name, value in {**HUB_ENV, send.URL_VARIABLE: url}.items():
        monkeypatch.setenv(name, value)


def _note(widget) -> str:
    return "".join(c.value for c in widget.children if "course-vote-note" in c._dom_classes)


def test_offline_nothing_is_sent_and_nothing_changes(monkeypatch):
    for name in (*HUB_ENV, send.URL_VARIABLE):
        monkeypatch.delenv(name, raising=False)

    def no_request(*args, **kwargs):
        raise AssertionError("a request was made offline")

    monkeypatch.setattr(urllib.request, "urlopen", no_request)
    predict = ask("02.three-aces")
    children = predict.children
    assert predict.choose("8").startswith("Not quite")
    assert predict.children == children and not hasattr(predict, "vote_thread")
    monkeypatch.setenv(send.URL_VARIABLE, "http://127.0.0.1:9/")  # `make lab`: no hub token, no prefix
    guess = ask("02.natural-percent")
    guess.guess("5")
    assert not hasattr(guess, "vote_thread") and send.target() is None


def test_the_first_check_is_the_vote(monkeypatch, service):
    _on_hub(monkeypatch, service["url"])
    predict = ask("02.three-aces")
    predict.choose("8")
    predict.vote_thread.join(5)
    predict.choose("4")  # after the feedback: no second vote
    time.sleep(0.3)
    assert service["seen"] == [{"path": "/services/class-votes/api/votes", "auth": "token ada-token",
                                "body": {"pid": "02.three-aces", "answer": "8"}}]
    assert VOTE_SENT in _note(predict)
    guess = ask("02.natural-percent")
    guess.guess("abc")  # not a number: not an answer, not a vote
    guess.guess("5")
    guess.vote_thread.join(5)
    assert service["seen"][-1]["body"] == {"pid": "02.natural-percent", "answer": 5.0}
    assert len(service["seen"]) == 2


def test_a_refused_or_slow_vote_shows_nothing_and_check_stays_instant(monkeypatch, service):
    _on_hub(monkeypatch, service["url"])
    service["settings"].update(reply=409, delay=0.0)
    predict = ask("02.three-aces")
    predict.choose("4")
    predict.vote_thread.join(5)
    assert _note(predict) == "" and predict.message.text.startswith("Right")
    service["settings"].update(reply=201, delay=send.TIMEOUT + 1)  # the service hangs past the timeout
    slow = ask("02.three-aces")
    started = time.monotonic()
    slow.choose("2")
    assert time.monotonic() - started < 0.5, "Check waited for the vote"
    slow.vote_thread.join(send.TIMEOUT + 3)
    assert _note(slow) == ""


def test_an_unreachable_service_is_silent(monkeypatch):
    _on_hub(monkeypatch, "http://127.0.0.1:9/services/class-votes/")  # nothing listens on port 9
    predict = ask("02.three-aces")
    predict.choose("4")
    predict.vote_thread.join(5)
    assert _note(predict) == "" and send.send("02.three-aces", "4") is False
