#!/usr/bin/env python3
"""Checks that every feature of Documentation/Concepts.md is one click from its module's DocC
landing page.

    python3 Scripts/check-landing-pages.py [--self-test]

The table Scripts/landing-pages/features.txt maps each `##` (and optionally `###`) section of
Concepts.md to a module and the symbols that module's landing page
(Packages/<Module>/Sources/<Module>/<Module>.docc/<Module>.md) must link, written as the page
links them (``Symbol``, or <doc:Article>). Fails, naming each, when:
- a `##` section of Concepts.md has no row (a new feature nobody placed on a landing page);
- a row names a heading that Concepts.md no longer has (a renamed or removed section);
- a landing page does not contain a link to one of its row's symbols.

What it cannot see: whether the sentence next to a link says when to use the feature, and
whether the table lists the right symbols for a section. Whether each link resolves is checked by
Scripts/build-docs.sh (docc --warnings-as-errors). Exit status 0 when all rows hold, 1 otherwise.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "Scripts", "landing-pages", "features.txt")
CONCEPTS = os.path.join(ROOT, "Documentation", "Concepts.md")


def landing_page_path(module):
    return os.path.join(ROOT, "Packages", module, "Sources", module, f"{module}.docc", f"{module}.md")


def headings(markdown):
    """The `##` and `###` headings outside code blocks, as (level, title)."""
    result, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            match = re.match(r"(#{2,3}) (.+?)\s*$", line)
            if match:
                result.append((len(match.group(1)), match.group(2)))
    return result


def parse_table(text):
    """Rows (line number, heading, module, [symbols]), and errors for malformed lines."""
    rows, errors = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [part.strip() for part in line.split(" | ")]
        if len(parts) != 3 or not all(parts):
            errors.append(f"table line {number}: expected 'Heading | Module | Symbol …': {line!r}")
            continue
        rows.append((number, parts[0], parts[1], parts[2].split()))
    return rows, errors


def link_text(symbol):
    return symbol if symbol.startswith("<doc:") else f"``{symbol}``"


def check(concepts, table, pages):
    """Errors for the Concepts.md text, the table text and {module: landing page text or None}."""
    rows, errors = parse_table(table)
    sections = headings(concepts)
    titles = {title for _, title in sections}
    placed = {row[1] for row in rows}
    for level, title in sections:
        if level == 2 and title not in placed:
            errors.append(f"Concepts.md section '{title}' has no row in the table: "
                          "link its symbols from its module's landing page and add a row")
    for number, heading, module, symbols in rows:
        if heading not in titles:
            errors.append(f"table line {number}: Concepts.md has no section '{heading}'")
        page = pages.get(module)
        if page is None:
            errors.append(f"table line {number}: no landing page for module {module}")
            continue
        for symbol in symbols:
            if link_text(symbol) not in page:
                errors.append(f"{module}.md does not link {link_text(symbol)} "
                              f"(Concepts.md section '{heading}')")
    return errors


def self_test():
    concepts = "# C\n## Aliases\n### Detail\n```\n## Not a heading\n```\n## Decorators\n"
    table = "# comment\nAliases | Core | Injector/alias(_:)\nDecorators | Core | <doc:Deco>\n"
    page = "See ``Injector/alias(_:)`` and <doc:Deco>."
    cases = [
        ("all rows hold", concepts, table, {"Core": page}, []),
        ("a missing link", concepts, table, {"Core": "See <doc:Deco>."},
         ["does not link ``Injector/alias(_:)``"]),
        ("a link in plain backquotes is not a link", concepts, table,
         {"Core": "See `Injector/alias(_:)` and <doc:Deco>."}, ["does not link ``Injector/alias(_:)``"]),
        ("a new section", concepts + "## Teardown\n", table, {"Core": page},
         ["section 'Teardown' has no row"]),
        ("a removed section", "# C\n## Aliases\n", table, {"Core": page},
         ["has no section 'Decorators'"]),
        ("an unknown module", concepts, table.replace("Decorators | Core", "Decorators | Nope"),
         {"Core": page}, ["no landing page for module Nope"]),
        ("a malformed row", concepts, table + "Aliases | Core\n", {"Core": page},
         ["expected 'Heading | Module | Symbol"]),
    ]
    failures = 0
    for name, c, t, p, expected in cases:
        errors = check(c, t, p)
        ok = len(errors) == len(expected) and all(e in error for e, error in zip(expected, errors))
        if not ok:
            failures += 1
            print(f"self-test failed: {name}: expected {expected!r}, got {errors!r}")
    print(f"check-landing-pages self-test: {len(cases) - failures} of {len(cases)} passed")
    return 1 if failures else 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    if arguments:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    with open(TABLE, encoding="utf-8") as file:
        table = file.read()
    with open(CONCEPTS, encoding="utf-8") as file:
        concepts = file.read()
    rows, _ = parse_table(table)
    pages = {}
    for module in {row[2] for row in rows}:
        path = landing_page_path(module)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                pages[module] = file.read()
    errors = check(concepts, table, pages)
    for error in errors:
        print(f"error: {error}")
    if errors:
        return 1
    print(f"ok: {len(rows)} rows, every Concepts.md section's symbols are linked from its landing page")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
