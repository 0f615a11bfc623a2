"""The house rules of the code's layout (docs/architecture.md, "Rooms"): no module too long to
read, no import circle, and no lower room reaching into a higher one. They are checked here
because each is easy to break by one innocent import and hard to see in review."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("judge", "parser", "adjudicator", "robots", "variants")
CHECKED = (*PACKAGES, "tests", "benchmarks")
LIMIT = 450  # non-blank lines

# The engine's rooms, lowest first: a room imports only rooms before it in this list (and
# itself). The modules on top (mail, dispatch, tick, unsubscribe) may import any room.
ENGINE_ROOMS = (
    "reply",
    "game",
    "clock",
    "accounts",
    "press",
    "endings",
    "play",
    "robots",
    "forming",
    "master",
    "listings",
)
ENGINE_TOP = ("mail", "dispatch", "tick", "unsubscribe")


def _python_files() -> list[Path]:
    return sorted(p for top in CHECKED for p in (ROOT / top).rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(p): p for p in _python_files() if _module_name(p).split(".")[0] in PACKAGES
    }


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of ours this one imports, at the top or inside a function (a lazy import
    is still an edge). `from pkg import x` imports `pkg` itself too, as Python does: a
    submodule that writes `from . import sibling` runs its package's __init__, and if that
    imports the submodule, the two are a circle."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
    return {m for m in found if m in known and m != name}


@cache
def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    found.append(sorted(component))
    return found


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_too_long_to_read(path: Path) -> None:
    lines = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    assert lines <= LIMIT, f"{path.relative_to(ROOT)} has {lines} non-blank lines"


def test_no_import_circle() -> None:
    assert _cycles(_graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    """The check above must be able to fail: a planted circle of three is found."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


def _room(module: str) -> str | None:
    parts = module.split(".")
    if parts[:2] != ["judge", "engine"] or len(parts) < 3:
        return None
    return parts[2]


def test_no_engine_room_imports_a_higher_one() -> None:
    rank = {room: i for i, room in enumerate(ENGINE_ROOMS)}
    wrong = []
    for module, imported in _graph().items():
        room = _room(module)
        if room is None or room in ENGINE_TOP:
            continue
        assert room in rank, f"{module}: room '{room}' is not in the list of rooms"
        for other in imported:
            there = _room(other)
            if there is not None and there != room and rank.get(there, len(rank)) > rank[room]:
                wrong.append(f"{module} imports {other}")
    assert wrong == []


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("judge.reports", "judge.engine"),
        ("judge.store", "judge.engine"),
        ("judge.mailout", "judge.engine"),
        ("parser", "judge"),
        ("adjudicator", "judge"),
        ("robots", "judge"),
        ("variants", "judge"),
        ("variants", "adjudicator"),
        ("variants", "parser"),
        ("variants", "robots"),
        ("adjudicator", "robots"),
        ("parser", "robots"),
    ],
)
def test_lower_layers_never_import_higher_ones(lower: str, higher: str) -> None:
    def within(module: str, package: str) -> bool:
        return module == package or module.startswith(package + ".")

    wrong = [
        f"{module} imports {other}"
        for module, imported in _graph().items()
        if within(module, lower)
        for other in imported
        if within(other, higher)
    ]
    assert wrong == []


def _families() -> list[dict[str, str]]:
    """The table of command families in docs/architecture.md, as the newcomer reads it."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("<!-- families -->")[1].strip().split("\n\n")[0]
    head, _, *rows = (
        [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        for line in table.splitlines()
    )
    return [dict(zip(head, row, strict=True)) for row in rows]


def test_every_family_of_the_table_has_its_files() -> None:
    families = _families()
    assert [f["family"] for f in families] == [
        "accounts", "forming", "play", "clock", "press", "endings", "master", "listings"
    ]  # fmt: skip
    index = (ROOT / "judge" / "helpfiles" / "INDEX").read_text()
    listed = {line.split("\t")[0] for line in index.splitlines()}
    for family in families:
        name = family["family"]
        for column in ("grammar", "commands", "handlers", "replies"):
            assert name in family[column], f"{name}: {column} {family[column]} is not named for it"
            assert (ROOT / family[column]).exists(), f"{name}: {family[column]} is missing"
        for help_file in family["help"].split(", "):
            assert help_file in listed, f"{name}: help file {help_file} is not in the INDEX"


def test_each_command_is_handled_in_its_familys_room() -> None:
    """A command's value lives in parser/commands/<family>.py and its handler in
    judge/engine/<family>/: the name that finds one finds the other."""
    import importlib

    import parser.commands as commands
    from judge.engine.dispatch import HANDLERS

    wrong = []
    for family in _families():
        module = importlib.import_module(f"parser.commands.{family['family']}")
        values = [
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, commands.Command)
            and value.__module__ == module.__name__
        ]
        assert values, family["family"]
        for value in values:
            handler = HANDLERS.get(value)
            if handler is not None and not handler.__module__.startswith(
                f"judge.engine.{family['family']}."
            ):
                wrong.append(f"{value.__name__} is handled in {handler.__module__}")
    assert wrong == []
    homeless = [v.__name__ for v in HANDLERS if not v.__module__.startswith("parser.commands.")]
    assert homeless == []


def test_each_familys_rules_are_in_its_grammar_file() -> None:
    """The transformer's methods of a family read rules that its own .lark file defines."""
    import importlib
    import re

    from lark import Transformer

    for family in _families():
        name = family["family"]
        grammar = (ROOT / family["grammar"]).read_text(encoding="utf-8")
        defined = set(re.findall(r"^[?!]?(\w+)\s*:", grammar, re.M))
        defined |= set(re.findall(r"->\s*(\w+)", grammar))
        module = importlib.import_module(f"parser.commands.{name}")
        mixin = getattr(module, f"{name.capitalize()}Rules")
        methods = {m for m in vars(mixin) if not m.startswith("_") and m not in vars(Transformer)}
        assert methods, name
        assert methods <= defined, f"{name}: {sorted(methods - defined)} not in {family['grammar']}"
