"""show(function): the source of a function, method or class, highlighted in a notebook (like aima-python's psource).

`show(MCTS.select)` as a cell's last value displays the code the course runs, with a heading that names where it
lives. The HTML comes from pygments (installed with JupyterLab), with inline styles so it needs no stylesheet;
without pygments the plain text is shown. The output holds no line numbers, paths or addresses, so it is the same
on every machine and every run (nbval compares it).
"""

from __future__ import annotations

import functools
import html
import inspect
import textwrap
from typing import Any


def course_style():
    """Pygments' default style with every colour at WCAG AA contrast (>= 4.5:1, in fact >= 4.9:1 down to a #eeeeee
    background; the default's comments, keywords and exceptions were 4.2-4.9:1)."""
    from pygments.style import Style
    from pygments.styles.default import DefaultStyle
    from pygments.token import Comment, Error, Generic, Keyword, Name, Operator, String, Text

    darker = {
        Text.Whitespace: "#666666", Comment: "italic #376F6F", Comment.Preproc: "noitalic #8D5B00",
        Keyword: "bold #007800", Operator.Word: "bold #9700F6", Name.Builtin: "#007800",
        Name.Exception: "bold #B93730", Name.Label: "#696900", Name.Entity: "bold #666666",
        Name.Attribute: "#5E6C1F", Name.Tag: "bold #007800", Name.Decorator: "#9700F6",
        String.Interpol: "bold #94516B", String.Escape: "bold #99541C", String.Regex: "#94516B",
        String.Other: "#007800", Generic.Inserted: "#007700", Generic.Error: "#D00000", Generic.Output: "#666666",
        Error: "border:#CF0000",
    }
    return type("CourseStyle", (Style,), {"name": "course-aa", "background_color": DefaultStyle.background_color,
                                          "highlight_color": DefaultStyle.highlight_color,
                                          "styles": {**DefaultStyle.styles, **darker}})


def _target(obj: Any) -> Any:
    """The function behind a method, property, staticmethod, classmethod or functools.partial."""
    if isinstance(obj, property):
        return obj.fget
    if isinstance(obj, (staticmethod, classmethod)):
        return obj.__func__
    if isinstance(obj, functools.partial):
        return _target(obj.func)
    return inspect.unwrap(getattr(obj, "__func__", obj))


def _name(obj: Any) -> str:
    """module.qualname, e.g. coursekit.mcts.MCTS.select."""
    module = getattr(obj, "__module__", None) or ""
    qualname = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", repr(obj))
    return f"{module}.{qualname}" if module else qualname


class Source:
    """The source of one or more functions: shows as highlighted HTML in a notebook, as plain text elsewhere."""

    def __init__(self, parts: list[tuple[str, str]]) -> None:
        self.parts = parts  # (name, dedented source) for each object

    @property
    def code(self) -> str:
        """All the sources, one after the other."""
        return "\n\n".join(code for _, code in self.parts)

    @property
    def lines(self) -> int:
        """How many lines the sources have in all (blank lines included)."""
        return sum(len(code.splitlines()) for _, code in self.parts)

    def __repr__(self) -> str:
        return "\n\n".join(f"# {name}\n{code}" for name, code in self.parts)

    def _repr_html_(self) -> str:
        try:
            from pygments import highlight
            from pygments.formatters import HtmlFormatter
            from pygments.lexers import PythonLexer
        except ImportError:  # pragma: no cover - pygments comes with JupyterLab
            def render(code: str) -> str:
                return f"<pre>{html.escape(code)}</pre>"
        else:
            # Lab's output area breaks a long line anywhere (word-break: break-all: "mo / ves"); code wraps at spaces
            formatter = HtmlFormatter(noclasses=True, style=course_style(), prestyles="word-break: normal")

            def render(code: str) -> str:
                return highlight(code, PythonLexer(), formatter)

        blocks = []
        for name, code in self.parts:
            count = len(code.splitlines())
            blocks.append(f'<div style="font-size:0.85em;color:#555;margin-top:4px"><code>{html.escape(name)}'
                          f'</code> &middot; {count} lines</div>{render(code)}')
        return "".join(blocks)


def source_of(obj: Any) -> str:
    """The dedented source text of a function, method, property or class."""
    target = _target(obj)
    try:
        code = inspect.getsource(target)
    except (OSError, TypeError) as error:
        raise ValueError(f"show() needs a function, method or class written in Python, not {obj!r} ({error})") \
            from None
    return textwrap.dedent(code).rstrip("\n")


def show(*objects: Any) -> Source:
    """The highlighted source of functions, methods or classes, for a notebook cell's last value."""
    if not objects:
        raise ValueError("show() needs at least one function, method or class")
    return Source([(_name(_target(obj)), source_of(obj)) for obj in objects])
