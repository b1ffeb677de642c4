"""The protocol reference page, from the harness's own docstrings.

``casebook/protocol.py`` and ``casebook/server.py`` describe the calls and the
wire in reStructuredText-flavoured docstrings; this turns the few constructs
they use (inline literals, simple tables, ``::`` literal blocks) into Markdown,
so the page can never drift from the code it documents.
"""

from __future__ import annotations

import importlib
import inspect

from casebook.site.html import esc


def is_border(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and set(stripped) <= {"=", " "} and "==" in stripped


def columns(border: str) -> list[int]:
    starts, previous = [], " "
    for i, ch in enumerate(border):
        if ch == "=" and previous == " ":
            starts.append(i)
        previous = ch
    return starts


def inline(text: str) -> str:
    """``literal`` → <code>literal</code>, everything else escaped."""
    pieces = text.split("``")
    return "".join(f"<code>{esc(p)}</code>" if i % 2 else esc(p) for i, p in enumerate(pieces))


def simple_table(lines: list[str]) -> str:
    borders = [i for i, line in enumerate(lines) if is_border(line)]
    starts = columns(lines[borders[0]])
    def cells(line):
        bounds = starts[1:] + [len(line) + 1]
        return [line[a:b].strip() for a, b in zip(starts, bounds)]
    header = []
    body_start = borders[0] + 1
    if len(borders) >= 3:
        header = [cells(line) for line in lines[borders[0] + 1 : borders[1]]]
        body_start = borders[1] + 1
    rows = [cells(line) for line in lines[body_start : borders[-1]] if line.strip()]
    head = "".join(f"<tr>{''.join(f'<th>{inline(c)}</th>' for c in row)}</tr>" for row in header)
    body = "".join(f"<tr>{''.join(f'<td>{inline(c)}</td>' for c in row)}</tr>" for row in rows)
    return f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table>{f"<thead>{head}</thead>" if head else ""}<tbody>{body}</tbody></table></div></div>'


def rst_to_html(doc: str) -> str:
    lines = inspect.cleandoc(doc).splitlines()
    out: list[str] = []
    paragraph: list[str] = []
    i = 0

    def flush():
        if paragraph:
            text = " ".join(paragraph)
            literal = text.endswith("::")
            if literal:
                text = text[:-1]
            out.append(f"<p>{inline(text)}</p>")
            paragraph.clear()
            return literal
        return False

    while i < len(lines):
        line = lines[i]
        if is_border(line):
            flush()
            j, seen = i, 0
            while j < len(lines):
                if is_border(lines[j]):
                    seen += 1
                    if seen >= 2 and (j + 1 >= len(lines) or not lines[j + 1].strip()):
                        break
                j += 1
            out.append(simple_table(lines[i : j + 1]))
            i = j + 1
            continue
        if not line.strip():
            if flush():  # a "::" paragraph: the indented block after it is code
                i += 1
                while i < len(lines) and not lines[i].strip():
                    i += 1
                block = []
                while i < len(lines) and (lines[i].startswith((" ", "\t")) or not lines[i].strip()):
                    block.append(lines[i])
                    i += 1
                out.append(f"<pre><code>{esc(inspect.cleandoc(chr(10).join(block)))}</code></pre>")
                continue
            i += 1
            continue
        paragraph.append(line.strip())
        i += 1
    flush()
    return "\n".join(out)


def protocol_markdown() -> str:
    parts = []
    for module, title, anchor in (
        ("casebook.protocol", "The calls", "calls"),
        ("casebook.server", "On the wire", "wire"),
        ("casebook.errors", "Errors", "errors"),
    ):
        try:
            doc = importlib.import_module(module).__doc__ or ""
        except Exception:  # a harness module missing must not stop the site
            continue
        if doc.strip():
            parts.append(f"\n## {title} {{ #{anchor} }}\n")
            parts.append(f'<p class="cb-source">from <code>{esc(module.replace(".", "/"))}.py</code></p>')
            parts.append(rst_to_html(doc))
    parts.append(error_codes())
    return "\n".join(parts) + "\n"


def error_codes() -> str:
    """The typed errors, each with its protocol code and what it means, from casebook.errors."""
    try:
        errors = importlib.import_module("casebook.errors")
    except Exception:
        return ""
    rows = []
    for name, cls in vars(errors).items():
        if inspect.isclass(cls) and issubclass(cls, Exception) and cls.__module__ == errors.__name__ and getattr(cls, "code", None):
            doc = inspect.getdoc(cls) or ""
            rows.append(f"<tr><td><code>{esc(cls.code)}</code></td><td><code>{esc(name)}</code></td><td>{inline(doc.split(chr(10) + chr(10))[0].replace(chr(10), ' '))}</td></tr>")
    if not rows:
        return ""
    return '<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table><thead><tr><th>code</th><th>class</th><th>meaning</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table></div></div>"
