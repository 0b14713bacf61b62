"""A small JSON Schema checker for the subset rules.json uses (no extra package).

Supports $ref to #/$defs, anyOf, const, enum, type, properties, required,
additionalProperties (bool), items, minItems, maxItems, minimum, maximum and pattern: every
keyword the document's schemas use. An unknown keyword fails loudly, so the schemas cannot
grow a keyword this checker would silently ignore.
"""

from __future__ import annotations

import re
from typing import Any

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_IGNORED = {"$schema", "title", "description", "$defs"}


def errors(value: Any, schema: dict, root: dict | None = None, path: str = "$") -> list[str]:
    """Every way ``value`` fails ``schema`` (empty list = valid)."""
    root = schema if root is None else root
    found: list[str] = []
    for key, rule in schema.items():
        if key in _IGNORED:
            continue
        if key == "$ref":
            name = rule.removeprefix("#/$defs/")
            found += errors(value, root["$defs"][name], root, path)
        elif key == "anyOf":
            if all(errors(value, option, root, path) for option in rule):
                found.append(f"{path}: matches none of anyOf: {value!r:.120}")
        elif key == "const":
            if value != rule or type(value) is not type(rule):
                found.append(f"{path}: {value!r} != const {rule!r}")
        elif key == "enum":
            if value not in rule or isinstance(value, bool):
                found.append(f"{path}: {value!r} not in {rule}")
        elif key == "type":
            if not _TYPES[rule](value):
                found.append(f"{path}: {value!r:.80} is not {rule}")
        elif key == "properties":
            if isinstance(value, dict):
                for name, sub in rule.items():
                    if name in value:
                        found += errors(value[name], sub, root, f"{path}.{name}")
        elif key == "required":
            if isinstance(value, dict):
                found += [f"{path}: missing {name}" for name in rule if name not in value]
        elif key == "additionalProperties":
            if isinstance(value, dict) and rule is False:
                extra = set(value) - set(schema.get("properties", {}))
                found += [f"{path}: unexpected {name}" for name in sorted(extra)]
        elif key == "items":
            if isinstance(value, list):
                for i, item in enumerate(value):
                    found += errors(item, rule, root, f"{path}[{i}]")
        elif key == "minItems":
            if isinstance(value, list) and len(value) < rule:
                found.append(f"{path}: fewer than {rule} items")
        elif key == "maxItems":
            if isinstance(value, list) and len(value) > rule:
                found.append(f"{path}: more than {rule} items")
        elif key == "minimum":
            if isinstance(value, int) and value < rule:
                found.append(f"{path}: {value} < {rule}")
        elif key == "maximum":
            if isinstance(value, int) and value > rule:
                found.append(f"{path}: {value} > {rule}")
        elif key == "pattern":
            if isinstance(value, str) and not re.search(rule, value):
                found.append(f"{path}: {value!r} does not match {rule}")
        else:
            raise AssertionError(f"schema keyword {key!r} is not supported by this checker")
    return found
