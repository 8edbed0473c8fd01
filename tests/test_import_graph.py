"""The package's modules import each other in one direction (issues 23, 32): no cycle among them, counting every
import, so each module can be read, tested and changed on its own. A cycle closed by an import inside a function,
inside `if TYPE_CHECKING:` or by a module loaded by name (`import_module`) is still two modules that must change
together, so every one of them is an edge here. Only third-party packages may be imported lazily to keep start-up
cheap; a sheetrunner module that must stay unloaded lives in a module of its own that only its command imports.

Not counted: the package `__init__` Python runs before a submodule (`sheetrunner/validate/__init__.py` before
`validate/reader.py`). That edge follows from where a module lives, not from what it imports; `from .validate
import x` names the package and is counted."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sheetrunner"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def absolute(node: ast.ImportFrom, name: str, is_package: bool) -> str:
    """The module an `ImportFrom` names, its dots resolved against the importing module `name`."""
    if not node.level:
        return node.module or ""
    package = name.split(".") if is_package else name.split(".")[:-1]
    anchor = package[: len(package) - node.level + 1]
    return ".".join(anchor + ([node.module] if node.module else []))


def loaded_by_name(tree: ast.Module, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules a package loads by name (`import_module(f".{module}", __name__)`): every one of its own
    submodules whose name it spells in a string."""
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and getattr(node.func, "id", getattr(node.func, "attr", "")) == "import_module"]
    if not calls:
        return set()
    package = name if is_package else name.rsplit(".", 1)[0]
    spelled = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    return {f"{package}.{word}" for word in spelled if f"{package}.{word}" in known}


def imported(path: Path, name: str, known: set[str]) -> dict[str, int]:
    """Every sheetrunner module `path` imports, wherever the import stands (module level, function, class,
    `if TYPE_CHECKING:`), each with the line of its first import."""
    tree, is_package, found = ast.parse(path.read_text(encoding="utf-8")), path.name == "__init__.py", {}
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.ImportFrom):
            base = absolute(node, name, is_package)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            if target in known and target != name:
                found[target] = min(found.get(target, node.lineno), node.lineno)
    for target in loaded_by_name(tree, name, is_package, known) - {name}:
        found.setdefault(target, 1)
    return found


def graph() -> dict[str, dict[str, int]]:
    """Each module's imports of the package's modules, with the line of each."""
    known = modules()
    return {name: imported(path, name, set(known)) for name, path in known.items()}


def cycles(edges: dict[str, set[str]] | dict[str, dict[str, int]]) -> list[list[str]]:
    """Every cycle found by a depth-first walk (each reported once, from its first module met)."""
    found, state = [], {}

    def walk(node: str, stack: list[str]) -> None:
        state[node] = "open"
        for target in sorted(edges[node]):
            if state.get(target) == "open":
                found.append(stack[stack.index(target):] + [target])
            elif target not in state:
                walk(target, stack + [target])
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            walk(node, [node])
    return found


def test_no_module_imports_one_that_imports_it_back():
    edges = graph()
    assert [" -> ".join(f"{a} (line {edges[a][b]})" for a, b in zip(cycle, cycle[1:])) + f" -> {cycle[-1]}"
            for cycle in cycles(edges)] == []


def test_the_walk_finds_a_cycle_when_there_is_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def write(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return {relative: root / relative for relative in files}


def test_every_kind_of_import_is_an_edge(tmp_path, monkeypatch):
    """Inside a function, under TYPE_CHECKING, `from . import module`, `from .. import x`, and by name."""
    monkeypatch.setitem(globals(), "PACKAGE", tmp_path / "sheetrunner")
    write(tmp_path, {
        "sheetrunner/__init__.py": "",
        "sheetrunner/top.py": "def f():\n    from .deep import inner\n",
        "sheetrunner/deep/__init__.py": "from importlib import import_module\nNAMES = ('one',)\n"
                                        "def get(n):\n    return import_module(f'.{n}', __name__)\n",
        "sheetrunner/deep/inner.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .. import top\n",
        "sheetrunner/deep/one.py": "from . import inner\nimport sheetrunner.top\n",
    })
    assert {name: set(targets) for name, targets in graph().items()} == {
        "sheetrunner": set(), "sheetrunner.top": {"sheetrunner.deep.inner"},
        "sheetrunner.deep": {"sheetrunner.deep.one"}, "sheetrunner.deep.inner": {"sheetrunner.top"},
        "sheetrunner.deep.one": {"sheetrunner.deep.inner", "sheetrunner.top"}}


# The package's folders are its layers (issue 32), lowest first: a module imports only its own folder's modules and
# those of the folders before it. `api.py` is the library's front door; `__init__` (the version) is below all.
LAYERS = ("sheetrunner", "model", "pairing", "workbook", "scoring", "rulesets", "rules", "teams", "validate", "written",
          "reports", "simulation", "api", "copies", "hall", "league", "commands", "__main__")


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def test_every_module_lives_in_a_layer():
    assert sorted({layer_of(name) for name in modules()} - set(LAYERS)) == []


def test_no_folder_imports_a_layer_above_it():
    edges = graph()
    upward = [f"{a} (line {line}) -> {b}" for a, targets in edges.items() for b, line in targets.items()
              if LAYERS.index(layer_of(b)) > LAYERS.index(layer_of(a))]
    assert sorted(upward) == []
