"""A dashboard through Voila's server extension (the way a hub serves it), no root needed: formulas typeset, nothing
from another host.

Voila's server extension, unlike standalone Voila (`make demo`), puts cdnjs.cloudflare.com's MathJax into the page
unless the course template says otherwise; tests/browser/test_hub_route.py checks the same on a real hub, as root.
"""

from __future__ import annotations

import json
import secrets

from conftest import BIN, REPO, Server, _free_port, _isolated_env
from labtools import block_outside, keep_screenshot
from test_hub_route import _formulas, _math_notebook


def test_a_dashboard_through_the_server_extension_typesets_its_formulas_offline(chromium_path, tmp_path, page):
    from playwright.sync_api import expect

    work = tmp_path / "home"
    work.mkdir()
    notebook = _math_notebook()
    (work / "math_check.ipynb").write_text(json.dumps(notebook))
    formulas = _formulas(notebook)
    env = _isolated_env(tmp_path / "jupyter")
    env["JUPYTER_PATH"] = str(REPO / "share" / "jupyter")  # the course template, where pip puts it on a hub
    voila = {"VoilaConfiguration": {"template": "course"}}  # as docs/instructors.md makes it the default
    (tmp_path / "jupyter" / "config" / "voila.json").write_text(json.dumps(voila))
    port, token = _free_port(), secrets.token_hex(16)
    args = [str(BIN / "jupyter"), "server", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
            "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}",
            "--allow-root"]
    server = Server("Jupyter Server", args, work, env, port, token, tmp_path / "server.log")
    try:
        server.wait(f"/api/status?token={token}")
        offline = block_outside(page)
        page.goto(f"{server.base}/voila/render/math_check.ipynb?token={token}", timeout=90_000)
        expect(page.locator(".jupyter-widgets").first).to_be_visible(timeout=90_000)
        expect(page.locator("mjx-container")).to_have_count(formulas, timeout=30_000)
        assert "\\sqrt" not in page.locator("#rendered_cells").inner_text()
        keep_screenshot(page, "voila_server_extension_math")
        assert not offline["outside"], f"the dashboard asked other hosts for {offline['outside']}"
        assert not offline["failed"], f"requests that failed on the server: {offline['failed']}"
    finally:
        server.stop()

