"""Every field, action and event of a game, in words, from its published JSON Schema.

The site's page for a game's schema (``protocol/<game>.md``) opens with this
reference, so an engine author learns the wire format from the docs alone:
no reference source, no wire log.  Everything comes from
``casebook/schemas/<game>.json`` (what ``python -m statemachines.schemas``
publishes); Casebook never imports the reference to write it.

A field's path is written the way a reader walks the JSON:
``tracks.<colour>.indicator`` is the ``indicator`` of each of the colours'
entries, ``hands.<player>[]`` an item of each player's list.  ``rows()`` gives
the flattened fields; ``undescribed()`` the ones whose schema gives no
meaning (tests/docs/test_fields.py keeps that list from growing).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from casebook.site.html import esc as escape  # printable, then escaped

PARTS = ("options", "state", "view", "action", "event")
# The protocol's own addresses of hidden information (casebook.protocol): every game means the same by them.
CONVENTIONS = {
    "secret": "hidden from every player and every view: only the referee (state()) sees it",
    "private": "one slot per player; a player's view keeps only their own slot",
    "game": "the game's id, as hello() and new() name it",
}


@dataclass
class Row:
    path: str  # e.g. "tracks.<colour>.indicator"
    kind: str  # the type, in words
    meaning: str  # the description; "" when the schema gives none
    required: bool = True
    seen_by: str = "everyone"  # everyone | nobody | that player


def _ref_name(node: dict) -> str | None:
    ref = node.get("$ref")
    if ref is None and len(node.get("allOf", [])) == 1:
        ref = node["allOf"][0].get("$ref")
    return ref.rsplit("/", 1)[1] if isinstance(ref, str) and ref.startswith("#/$defs/") else None


def _non_null(node: dict) -> tuple[dict, bool]:
    """The node without an ``anyOf [X, null]`` wrapper, and whether null is allowed."""
    options = node.get("anyOf")
    if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
        inner = next(o for o in options if o != {"type": "null"})
        return {**inner, **({"description": node["description"]} if "description" in node else {})}, True
    return node, False


def _record_key(node: dict, root: dict) -> str | None:
    """The name set whose every member keys this object with the same value (a Record), else None."""
    props = node.get("properties") or {}
    if len(props) < 2:
        return None
    values = {json.dumps(v, sort_keys=True) for v in props.values()}
    if len(values) != 1:
        return None
    for name, sub in root.get("$defs", {}).items():
        if (
            isinstance(sub, dict)
            and isinstance(sub.get("enum"), list)
            and sorted(map(str, sub["enum"])) == sorted(props)
        ):
            return name
    return None if len(props) < 3 else "name"


def _list(values, limit: int = 8) -> str:
    shown = ", ".join(json.dumps(v, ensure_ascii=False) for v in values[:limit])
    return shown + (f" … ({len(values)} in all)" if len(values) > limit else "")


def kind(node, root: dict) -> str:
    """A field's type in words."""
    if not isinstance(node, dict):
        return "anything"
    node, nullable = _non_null(node)
    tail = ", or null" if nullable else ""
    name = _ref_name(node)
    if name:
        return f"a {name}{tail}"
    if "const" in node:
        return f"always {json.dumps(node['const'], ensure_ascii=False)}{tail}"
    if "enum" in node:
        return f"one of {_list(node['enum'])}{tail}"
    if "oneOf" in node or "anyOf" in node:
        return " | ".join(kind(o, root) for o in node.get("oneOf") or node["anyOf"]) + tail
    t = node.get("type")
    if t == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        bounds = (
            f" {low}–{high}"
            if low is not None and high is not None
            else f" ≥ {low}"
            if low is not None
            else f" ≤ {high}"
            if high is not None
            else ""
        )
        return f"integer{bounds}{tail}"
    if t in ("boolean", "string", "number"):
        return t + tail
    if t == "array":
        low, high = node.get("minItems"), node.get("maxItems")
        bounds = (
            f" of {low}"
            if low is not None and low == high
            else f" of {low}–{high}"
            if low is not None and high is not None
            else f" of at most {high}"
            if high is not None
            else ""
        )
        unique = ", no repeats" if node.get("uniqueItems") else ""
        item = kind(node.get("items", {}), root)
        return f"list{bounds} of {item[2:] if item.startswith('a ') else item}{unique}{tail}"
    if t == "object" or "properties" in node or "additionalProperties" in node:
        key = _record_key(node, root)
        if key:
            return f"an entry for every {key}{tail}"
        if "propertyNames" in node:
            keys, values = kind(node["propertyNames"], root), kind(node.get("additionalProperties", {}), root)
            return f"a map from {keys} to {values}{tail}"
        return f"object{tail}"
    if isinstance(t, list):
        return " or ".join(t)
    return "anything" + tail


def meaning(node, root: dict, key: str | None = None) -> str:
    """What a field means: its description, else its named type's, else the protocol's convention for its key."""
    if not isinstance(node, dict):
        return ""
    node, _ = _non_null(node)
    if node.get("description"):
        return str(node["description"])
    name = _ref_name(node)
    if name and isinstance(root.get("$defs", {}).get(name), dict) and root["$defs"][name].get("description"):
        return str(root["$defs"][name]["description"])
    if node.get("type") == "array" and isinstance(node.get("items"), dict):
        inner = meaning(node["items"], root)
        if inner:
            return inner
    if "const" in node and key == "type":
        return "what this is"
    return CONVENTIONS.get(key or "", "")


def rows(node, root: dict, path: str = "", seen_by: str = "everyone") -> list[Row]:
    """Every field below ``node``, flattened; a Record's entries and a list's items are documented once."""
    out: list[Row] = []
    if not isinstance(node, dict):
        return out
    node, _ = _non_null(node)
    for option in node.get("oneOf", []) or node.get("anyOf", []):
        for row in rows(option, root, path, seen_by):
            if all(r.path != row.path for r in out):
                out.append(row)
    if node.get("type") == "array" and isinstance(node.get("items"), dict):
        return out + rows(node["items"], root, path + "[]", seen_by)
    props = node.get("properties") or {}
    key = _record_key(node, root)
    if key:
        return out + rows(next(iter(props.values())), root, f"{path}.<{key}>", seen_by)
    if "additionalProperties" in node and isinstance(node["additionalProperties"], dict) and not props:
        name = _ref_name(node.get("propertyNames") or {}) or "key"
        private = path.endswith("private")
        return out + rows(node["additionalProperties"], root, f"{path}.<{name}>", "that player" if private else seen_by)
    required = set(node.get("required", []))
    for field_name, sub in props.items():
        here = f"{path}.{field_name}" if path else field_name
        who = "nobody" if field_name == "secret" else seen_by
        out.append(Row(here, kind(sub, root), meaning(sub, root, field_name), field_name in required, who))
        out += rows(sub, root, here, who)
    return out


def type_name(variant: dict) -> str:
    """The ``type`` of an action or event variant (alternative forms share it)."""
    const = (variant.get("properties") or {}).get("type", {}).get("const")
    if const is not None:
        return str(const)
    for option in variant.get("oneOf", []) or variant.get("anyOf", []):
        if isinstance(option, dict) and type_name(option) != "?":
            return type_name(option)
    return "?"


def undescribed(schema: dict) -> list[str]:
    """``part:path`` of every field whose meaning the schema does not give (nor its type's name set)."""
    missing = []
    defs = schema.get("$defs", {})
    for part in PARTS:
        if part == "view":
            continue  # a view is the state redacted: its fields are the state's
        node = defs.get(part)
        if not isinstance(node, dict):
            continue
        for variant in node.get("oneOf", [node]) if part in ("action", "event") else [node]:
            label = part if part not in ("action", "event") else f"{part} {type_name(variant)}"
            missing += [f"{label}: {r.path}" for r in rows(variant, schema) if not r.meaning]
    return sorted(set(missing))


# -- the page ------------------------------------------------------------------------
def _table(items: list[Row], anchor_names: set[str], who: bool = True) -> str:
    head = "<tr><th>field</th><th>type</th><th>meaning</th>" + ("<th>seen by</th>" if who else "") + "</tr>"
    body = []
    for r in items:
        depth = r.path.count(".") + r.path.count("[]")
        typ = re.sub(
            r"\ba ([A-Za-z_][\w-]*)",
            lambda m: f'a <a href="#name-{m[1]}">{m[1]}</a>' if m[1] in anchor_names else m[0],
            escape(r.kind),
        )  # a named type links to its list of names
        optional = "" if r.required else ' <span class="cb-optional">(may be absent)</span>'
        cells = [
            f'<td style="padding-left:{0.4 + depth * 0.9:.1f}em"><code>{escape(r.path)}</code>{optional}</td>',
            f"<td>{typ}</td>",
            f"<td>{escape(r.meaning) or '<em>not described yet</em>'}</td>",
        ]
        if who:
            cells.append(f"<td>{escape(r.seen_by)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f'<table class="cb-fields">{head}{"".join(body)}</table>'


def _typed(node: dict, root: dict, heading: str) -> list[str]:
    """One heading per action or event type, its meaning and its fields."""
    out = []
    for variant in sorted(node.get("oneOf", []), key=type_name):
        name = type_name(variant)
        fields = [r for r in rows(variant, root) if r.path != "type"]
        out.append(f"\n### <code>{escape(str(name))}</code> {{ #{heading}-{escape(str(name))} }}\n")
        out.append(f"<p>{escape(meaning(variant, root)) or '<em>not described yet</em>'}</p>")
        example = {
            "type": name,
            **{r.path: "…" for r in fields if "." not in r.path and "[]" not in r.path and r.required},
        }
        out.append(f"<p><code>{escape(json.dumps(example, ensure_ascii=False))}</code></p>")
        if fields:
            out.append(_table(fields, set(root.get("$defs", {})), who=heading == "event"))
        else:
            out.append("<p>No other field.</p>")
    return out


def field_reference(schema: dict) -> str:
    """The Markdown (with HTML tables) documenting every name set, option, state field, action and event."""
    defs = schema.get("$defs", {})
    named = {k: v for k, v in defs.items() if k not in PARTS and isinstance(v, dict)}
    out = [
        "\n## Every field, action and event { #fields }\n",
        "<p>What each part of this game's JSON means, generated from the schema below. "
        "A path reads as you walk the JSON: "
        "<code>a.b</code> is field <code>b</code> of <code>a</code>, "
        "<code>a[]</code> each item of list <code>a</code>, "
        "<code>a.&lt;colour&gt;</code> the entry of each colour "
        '(the names are listed under <a href="#names">Names</a>). '
        "<em>Seen by</em> says who sees a field in a view: <code>secret</code> is seen by nobody (only the referee's "
        "<code>state()</code>), a <code>private</code> slot only by its player. "
        "A view has the state's fields, redacted so.</p>",
        "\n### Names { #names }\n",
        "<p>The named sets every field below draws its values from. Spell them exactly so.</p>",
    ]
    items = []
    for name, sub in named.items():
        values = sub.get("enum")
        text = escape(sub.get("description", ""))
        listed = (
            f"<br><code>{escape(_list(values, 40))}</code>"
            if isinstance(values, list)
            else " (any non-empty name but <code>chance</code> and <code>clock</code>)"
            if name == "player"
            else ""
        )
        items.append(f'<dt id="name-{escape(name)}"><code>{escape(name)}</code></dt><dd>{text}{listed}</dd>')
    out.append(f"<dl>{''.join(items)}</dl>")
    for part, title in (
        ("options", "Options: what new() takes"),
        ("state", "State: what state() returns and load() takes"),
    ):
        node = defs.get(part)
        if isinstance(node, dict):
            out.append(f"\n### {title} {{ #fields-{part} }}\n")
            out.append(f"<p>{escape(str(node.get('description', '')))}</p>")
            out.append(_table(rows(node, schema), set(named), who=part == "state"))
    for part, title in (("action", "Actions: what apply() takes"), ("event", "Events: what apply() returns")):
        node = defs.get(part)
        if isinstance(node, dict):
            out.append(f"\n### {title} {{ #fields-{part} }}\n")
            out.append(
                f"<p>{escape(str(node.get('description', '')))}. Every {part} has a <code>type</code>; "
                + (
                    "the fields of each are below."
                    if part == "action"
                    else "its <code>secret</code> part is removed for every player and its <code>private</code> "
                    "slots for everyone but their player, as in a view."
                )
                + "</p>"
            )
            out += _typed(node, schema, part)
    phases = schema.get("phases")
    if isinstance(phases, list) and phases:
        out += _phases(phases, {type_name(v) for v in (defs.get("action") or {}).get("oneOf", [])})
    facts = schema.get("facts")
    if isinstance(facts, dict) and facts:
        out.append("\n### Facts: rules data the engine publishes { #fields-facts }\n")
        out.append(
            "<p>Data a player reads off the components or the rulebook, published beside the schema (its "
            "<code>facts</code>) so that an engine, the steps and this page all read the same: the steps that "
            "check such data take it from here, never from the reference's source.</p>"
        )
        for name, value in facts.items():
            out.append(f"\n#### <code>{escape(str(name))}</code> {{ #fact-{escape(str(name))} }}\n")
            out.append(fact_html(value))
    return "\n".join(out) + "\n"


def _phases(phases: list, action_types: set) -> list[str]:
    """The phases table: each phase, who acts, what happens, and the actions it takes with where each leads (the
    schema's ``phases[].actions``: what a turn shape is mapped by, casebook/turn_shapes.py)."""
    head = "<tr><th>phase</th><th>who acts</th><th>what happens</th><th>actions, and where each leads</th></tr>"
    body = "".join(
        f'<tr id="fields-phase-{escape(str(p.get("name")))}"><td><code>{escape(str(p.get("name")))}</code></td>'
        f"<td>{escape(str(p.get('actor') or '—'))}</td><td>{escape(str(p.get('summary', '')))}</td>"
        f"<td>{_phase_actions(p.get('actions'), action_types)}</td></tr>"
        for p in phases
        if isinstance(p, dict)
    )
    return [
        "\n### Phases: the values of <code>phase</code> { #fields-phases }\n",
        "<p>The actions each phase takes (its <code>actions</code>: action type → the phases it may lead to), as "
        "<code>legal()</code> lists them there.</p>",
        f'<table class="cb-fields">{head}{body}</table>',
    ]


def _phase_actions(actions, action_types: set) -> str:
    """``hide → dealing, laying`` for each action type a phase takes, the type linked to its heading."""
    if not isinstance(actions, dict) or not actions:
        return "—"
    lines = []
    for verb, leads in actions.items():
        name = f"<code>{escape(str(verb))}</code>"
        if verb in action_types:
            name = f'<a href="#action-{escape(str(verb))}">{name}</a>'
        dests = ", ".join(
            f'<a href="#fields-phase-{escape(str(d))}"><code>{escape(str(d))}</code></a>' for d in leads or ()
        )
        lines.append(f"{name} → {dests}" if dests else name)
    return "<br>".join(lines)


def _scalar(value) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def fact_html(value) -> str:
    """A published fact as a reader takes it in: a table where it is one (a name to a value, or to a row of values),
    a list of names, or nested entries; anything else as its JSON."""
    if _scalar(value):
        return f"<code>{escape(json.dumps(value, ensure_ascii=False))}</code>"
    if isinstance(value, list) and all(_scalar(v) for v in value):
        return f"<p><code>{escape(', '.join(str(v) for v in value))}</code></p>"
    if isinstance(value, dict) and value and all(_scalar(v) for v in value.values()):
        rows_html = "".join(
            f"<tr><td><code>{escape(str(k))}</code></td><td>{escape(str(v))}</td></tr>" for k, v in value.items()
        )
        return f'<table class="cb-fields"><tr><th>name</th><th>value</th></tr>{rows_html}</table>'
    if (
        isinstance(value, dict)
        and value
        and all(isinstance(v, dict) and all(_scalar(x) for x in v.values()) for v in value.values())
    ):
        columns = list(dict.fromkeys(k for v in value.values() for k in v))
        head = "<tr><th>name</th>" + "".join(f"<th>{escape(str(c))}</th>" for c in columns) + "</tr>"
        rows_html = "".join(
            "<tr><td><code>"
            + escape(str(k))
            + "</code></td>"
            + "".join(f"<td>{escape(str(v[c])) if c in v else '—'}</td>" for c in columns)
            + "</tr>"
            for k, v in value.items()
        )
        return f'<table class="cb-fields">{head}{rows_html}</table>'
    if isinstance(value, dict):
        return (
            "<dl>"
            + "".join(f"<dt><code>{escape(str(k))}</code></dt><dd>{fact_html(v)}</dd>" for k, v in value.items())
            + "</dl>"
        )
    return f'<pre><code class="language-json">{escape(json.dumps(value, indent=2, ensure_ascii=False))}</code></pre>'
