"""The class vote as a JupyterHub service: learners vote with their own hub token, the instructor watches.

Run by the hub as a managed service (`python -m coursekit.hub.votes`, docs/instructors.md): JupyterHub passes its
API URL, the service's token, prefix and address in the environment (JUPYTERHUB_*), and HubOAuth logs the
instructor's browser in through the hub. The votes are in `votes.sqlite` in the service's folder (its cwd, or
COURSEKIT_VOTES_DB); it listens where its URL says (or on COURSEKIT_VOTES_IP, 0.0.0.0 in a hub pod). The
instructor is a hub admin or a member of the hub group COURSEKIT_VOTES_GROUP ("instructors" unless set): only
they read votes or change a question's round. Any hub user votes, as the user of the token they send (a learner's
server token is enough: its kernel has it as JUPYTERHUB_API_TOKEN).
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import secrets
import time
from pathlib import Path
from typing import Any, Optional
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated, UserNotAllowed
from jupyterhub.utils import url_path_join
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop

from coursekit.csv_safe import SafeWriter
from coursekit.hub.votes.ballots import Ballot, check_answer, known, right_answer, catalogue
from coursekit.hub.votes.page import page
from coursekit.hub.votes.store import VoteRefused, VoteStore
from coursekit.hub.votes.tally import close_count, tally

GROUP = os.environ.get("COURSEKIT_VOTES_GROUP", "instructors")
MAX_BODY = 4096  # a vote is a few dozen bytes
ACTIONS = {"round", "close", "reveal"}


class Handler(HubOAuthenticated, web.RequestHandler):
    """A page or API call of the service: the hub user is identified (without blocking) before the method runs."""

    def initialize(self, store: VoteStore) -> None:
        self.store = store

    async def prepare(self) -> None:
        self._hub_auth_user_cache = None
        self.identified = model = await self.hub_auth.get_user(self, sync=False)  # whoever the token is, allowed or not
        if model:
            try:
                self._hub_auth_user_cache = self.check_hub_user(model)
            except UserNotAllowed:  # a token without this service's access scope: a learner's server token
                return
            self.hub_auth._persist_url_token_if_set(self)

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def fail(self, status: int, message: str) -> None:
        """Stop with a JSON error that says what was wrong."""
        self.set_status(status)
        self.finish({"error": message})
        raise web.Finish()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish({"error": self._reason})

    def is_instructor(self, user: Optional[dict]) -> bool:
        return bool(user) and user.get("kind", "user") == "user" and \
            (bool(user.get("admin")) or GROUP in (user.get("groups") or []))

    def instructor(self) -> dict:
        """The instructor making this request; 403 for anyone else."""
        user = self.current_user
        if not user and not self.identified:
            self.fail(403, "log in through the hub (or send a hub token) to see the class vote")
        if not self.is_instructor(user):
            self.fail(403, f"only the instructor (a hub admin or a member of the group {GROUP!r}) sees the votes")
        return user

    def ballot(self, pid: str) -> Ballot:
        found = known(pid)
        if found is None:
            self.fail(404, f"no prediction {pid!r}: ids look like '02.three-aces', see api/catalogue")
        return found


class VoteHandler(Handler):
    """POST api/votes {"pid", "answer"}: the token's user votes in the question's open round."""

    @property
    def hub_scopes(self) -> None:
        return None  # any hub user's token: a learner's server token has no access:services scope

    async def post(self) -> None:
        user = self.current_user
        if not user or user.get("kind", "user") != "user":
            self.fail(403, "vote with your own hub token (Authorization: token ...)")
        try:
            body = json.loads(self.request.body or b"")
        except (ValueError, UnicodeDecodeError):
            self.fail(400, "the body must be JSON: {\"pid\": \"02.three-aces\", \"answer\": \"4\"}")
        if not isinstance(body, dict) or set(body) != {"pid", "answer"}:
            extra = sorted(set(body) - {"pid", "answer"}) if isinstance(body, dict) else []
            self.fail(400, "a vote is {\"pid\": ..., \"answer\": ...} and nothing else"
                      + (f" (not {extra}: the voter is always the token's user)" if extra else ""))
        ballot = self.ballot(body["pid"])
        try:
            answer = check_answer(ballot, body["answer"])
        except ValueError as error:
            self.fail(400, str(error))
        try:
            round_ = self.store.vote(user["name"], ballot.pid, answer)
        except VoteRefused as refused:
            self.fail(409, str(refused))
        self.set_status(201)
        self.finish({"pid": ballot.pid, "round": round_})


async def _right(pid: str) -> Any:
    """The right answer, worked out away from the event loop (some predictions run an experiment)."""
    return await asyncio.get_running_loop().run_in_executor(None, right_answer, pid)


def poll_model(store: VoteStore, ballot: Ballot, truth: Any = None) -> dict:
    """What the instructor's page draws: the current round's bars, every round's, and the reveal when revealed."""
    round_, state = store.poll(ballot.pid)
    rounds = []
    for r in range(1, round_ + 1):
        answers = store.answers(ballot.pid, r)
        rounds.append({"round": r, "total": len(answers), "bars": tally(ballot, answers)})
    model = {**ballot.public(), "round": round_, "state": state, "rounds": rounds, "reveal": None}
    if state == "revealed":
        if ballot.kind == "choice":
            model["reveal"] = {"answer": truth, "feedback": [{"choice": c, "text": t, "right": c == truth}
                                                             for c, t in zip(ballot.choices, ballot.feedback)]}
        else:
            answers = store.answers(ballot.pid, round_)
            model["reveal"] = {"answer": truth, "close": ballot.close,
                               "close_count": close_count(ballot, answers, truth)}
    return model


class PollHandler(Handler):
    """GET api/polls/<pid>: the question's rounds (instructor); POST api/polls/<pid>/<round|close|reveal>."""

    async def get(self, pid: str, action: Optional[str] = None) -> None:
        self.instructor()
        if action:
            self.fail(405, "use POST to change a question's round")
        ballot = self.ballot(pid)
        truth = await _right(pid) if self.store.poll(pid)[1] == "revealed" else None
        self.finish(poll_model(self.store, ballot, truth))

    async def post(self, pid: str, action: Optional[str] = None) -> None:
        self.instructor()
        ballot = self.ballot(pid)
        if action not in ACTIONS:
            self.fail(404, f"the actions are {sorted(ACTIONS)}, not {action!r}")
        if action == "round":
            self.store.new_round(pid)
        elif action == "close":
            self.store.set_state(pid, "closed")
        else:
            truth = await _right(pid)  # worked out before the state changes, so the page never waits on it
            self.store.set_state(pid, "revealed")
            self.finish(poll_model(self.store, ballot, truth))
            return
        self.finish(poll_model(self.store, ballot))


class CatalogueHandler(Handler):
    """GET api/catalogue: every lesson's predictions (questions and choices, no answers), for the instructor."""

    def get(self) -> None:
        self.instructor()
        self.finish({"lessons": self.application.settings["catalogue"], "group": GROUP})


class CsvHandler(Handler):
    """GET votes.csv[?pid=...]: every vote by learner, for formative feedback (instructor only)."""

    def get(self) -> None:
        self.instructor()
        pid = self.get_argument("pid", "")
        if pid:
            self.ballot(pid)
        out = io.StringIO()
        writer = SafeWriter(out)
        writer.writerow(["prediction", "round", "learner", "answer", "time (UTC)"])
        for p, r, user, answer, at in self.store.rows(pid):
            writer.writerow([p, r, user, answer, time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))])
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-votes{"-" + pid if pid else ""}.csv"')
        self.finish(out.getvalue())


class PageHandler(Handler):
    """The instructor's view: the hub's login first; a learner is told the page is the instructor's."""

    @web.authenticated
    def get(self) -> None:
        user = self.current_user
        self.set_header("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; "
                        "style-src 'unsafe-inline'; connect-src 'self'; img-src 'self'; frame-ancestors 'self'")
        if not self.is_instructor(user):
            self.set_status(403)
        self.finish(page(self.xsrf_token.decode(), user["name"], self.is_instructor(user), GROUP))


def make_app(store: VoteStore, prefix: str) -> web.Application:
    """The service's tornado application under `prefix` (JUPYTERHUB_SERVICE_PREFIX)."""
    api = url_path_join(prefix, "api")
    return web.Application([
        (prefix, PageHandler, {"store": store}),
        (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler),
        (url_path_join(api, "votes"), VoteHandler, {"store": store}),
        (url_path_join(api, "catalogue"), CatalogueHandler, {"store": store}),
        (url_path_join(api, r"polls/([^/]+)") + r"(?:/([^/]+))?", PollHandler, {"store": store}),
        (url_path_join(prefix, "votes.csv"), CsvHandler, {"store": store}),
    ], cookie_secret=secrets.token_bytes(32), catalogue=catalogue(), xsrf_cookies=False)


def main() -> None:
    """Serve the class vote where the hub says (JUPYTERHUB_SERVICE_URL), votes in the service's folder."""
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/class-votes/")
    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:9220"))
    store = VoteStore(Path(os.environ.get("COURSEKIT_VOTES_DB", "votes.sqlite")).resolve())
    server = HTTPServer(make_app(store, prefix), max_body_size=MAX_BODY, xheaders=True)
    server.listen(url.port or 80, os.environ.get("COURSEKIT_VOTES_IP") or url.hostname or "127.0.0.1")
    print(f"class vote: {url.geturl()}{prefix} (votes in {store.path}; instructors: admins and group {GROUP!r})",
          flush=True)
    IOLoop.current().start()
