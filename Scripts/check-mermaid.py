#!/usr/bin/env python3
"""Checks that a Mermaid flowchart, as DependencyGraph.mermaid(title:) writes it, parses.

    swift run CarDemo --graph | python3 Scripts/check-mermaid.py
    python3 Scripts/check-mermaid.py graph.mmd
    python3 Scripts/check-mermaid.py --self-test

A small grammar of our own for the subset of Mermaid's flowchart syntax the exporter writes (no
dependency on Mermaid itself):

    document   := [front-matter] header statement*
    front-matter := "---" NL "title: " yaml-double-quoted-string NL "---" NL
    header     := "graph " ("LR" | "RL" | "TD" | "TB" | "BT") NL
    statement  := "  " (node | link | class-def | link-style) NL
    node       := id '["' label '"]' [":::" class-name]
    link       := id " --> " id | id " -->|" edge-label "| " id
    class-def  := "classDef " class-name " " style ("," style)*
    link-style := "linkStyle " index ("," index)* " " style ("," style)*
    id         := [A-Za-z][A-Za-z0-9_]*
    label      := text without '"', with '<br/>' allowed and entities '#quot;', '#lt;', ...
    edge-label := text without '|' or '"'

and the rules a renderer enforces: every node is defined once, before a link uses it; every
class a node uses is defined; every linkStyle index names a link. Exits 0 when the text parses,
1 with the line number and the reason when it does not.
"""
import re
import sys

DIRECTIONS = {"LR", "RL", "TD", "TB", "BT"}
ID = r"[A-Za-z][A-Za-z0-9_]*"
ENTITY = r"#(?:quot|lt|gt|amp|[0-9]+);"
LABEL = r'(?:[^"<>#]|<br/>|' + ENTITY + r"|#(?![a-z0-9]+;))*"
NODE = re.compile(r'^(' + ID + r')\["(' + LABEL + r')"\](?::::(' + ID + r'))?$')
LINK = re.compile(r"^(" + ID + r") -->(?:\|([^|\"]+)\|)? (" + ID + r")$")
STYLE = r"[a-z-]+:[#A-Za-z0-9.%-]+"
CLASS_DEF = re.compile(r"^classDef (" + ID + r") (" + STYLE + r"(?:," + STYLE + r")*)$")
LINK_STYLE = re.compile(r"^linkStyle ([0-9]+(?:,[0-9]+)*) (" + STYLE + r"(?:," + STYLE + r")*)$")
TITLE = re.compile(r'^title: "(?:[^"\\]|\\.)*"$')


class ParseError(Exception):
    def __init__(self, line, reason):
        super().__init__(f"line {line}: {reason}")


def check(text):
    """Raises ParseError unless `text` is a flowchart of the grammar above."""
    if not text.endswith("\n"):
        raise ParseError(text.count("\n") + 1, "the text does not end with a line break")
    lines = text[:-1].split("\n")
    number = 0
    if lines and lines[0] == "---":
        if len(lines) < 3 or not TITLE.match(lines[1]) or lines[2] != "---":
            raise ParseError(1, "front matter must be ---, title: \"…\", ---")
        number = 3
    if number >= len(lines) or not lines[number].startswith("graph "):
        raise ParseError(number + 1, "expected the header 'graph LR'")
    if lines[number][len("graph "):] not in DIRECTIONS:
        raise ParseError(number + 1, f"unknown direction in {lines[number]!r}")
    nodes, used_classes, defined_classes, links, styled = set(), {}, set(), 0, []
    for index, line in enumerate(lines[number + 1:], start=number + 2):
        if not line.startswith("  ") or line.startswith("   "):
            raise ParseError(index, "a statement is indented by two spaces")
        statement = line[2:]
        if match := NODE.match(statement):
            if match[1] in nodes:
                raise ParseError(index, f"node {match[1]} is defined twice")
            nodes.add(match[1])
            if match[3]:
                used_classes.setdefault(match[3], index)
        elif match := LINK.match(statement):
            for end in (match[1], match[3]):
                if end not in nodes:
                    raise ParseError(index, f"link to {end}, which no node defines before it")
            links += 1
        elif match := CLASS_DEF.match(statement):
            defined_classes.add(match[1])
        elif match := LINK_STYLE.match(statement):
            styled.append((index, [int(n) for n in match[1].split(",")]))
        else:
            raise ParseError(index, f"not a node, link, classDef or linkStyle: {statement!r}")
    for name, index in used_classes.items():
        if name not in defined_classes:
            raise ParseError(index, f"class {name} has no classDef")
    for index, numbers in styled:
        for number_ in numbers:
            if number_ >= links:
                raise ParseError(index, f"linkStyle {number_}: there are {links} links")


SELF_TESTS = [
    ('---\ntitle: "a \\"b\\""\n---\ngraph LR\n  n0["A<br/>x"]:::root\n  n1["B #quot;c#quot;"]\n'
     '  n0 -->|engine| n1\n  n0 --> n1\n  classDef root stroke-width:3px\n'
     '  linkStyle 0,1 stroke:#d00,color:#d00\n', None),
    ("graph LR\n  classDef problem stroke:#d00,color:#d00\n", None),
    ('graph LR\n  n0["A"]\n  n0 --> n1\n', "no node defines"),
    ('graph LR\n  n0["A "quoted""]\n', "not a node"),
    ('graph LR\n  n0["A"]:::root\n', "has no classDef"),
    ('graph LR\n  n0["A"]\n  n0 --> n0\n  linkStyle 1 stroke:#d00\n', "there are 1 links"),
    ('graph LR\n  n0["A"]\n  n0["B"]\n', "defined twice"),
    ('graph XY\n', "unknown direction"),
    ('graph LR\n  n0["A"]\n  n0 -->|a|b| n0\n', "not a node"),
    ('---\ntitle: x\n---\ngraph LR\n', "front matter"),
    ('graph LR\n  n0["A"]', "line break"),
]


def self_test():
    failures = 0
    for text, expected in SELF_TESTS:
        try:
            check(text)
            error = None
        except ParseError as caught:
            error = str(caught)
        if (expected is None and error is not None) or (
            expected is not None and (error is None or expected not in error)
        ):
            failures += 1
            print(f"self-test failed: expected {expected!r}, got {error!r} for {text!r}")
    print(f"check-mermaid self-test: {len(SELF_TESTS) - failures} of {len(SELF_TESTS)} passed")
    return 1 if failures else 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    if len(arguments) > 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 64
    text = open(arguments[0]).read() if arguments else sys.stdin.read()
    try:
        check(text)
    except ParseError as error:
        print(f"the Mermaid text does not parse: {error}", file=sys.stderr)
        return 1
    print("ok: the Mermaid text parses")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
