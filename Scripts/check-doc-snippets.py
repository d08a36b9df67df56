#!/usr/bin/env python3
"""Compiles every ```swift block of the documentation, so that a guide cannot drift from the API.

    python3 Scripts/check-doc-snippets.py [--work DIR] [--list] [--self-test] [FILE.md ...]

Pages: README.md, Documentation/**/*.md, and the DocC catalogs' articles and extension files
(Packages/*/Sources/*/*.docc/**/*.md); or only the FILEs given.

How a page becomes code:
- Each page is one module: a target of a generated SwiftPM package in DIR (default: this
  checkout's .build/doc-snippets, kept between runs so that the next run builds incrementally),
  which depends on this repository by `.package(path:)`, every target on its four products,
  built in debug with the repository's upcoming features (ExistentialAny,
  MemberImportVisibility).
- Each block (with the blocks that continue it) is a file of its module that imports
  InjectionCore, Foundation and Testing (a page of a module's DocC catalog also that module),
  plus what the visible blocks up to it import; a setup's file imports what any block of the
  page imports, and what a setup imports reaches no visible block. A block that uses a type or
  function declared at the top level only by a later block (or setup) of its module is an error:
  a reader copies a block with what comes before it.
- A block's top-level declarations (types, extensions, functions, `@Test` functions; a `let` or
  `var` without `try`/`await`, of a name the page has not declared yet, that comes before the
  block's first statement) go at file scope, so later blocks of the page can use them; such a
  global is `nonisolated(unsafe)` (top-level code of a script; the check is about the API).
  The block's other statements go, in order, into a function of their own,
  `@MainActor func block_LINE() async throws`, so that `try` and `await` work.
- A placeholder `…` (or a `...` that stands alone) in code, outside strings and comments,
  becomes `fatalError()`.
- A block that starts with `// Package.swift`, `.package(` or `.product(`, or contains
  `// swift-tools-version` or `let package = Package(`, is a package manifest and is skipped.

Markers, in an HTML comment on the lines before a block (blank lines may separate them):
- `<!-- snippet: skip REASON -->` skips the next block; REASON is required (another library's
  code, Objective-C, a compile error shown on purpose).
- `<!-- snippet: new-module -->` starts a fresh module at the next block, for a page that
  defines a name twice (a "before" and an "after").
- `<!-- snippet: continue -->` puts the next block's statements in a scope nested in the
  previous block's function, so it can use (and shadow) the names that block declared with
  `try` or `await`.
- `<!-- snippet-setup` ... `-->` (the Swift code on the lines between) is hidden code compiled
  with the page's current module, as if it were a block: the declarations the prose assumes.
  A setup that comes before the page's first code block (of any language) is compiled into
  every module of the page.
  In a DocC catalog, no line of a setup may start with `@`: DocC reads it as a directive even
  inside a comment.

Errors are printed as `path/to/page.md:LINE: error: message`, at the Markdown line (each item of
generated code carries a `#sourceLocation` of its page); the exit status is 1 when a block does
not compile or a marker is malformed, 0 otherwise. `--self-test` checks, in the same package,
that a broken block fails at its Markdown line and that a good one compiles. `--list` prints
the modules and blocks without building.

The same run (without FILEs) also checks that no DocC page repeats a Markdown guide: a page of a
catalog (Packages/*/Sources/*/*.docc/*.md) and a page of Documentation/ must not share 3 or
more identical lines longer than 60 characters, outside HTML comments (prose lives in
Documentation/; the DocC articles map symbols and link to it).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
PRODUCTS = ["InjectionCore", "InjectionReflection", "InjectionPlist", "InjectionTestSupport"]
DEFAULT_IMPORTS = ["InjectionCore", "Foundation", "Testing"]
DECLARATION_KEYWORDS = {
    "struct", "class", "protocol", "enum", "extension", "func", "actor", "typealias", "init",
    "deinit", "subscript", "macro", "precedencegroup", "operator", "associatedtype",
}
MODIFIERS = re.compile(
    r"^(?:public|private|fileprivate|internal|package|open|final|static|indirect|mutating|"
    r"nonmutating|override|required|convenience|dynamic|lazy|weak|unowned|consuming|borrowing|"
    r"distributed|nonisolated(?:\(unsafe\))?|isolated|prefix|postfix|infix)\b\s*"
)
ATTRIBUTE = re.compile(r"^@[A-Za-z_][\w.]*")
DUPLICATE_MIN_LENGTH = 60
DUPLICATE_MAX_LINES = 3


class Failure(Exception):
    """A problem located at a Markdown line."""

    def __init__(self, path: str, line: int, message: str):
        super().__init__(f"{path}:{line}: error: {message}")


@dataclasses.dataclass
class Block:
    path: str  # relative to ROOT
    line: int  # Markdown line of the block's first code line (1-based)
    lines: list[str]  # the code, without the fence's indentation
    hidden: bool = False  # snippet-setup code
    continues: bool = False  # a `continue` marker: in the previous block's function


@dataclasses.dataclass
class Module:
    name: str
    path: str
    blocks: list[Block] = dataclasses.field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# Markdown


def pages(files: list[str]) -> list[pathlib.Path]:
    if files:
        return [pathlib.Path(f).resolve() for f in files]
    found = [ROOT / "README.md"]
    found += sorted((ROOT / "Documentation").rglob("*.md"))
    found += sorted(
        p for p in (ROOT / "Packages").glob("*/Sources/*/*.docc/**/*.md") if p.is_file()
    )
    return [p for p in found if p.exists()]


FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)")
MARKER = re.compile(r"^\s*<!--\s*snippet(-setup)?\b:?\s*(.*?)\s*(-->)?\s*$")


def module_name(path: str, index: int) -> str:
    stem = re.sub(r"\.md$", "", path)
    stem = stem.replace("Documentation/", "").replace("Packages/", "")
    stem = re.sub(r"^\w+/Sources/\w+/", "", stem).replace(".docc", "Docc")
    name = "Snippets" + "".join(part[:1].upper() + part[1:] for part in re.split(r"[^\w]+", stem))
    name = re.sub(r"\W", "", name)
    return name if index == 0 else f"{name}{index + 1}"


def parse_page(path: str, text: str) -> tuple[list[Module], int, int]:
    """The page's modules, how many blocks it skips by a marker and how many manifests."""
    lines = text.split("\n")
    modules = [Module(module_name(path, 0), path)]
    pending_skip: tuple[int, str] | None = None
    pending_new_module: int | None = None
    pending_continue: int | None = None
    skipped = manifests = 0
    shared: list[Block] = []  # setup code before the page's first block: in every module
    seen_block = False
    index = 0
    while index < len(lines):
        line = lines[index]
        marker = MARKER.match(line)
        if marker and line.lstrip().startswith("<!--"):
            if marker.group(1):  # snippet-setup: the code until `-->`
                if pending_new_module is not None:
                    modules.append(Module(module_name(path, len(modules)), path, list(shared)))
                    pending_new_module = None
                start = index + 1
                end = start
                while end < len(lines) and "-->" not in lines[end]:
                    end += 1
                if end == len(lines):
                    raise Failure(path, index + 1, "snippet-setup without a closing `-->`")
                if marker.group(2):
                    raise Failure(path, index + 1, "put snippet-setup code on the lines after it")
                setup = Block(path, start + 1, lines[start:end], hidden=True)
                modules[-1].blocks.append(setup)
                if not seen_block:
                    shared.append(setup)
                index = end + 1
                continue
            if not marker.group(3):
                raise Failure(path, index + 1, "a snippet marker must end on its line with `-->`")
            words = marker.group(2).split(None, 1)
            if words and words[0] == "skip":
                if len(words) < 2 or not words[1].strip():
                    raise Failure(path, index + 1, "`<!-- snippet: skip REASON -->` needs a REASON")
                pending_skip = (index + 1, words[1])
            elif words == ["new-module"]:
                pending_new_module = index + 1
            elif words == ["continue"]:
                pending_continue = index + 1
            else:
                raise Failure(
                    path, index + 1,
                    f"unknown snippet marker `{marker.group(2)}` (skip REASON, new-module, "
                    "continue, or snippet-setup)",
                )
            index += 1
            continue
        fence = FENCE.match(line)
        if not fence:
            if line.strip() and not line.lstrip().startswith("<!--"):
                if pending_skip is not None:
                    raise Failure(path, pending_skip[0], "snippet skip marker not followed by a block")
                for what, at in (("new-module", pending_new_module), ("continue", pending_continue)):
                    if at is not None:
                        raise Failure(path, at, f"snippet {what} marker not followed by a block")
            index += 1
            continue
        indent, ticks, language = fence.group(1), fence.group(2), fence.group(3)
        seen_block = True
        end = index + 1
        while end < len(lines):
            closing = lines[end].strip()
            if closing.startswith(ticks[0] * len(ticks)) and closing.strip(ticks[0]) == "":
                break
            end += 1
        body = [
            l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[index + 1:end]
        ]
        if language == "swift":
            if pending_new_module is not None:
                modules.append(Module(module_name(path, len(modules)), path, list(shared)))
                pending_new_module = None
            joined = "\n".join(body)
            if pending_skip is not None:
                skipped += 1
            elif (
                re.match(r"\s*(// Package\.swift|\.package\(|\.product\()", joined)
                or "// swift-tools-version" in joined
                or "let package = Package(" in joined
            ):
                manifests += 1
            else:
                if pending_continue is not None and not any(
                    not b.hidden for b in modules[-1].blocks
                ):
                    raise Failure(path, pending_continue, "nothing to continue: no block before it")
                modules[-1].blocks.append(
                    Block(path, index + 2, body, continues=pending_continue is not None)
                )
        pending_skip = None
        pending_continue = None
        index = end + 1
    return [m for m in modules if any(not b.hidden for b in m.blocks)], skipped, manifests


# ---------------------------------------------------------------------------------------------
# Swift, roughly: enough lexing to find strings, comments and bracket depth


def lex(lines: list[str]) -> list[tuple[int, int, str]]:
    """For each line: bracket depth at its start, at its end, and its code with strings and
    comments blanked out (same length)."""
    result = []
    depth = 0
    stack: list[str] = []  # 'str', 'mstr', 'comment', 'interp'
    interp_depth: list[int] = []
    for line in lines:
        start_depth = depth
        code = []
        i = 0
        while i < len(line):
            c = line[i]
            state = stack[-1] if stack else None
            if state == "comment":
                if line.startswith("*/", i):
                    stack.pop()
                    code.append("  ")
                    i += 2
                    continue
                code.append(" ")
                i += 1
                continue
            if state in ("str", "mstr"):
                if c == "\\" and line.startswith("\\(", i):
                    stack.append("interp")
                    interp_depth.append(0)
                    code.append("  ")
                    i += 2
                    continue
                if c == "\\":
                    code.append("  ")
                    i += 2
                    continue
                if state == "mstr" and line.startswith('"""', i):
                    stack.pop()
                    code.append('"""')
                    i += 3
                    continue
                if state == "str" and c == '"':
                    stack.pop()
                    code.append('"')
                    i += 1
                    continue
                code.append(" ")
                i += 1
                continue
            # code (top level or inside an interpolation)
            if line.startswith("//", i):
                code.append(" " * (len(line) - i))
                break
            if line.startswith("/*", i):
                stack.append("comment")
                code.append("  ")
                i += 2
                continue
            if line.startswith('"""', i):
                stack.append("mstr")
                code.append('"""')
                i += 3
                continue
            if c == '"':
                stack.append("str")
                code.append('"')
                i += 1
                continue
            if c in "([{":
                if state == "interp":
                    interp_depth[-1] += 1
                else:
                    depth += 1
            elif c in ")]}":
                if state == "interp":
                    if c == ")" and interp_depth[-1] == 0:
                        stack.pop()
                        interp_depth.pop()
                        code.append(" ")
                        i += 1
                        continue
                    interp_depth[-1] -= 1
                else:
                    depth -= 1
            code.append(c)
            i += 1
        if stack and stack[-1] == "str":  # a single-line string does not continue
            stack.pop()
        result.append((start_depth, depth, "".join(code)))
    return result


PLACEHOLDER = re.compile(r"…|(?<![\w.)\]\"])\.\.\.(?![\w.(])")


def replace_placeholders(line: str, code: str) -> str:
    out = []
    last = 0
    for match in PLACEHOLDER.finditer(code):
        out.append(line[last:match.start()])
        out.append("fatalError()")
        last = match.end()
    out.append(line[last:])
    return "".join(out)


CONTINUES_BEFORE = re.compile(r"^\s*(\.|&&|\|\||\?\?|->|where\b|throws\b|async\b|:|\+|-[^>]|\*|/[^/*])")
CONTINUES_AFTER = re.compile(r"(=|\(|\[|,|->|&&|\|\||\?\?|\+|-|\*|:|\bin|\bthrows|\basync)\s*$")


def items(block: Block) -> list[tuple[int, list[str], str]]:
    """The block's top-level items: (offset of the first line, lines, kind), kind one of
    'import', 'decl', 'global', 'statement'."""
    lexed = lex(block.lines)
    lines = [replace_placeholders(l, c) for l, (_, _, c) in zip(block.lines, lexed)]
    codes = [c for (_, _, c) in lexed]
    found = []
    i = 0
    while i < len(lines):
        if not codes[i].strip() or lexed[i][0] != 0:
            i += 1
            continue
        start = i
        j = i
        while True:
            ends_at_zero = lexed[j][1] == 0
            text = " ".join(codes[start:j + 1])
            only_attributes = strip_attributes(text).strip() == ""
            nxt = j + 1
            while nxt < len(lines) and not codes[nxt].strip():
                nxt += 1
            if nxt >= len(lines):
                break
            if not ends_at_zero or only_attributes:
                j = nxt
                continue
            if CONTINUES_BEFORE.match(codes[nxt]) or CONTINUES_AFTER.search(codes[j]):
                j = nxt
                continue
            break
        found.append((start, lines[start:j + 1], classify(" ".join(codes[start:j + 1]))))
        i = j + 1
    return found


def strip_attributes(text: str) -> str:
    text = text.strip()
    while True:
        match = ATTRIBUTE.match(text)
        if match:
            rest = text[match.end():]
            if rest.startswith("("):
                depth = 0
                for k, c in enumerate(rest):
                    depth += c == "("
                    depth -= c == ")"
                    if depth == 0:
                        rest = rest[k + 1:]
                        break
                else:
                    return ""
            text = rest.strip()
            continue
        match = MODIFIERS.match(text)
        if match:
            text = text[match.end():]
            continue
        return text


def classify(code: str) -> str:
    text = strip_attributes(code)
    word = re.match(r"[A-Za-z_]\w*", text)
    keyword = word.group(0) if word else ""
    if keyword == "import":
        return "import"
    if keyword in DECLARATION_KEYWORDS:
        return "decl"
    if keyword in ("let", "var"):
        if re.search(r"\btry(?![!?])|\bawait\b", text) or not re.match(r"(let|var)\s+\w+", text):
            return "statement"
        return "global"
    return "statement"


def declared_name(code: str) -> str | None:
    match = re.match(r"(?:let|var)\s+(\w+)", strip_attributes(code))
    return match.group(1) if match else None


# ---------------------------------------------------------------------------------------------
# Generated package


IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let)\s+)?(\w+)")


def page_imports(modules: list[Module], path: str) -> list[str]:
    catalog = re.match(r"Packages/(\w+)/Sources/\1/\1\.docc/", path)
    found = [catalog.group(1)] if catalog else []
    for module in modules:
        if module.path == path:
            for block in module.blocks:
                for line in block.lines:
                    match = IMPORT.match(line)
                    if match and match.group(1) not in found:
                        found.append(match.group(1))
    return found


def unsafe_global(line: str) -> str:
    """A top-level `let`/`var` line as a `nonisolated(unsafe)` global, after its attributes,
    unless it states its isolation already."""
    if re.search(r"@MainActor|@\w+Actor\b|\bnonisolated\b", line):
        return line
    attributes = re.match(r"\s*(?:@\w+(?:\([^)]*\))?\s+)*", line).end()
    return line[:attributes] + "nonisolated(unsafe) " + line[attributes:]


def block_imports(block: Block) -> list[str]:
    found = []
    for line in block.lines:
        match = IMPORT.match(line)
        if match and match.group(1) not in found:
            found.append(match.group(1))
    return found


def generate_module(
    module: Module, extra_imports: list[str], visible: list[tuple[int, list[str]]]
) -> dict[str, str]:
    """The module's files: one per hidden setup, and one per block with the blocks that
    continue it. A block's file imports the defaults (and a catalog's module) and what the
    visible blocks of the page up to it import (`visible`: each one's line and imports, in any
    module of the page), never what a hidden setup imports: a reader who copies a block and
    what comes before it has those imports. A setup's file imports all of them."""
    catalog = re.match(r"Packages/(\w+)/Sources/\1/\1\.docc/", module.path)
    base = list(DEFAULT_IMPORTS) + ([catalog.group(1)] if catalog else [])
    everything = base + [name for name in extra_imports if name not in base]
    files: list[tuple[str, list[str], list[str]]] = []  # name, imports, body
    visible_imports: list[str] = []
    globals_seen: set[str] = set()
    function: list[str] = []  # the statements of the open block function
    scopes = 0  # the `do {` scopes of the blocks that continue it
    function_name = ""
    function_file: list[str] | None = None  # the body the open function goes into

    def close(lines: list[str], name: str, depth: int) -> list[str]:
        if not lines:
            return []
        header = f"@MainActor func block_{name}() async throws {{"
        return [header, *lines, "#sourceLocation()", *(["}"] * depth), "}"]

    for block in module.blocks:
        for line, names in visible:
            if line <= block.line:
                visible_imports += [n for n in names if n not in visible_imports]
        imports_now = base + [n for n in visible_imports if n not in base]
        if block.hidden:
            body: list[str] = []
            files.append((f"Setup_{block.line}", everything, body))
        elif not block.continues:
            if function_file is not None:
                function_file += close(function, function_name, scopes)
            function, function_name, scopes = [], str(block.line), 0
            body = []
            files.append((f"Block_{block.line}", imports_now, body))
            function_file = body
        else:
            body = function_file if function_file is not None else []
            for index, (name, _, existing) in enumerate(files):
                if existing is body:
                    files[index] = (name, imports_now, existing)
        statements: list[str] = []
        located = False
        for offset, lines, kind in items(block):
            location = f'#sourceLocation(file: "{block.path}", line: {block.line + offset})'
            code = " ".join(lex(lines)[k][2] for k in range(len(lines)))
            if kind == "global":
                name = declared_name(code)
                if name in globals_seen or statements or block.continues:
                    kind = "statement"
                else:
                    globals_seen.add(name)
            if kind == "import":
                pass  # at the top of the file
            elif kind == "decl":
                body += [location, *lines]
                located = True
            elif kind == "global":
                body += [location, unsafe_global(lines[0]), *lines[1:]]
                located = True
            else:
                statements += [location, *lines]
        if located:
            body.append("#sourceLocation()")
        if block.hidden:
            body += close(statements, f"setup_{block.line}", 0)
        elif block.continues and statements:
            function += ["#sourceLocation()", "do {", *statements]
            scopes += 1
        else:
            function += statements
    if function_file is not None:
        function_file += close(function, function_name, scopes)
    generated = {}
    for name, imports, body in files:
        header = [f"// Generated by Scripts/check-doc-snippets.py from {module.path}; do not edit."]
        header += [f"import {imported}" for imported in imports]
        generated[f"{name}.swift"] = "\n".join(header + body) + "\n"
    return generated


TYPE_DECLARATION = re.compile(
    r"^(?:struct|class|protocol|enum|actor|typealias|func)\s+([A-Za-z_]\w*)"
)


def declared_later(module: Module) -> list[str]:
    """Names a visible block uses that only a later block (or setup) of its module declares at
    the top level: a type or a function. A reader copies a block with what comes before it, so
    what a block uses must be declared before it or in it."""
    declarations: list[dict[str, int]] = []  # per block: top-level type and function names
    for block in module.blocks:
        names: dict[str, int] = {}
        for offset, lines, kind in items(block):
            if kind != "decl":
                continue
            code = strip_attributes(" ".join(c for (_, _, c) in lex(lines)))
            match = TYPE_DECLARATION.match(code)
            if match:
                names.setdefault(match.group(1), block.line + offset)
        declarations.append(names)
    problems = []
    for index, block in enumerate(module.blocks):
        if block.hidden:
            continue
        known = set().union(*declarations[: index + 1])
        later: dict[str, int] = {}
        for names in declarations[index + 1:]:
            for name, line in names.items():
                if name not in known:
                    later.setdefault(name, line)
        if not later:
            continue
        reported = set()
        for offset, (_, _, code) in enumerate(lex(block.lines)):
            for match in re.finditer(r"(?<![\w.])([A-Za-z_]\w*)\b(?!\s*:(?!:))", code):
                name = match.group(1)
                if name in later and name not in reported:
                    reported.add(name)
                    problems.append(
                        f"{block.path}:{block.line + offset}: error: uses '{name}', which the page "
                        f"declares later (line {later[name]}): declare it before this block or "
                        "in it (a reader copies a block with what comes before it)"
                    )
    return problems


def manifest(modules: list[Module], dependency_path: pathlib.Path) -> str:
    identity = dependency_path.name.lower()
    products = ", ".join(
        f'.product(name: "{p}", package: "{identity}")' for p in PRODUCTS
    )
    targets = "\n".join(
        f'    .target(name: "{m.name}", dependencies: products, swiftSettings: settings),'
        for m in modules
    )
    return f"""// swift-tools-version: 6.0
// Generated by Scripts/check-doc-snippets.py; do not edit.
import PackageDescription

let settings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]
let products: [Target.Dependency] = [{products}]

let package = Package(
  name: "doc-snippets",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(path: "{dependency_path}")],
  targets: [
{targets}
  ],
  swiftLanguageModes: [.v6]
)
"""


def write_if_changed(path: pathlib.Path, text: str) -> None:
    if path.exists() and path.read_text() == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def write_package(work: pathlib.Path, modules: list[Module], prune: bool = True) -> None:
    """Writes the package; `prune` removes the sources of modules it no longer has (the
    self-test keeps them, so that the next full run does not compile them again)."""
    write_if_changed(work / "Package.swift", manifest(modules, ROOT))
    wanted = {m.name for m in modules}
    sources = work / "Sources"
    if prune and sources.exists():
        for stale in sources.iterdir():
            if stale.name not in wanted:
                for f in stale.iterdir():
                    f.unlink()
                stale.rmdir()
    for module in modules:
        visible = [
            (block.line, block_imports(block))
            for other in modules
            if other.path == module.path
            for block in other.blocks
            if not block.hidden
        ]
        generated = generate_module(module, page_imports(modules, module.path), visible)
        directory = sources / module.name
        if directory.exists():
            for stale in directory.iterdir():
                if stale.name not in generated:
                    stale.unlink()
        for name, text in generated.items():
            write_if_changed(directory / name, text)
            map_generated(directory / name, text)


DIAGNOSTIC = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:\d+:)? (?P<kind>error|warning): (?P<message>.*)$")


def build_all(work: pathlib.Path, modules: list[Module]) -> tuple[bool, list[str], str]:
    """Builds the package; when that fails, each module that reported no error on its own
    (SwiftPM stops at the first failing module)."""
    ok, errors, output = build(work)
    if ok:
        return ok, errors, output
    failed = {e.split(":", 1)[0] for e in errors}
    for module in modules:
        if module.path in failed:
            continue
        _, more, more_output = build(work, module.name)
        errors += [e for e in more if e not in errors]
        output += more_output
    return ok, errors, output


EXPANDED = re.compile(r"(/\S+\.swift):(\d+):\d+: note: expanded code originates here")
# For each generated file (real path): its line -> (page, Markdown line), from the nearest
# `#sourceLocation` above it (the wrapper's own lines map to the block they belong to).
GENERATED_LINES: dict[str, dict[int, tuple[str, int]]] = {}


def map_generated(path: pathlib.Path, text: str) -> None:
    mapping: dict[int, tuple[str, int]] = {}
    current: tuple[str, int] | None = None
    for number, line in enumerate(text.split("\n"), 1):
        directive = re.match(r'#sourceLocation\(file: "([^"]*)", line: (\d+)\)', line)
        if directive:
            current = (directive.group(1), int(directive.group(2)) - 1)
            continue
        if line.startswith("#sourceLocation()"):
            current = (current[0], current[1]) if current else None
            continue
        if current:
            current = (current[0], current[1] + 1)
            mapping[number] = current
    GENERATED_LINES[os.path.realpath(path)] = mapping


def build(work: pathlib.Path, target: str | None = None) -> tuple[bool, list[str], str]:
    command = ["swift", "build", "--package-path", str(work)]
    if target:
        command += ["--target", target]
    process = subprocess.run(command, capture_output=True, text=True)
    output = process.stdout + process.stderr
    errors = []
    lines = output.splitlines()
    for index, line in enumerate(lines):
        match = DIAGNOSTIC.match(line.strip())
        if not match or match.group("kind") != "error":
            continue
        file, number = match.group("file"), match.group("line")
        if not file.endswith(".md"):
            # Generated code, or a macro's expansion: the generated line it comes from.
            origin = (file, int(number))
            for following in lines[index + 1:index + 3]:
                expanded = EXPANDED.search(following)
                if expanded:
                    origin = (expanded.group(1), int(expanded.group(2)))
            mapped = GENERATED_LINES.get(os.path.realpath(origin[0]), {}).get(origin[1])
            if mapped:
                file, number = mapped[0], str(mapped[1])
        if os.path.isabs(file) and file.endswith(".md"):
            try:
                file = str(pathlib.Path(file).relative_to(ROOT))
            except ValueError:
                pass
        entry = f"{file}:{number}: error: {match.group('message')}"
        if entry not in errors:
            errors.append(entry)
    return process.returncode == 0, errors, output


# ---------------------------------------------------------------------------------------------
# DocC articles that repeat a guide


def duplicated_lines() -> list[str]:
    def long_lines(path: pathlib.Path) -> dict[str, int]:
        """The page's long lines, outside HTML comments (snippet setups are not shown)."""
        found: dict[str, int] = {}
        in_comment = False
        for number, line in enumerate(path.read_text().split("\n"), 1):
            stripped = line.strip()
            if in_comment or stripped.startswith("<!--"):
                in_comment = "-->" not in stripped
                continue
            if len(stripped) > DUPLICATE_MIN_LENGTH:
                found.setdefault(stripped, number)
        return found

    guides = {p: long_lines(p) for p in sorted((ROOT / "Documentation").rglob("*.md"))}
    problems = []
    for article in sorted((ROOT / "Packages").glob("*/Sources/*/*.docc/*.md")):
        mine = long_lines(article)
        for guide, theirs in guides.items():
            shared = [line for line in mine if line in theirs]
            if len(shared) >= DUPLICATE_MAX_LINES:
                first = shared[0]
                problems.append(
                    f"{article.relative_to(ROOT)}:{mine[first]}: error: shares {len(shared)} lines "
                    f"longer than {DUPLICATE_MIN_LENGTH} characters with "
                    f"{guide.relative_to(ROOT)} (line {theirs[first]} and more): keep the prose "
                    "in the guide and link to it"
                )
    return problems


# ---------------------------------------------------------------------------------------------


def collect(paths: list[pathlib.Path]) -> tuple[list[Module], int, int, list[str]]:
    modules: list[Module] = []
    skipped = manifests = 0
    problems = []
    for page in paths:
        relative = str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else str(page)
        try:
            found, s, m = parse_page(relative, page.read_text())
        except Failure as failure:
            problems.append(str(failure))
            continue
        modules += found
        skipped += s
        manifests += m
    return modules, skipped, manifests, problems


SELF_TEST_PAGE = """# Self-test

<!-- snippet-setup
struct Hidden {}
-->

```swift
protocol Engine: Sendable {}
struct V8: Engine {}
let injector = Injector(label: "self-test")
injector.map((any Engine).self, scope: .singleton, with: V8.init)
let engine = try injector.resolve((any Engine).self)
_ = Hidden()
injector.map(Hidden.self) { _ in … }
```

<!-- snippet: continue -->
```swift
_ = engine  // made with `try` by the block above
```

<!-- snippet: skip not Swift at all -->
```swift
this is not Swift
```

```swift
let broken: Int = "a string"
```

<!-- snippet-setup
import Synchronization
-->
```swift
let counter = Mutex(0)   // Mutex's import is hidden in the setup: the reader does not see it
```
"""


LATER_PAGE = """# Used before it is declared

```swift
let handler = Handler()
```

```swift
final class Handler {}
```
"""


def self_test(work: pathlib.Path) -> int:
    found, skipped, _ = parse_page("self-test.md", SELF_TEST_PAGE)
    assert skipped == 1, skipped
    for bad, why in (
        ("<!-- snippet: skip -->\n```swift\nx\n```\n", "needs a REASON"),
        ("<!-- snippet: skip why -->\n\nprose\n```swift\nx\n```\n", "not followed by a block"),
        ("<!-- snippet: frobnicate -->\n```swift\nx\n```\n", "unknown snippet marker"),
    ):
        try:
            parse_page("bad.md", bad)
        except Failure as failure:
            assert why in str(failure), str(failure)
        else:
            raise AssertionError(f"no error for {bad!r}")
    (later,), _, _ = parse_page("later.md", LATER_PAGE)
    expected_later = [
        "later.md:4: error: uses 'Handler', which the page declares later (line 8): declare it "
        "before this block or in it (a reader copies a block with what comes before it)"
    ]
    if declared_later(later) != expected_later:
        print(f"self-test failed: expected {expected_later}, got {declared_later(later)}",
              file=sys.stderr)
        return 1
    module = found[0]
    module.name = "SnippetsSelfTest"
    write_package(work, [module], prune=False)
    ok, errors, output = build(work, module.name)
    expected = [
        "self-test.md:28: error: cannot convert value of type 'String' to specified type 'Int'",
        "self-test.md:35: error: cannot find 'Mutex' in scope",
    ]
    if ok or sorted(errors) != sorted(expected):
        print(output, file=sys.stderr)
        print(f"self-test failed: expected exactly {expected!r}, got {errors}", file=sys.stderr)
        return 1
    del module.blocks[-3:]  # without the broken blocks, the page compiles
    write_package(work, [module], prune=False)
    ok, errors, output = build(work, module.name)
    if not ok:
        print(output, file=sys.stderr)
        print("self-test failed: the good blocks did not compile", file=sys.stderr)
        return 1
    print(
        "ok: self-test (a broken block fails at its Markdown line, and so does a block that uses a"
        " module only a hidden setup imports or a type declared later; good blocks compile)"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help="Markdown pages (default: all of them)")
    parser.add_argument(
        "--work", default=str(ROOT / ".build" / "doc-snippets"), help="the generated package"
    )
    parser.add_argument("--list", action="store_true", help="list modules and blocks, no build")
    parser.add_argument("--self-test", action="store_true")
    arguments = parser.parse_args()
    work = pathlib.Path(arguments.work).resolve()
    started = time.monotonic()
    if arguments.self_test:
        return self_test(work)

    modules, skipped, manifests, problems = collect(pages(arguments.files))
    if not arguments.files:
        problems += duplicated_lines()
    for module in modules:
        problems += declared_later(module)
    blocks = sum(1 for m in modules for b in m.blocks if not b.hidden)
    if arguments.list:
        for module in modules:
            print(f"{module.name} ({module.path}): lines "
                  + ", ".join(str(b.line) + ("h" if b.hidden else "") for b in module.blocks))
        return 0
    write_package(work, modules)
    ok, errors, output = build_all(work, modules)
    for problem in problems + errors:
        print(problem, file=sys.stderr)
    if not ok and not errors:
        print(output, file=sys.stderr)
    elapsed = time.monotonic() - started
    if ok and not problems:
        print(
            f"ok: {blocks} swift blocks in {len(modules)} modules compile; {skipped} skipped by a "
            f"marker, {manifests} package manifests ({elapsed:.0f} s)"
        )
        return 0
    print(
        f"error: {len(problems) + len(errors)} problems in the documentation's swift blocks "
        f"({blocks} blocks, {elapsed:.0f} s); generated package: {work}",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
