"""Reading a policy file: YAML into plain values that remember their line.

A policy is reviewed and versioned by people, so every error names the line
of the file it is about. PyYAML's `compose` gives a node tree with positions;
this module turns it into dicts, lists and scalars, where each dict and list
knows its own line and the line of each of its keys and items. Duplicate keys,
which YAML would silently resolve to the last one, are an error here.
"""

from __future__ import annotations

from typing import Any, Dict, List

import yaml

from .errors import PolicyError


class LineDict(dict):
    """A mapping of the file: `line` is where it starts, `key_lines[key]` where each key is."""

    line: int = 0
    key_lines: Dict[str, int]

    def line_of(self, key: str) -> int:
        """The line of a key (the mapping's own line when it is absent)."""
        return self.key_lines.get(key, self.line)


class LineList(list):
    """A sequence of the file: `line` is where it starts, `item_lines[i]` where each item is."""

    line: int = 0
    item_lines: List[int]

    def line_of(self, index: int) -> int:
        """The line of an item."""
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


def _convert(node: yaml.Node, loader: yaml.SafeLoader, source: str) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        mapping = LineDict()
        mapping.line, mapping.key_lines = line, {}
        for key_node, value_node in node.value:
            key = _convert(key_node, loader, source)
            key_line = key_node.start_mark.line + 1
            if not isinstance(key, str):
                raise PolicyError("a key must be text", source, key_line)
            if key in mapping:
                raise PolicyError(f"{key!r} is given twice (first on line {mapping.key_lines[key]})", source, key_line)
            mapping[key] = _convert(value_node, loader, source)
            mapping.key_lines[key] = key_line
        return mapping
    if isinstance(node, yaml.SequenceNode):
        items = LineList()
        items.line, items.item_lines = line, []
        for item in node.value:
            items.append(_convert(item, loader, source))
            items.item_lines.append(item.start_mark.line + 1)
        return items
    # A scalar: typed as YAML 1.1's safe loader types it (int, float, bool, null, text).
    return loader.construct_object(node, deep=True)


def parse_yaml(text: str, source: str) -> Any:
    """The document of a YAML (or JSON) text, with lines (see `LineDict`).

    text (str): the file's content.
    source (str): the file's name, for messages.
    RETURNS (Any): a LineDict, LineList, scalar, or None for an empty file.
    RAISES (PolicyError): the text is not YAML, holds several documents, or
        repeats a key.
    """
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _convert(node, loader, source)
    except yaml.MarkedYAMLError as err:
        # Where the broken construct starts (an unclosed "[" is found only at the end of the file).
        mark = err.context_mark or err.problem_mark
        line = mark.line + 1 if mark is not None else None
        # The problem only: a YAML error's full text quotes the file's lines.
        raise PolicyError(f"not valid YAML: {err.problem or err.context}", source, line) from None
    except yaml.YAMLError as err:
        raise PolicyError(f"not valid YAML ({type(err).__name__})", source, None) from None
    finally:
        loader.dispose()
