"""nbgitpuller for a class: a link pulls only the course's own repositories, so no link can run a classmate's code.

nbgitpuller clones whatever repository a link names into the learner's home, and the link's `urlpath` may open it
in Voila, which executes a notebook as soon as it is opened: one click ran a classmate's notebook as whoever
clicked it (issue 35). This Jupyter server extension serves nbgitpuller's own pages, but answers 403 to a pull of
any repository not in `CoursePull.allowed_repos` (the learner edition's URL), before anything is cloned. Its
handlers go before every other, so nbgitpuller's own extension, still enabled, is never reached. Turn it on for
every server of an environment with that environment's Python (docs/instructors.md):

    python3 -m coursekit.hub.pull_guard

(`jupyter server extension enable` of Jupyter Server 2.21 refuses an extension no config lists yet, and exits 0),
and name the course's repository in the environment's `etc/jupyter/jupyter_server_config.json`:
`{"CoursePull": {"allowed_repos": ["https://example.org/games-course-class.git"]}}`. With no repository named,
every pull is refused.
"""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path
from typing import Any

from traitlets import List, Unicode
from traitlets.config import Configurable


class CoursePull(Configurable):
    """The repositories an nbgitpuller link may pull on this server (the course's learner edition)."""

    allowed_repos = List(Unicode(), help="repository URLs a link may pull, as written in the links").tag(config=True)

    def allows(self, repo: str) -> bool:
        """Whether a link naming `repo` may pull it (the same URL, a trailing slash aside)."""
        return _plain(repo) in {_plain(allowed) for allowed in self.allowed_repos}


def _plain(url: str) -> str:
    """A repository URL as compared: no surrounding space, no trailing slash."""
    return url.strip().rstrip("/")


def _guarded(handler: type, guard: CoursePull) -> type:
    """A subclass of one of nbgitpuller's handlers that refuses a repository the guard does not allow."""
    from tornado.web import HTTPError

    class Guarded(handler):  # type: ignore[misc, valid-type]
        async def prepare(self) -> None:
            prepared = super().prepare()  # the server's own checks (login) first
            if inspect.isawaitable(prepared):
                await prepared
            if self._finished:
                return
            repo = self.get_argument("repo", "")
            if not guard.allows(repo):
                self.log.warning("coursekit.hub.pull_guard: refused a pull of %r", repo)
                raise HTTPError(403, f"this hub pulls only the course's repositories, not {repo!r}")

    Guarded.__name__ = f"Guarded{handler.__name__}"
    return Guarded


def _load_jupyter_server_extension(app: Any) -> None:
    """Register nbgitpuller's pages behind the guard, ahead of every other handler."""
    import nbgitpuller
    from jupyter_server.utils import url_path_join
    from nbgitpuller._compat import get_base_handler

    get_base_handler(app)  # nbgitpuller must know the server's base handler before its handlers are imported
    from nbgitpuller.handlers import SyncHandler, UIHandler
    from tornado.web import StaticFileHandler

    guard = CoursePull(config=app.config)
    web_app = app.web_app
    base_url = url_path_join(web_app.settings["base_url"], "git-pull")
    static = str(Path(nbgitpuller.__file__).parent / "static")
    handlers = [(url_path_join(base_url, "api"), _guarded(SyncHandler, guard)),
                (base_url, _guarded(UIHandler, guard)),
                (url_path_join(base_url, "static", "(.*)"), StaticFileHandler, {"path": static})]
    web_app.settings["nbapp"] = app  # as nbgitpuller's own extension does: its handlers read the server from here
    rules = web_app.default_router.rules
    before = list(rules)
    web_app.add_handlers(".*", handlers)
    added = [rule for rule in rules if not any(rule is old for old in before)]
    for rule in added:  # first, so an nbgitpuller extension left enabled cannot answer before the guard
        rules.remove(rule)
    rules[:0] = added
    app.log.info("coursekit.hub.pull_guard: nbgitpuller links may pull %s", guard.allowed_repos or "nothing")


def _jupyter_server_extension_points() -> list[dict]:
    """The extension's entry for Jupyter Server."""
    return [{"module": "coursekit.hub.pull_guard"}]


def enable(prefix: Path) -> Path:
    """Turn the guard on for every Jupyter server of the environment at `prefix`; return the file written."""
    folder = prefix / "etc" / "jupyter" / "jupyter_server_config.d"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "coursekit.hub.pull_guard.json"
    path.write_text(json.dumps({"ServerApp": {"jpserver_extensions": {"coursekit.hub.pull_guard": True}}}) + "\n")
    return path


if __name__ == "__main__":
    print(f"the nbgitpuller guard is on for this environment's servers: {enable(Path(sys.prefix))}")
