"""The package's modules import each other in one direction (issue 23): no cycle among module-level imports, so
each module can be read, tested and loaded on its own. Imports inside functions (the lazy loading of heavy
packages) are not edges: they run after every module has loaded."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sheetrunner"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, name: str) -> set[str]:
    """The sheetrunner modules `path` imports at module level (not inside functions or classes' methods)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            if base.startswith("sheetrunner"):
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("sheetrunner"))
    return found


def graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {name: {target for target in imported(path, name) if target in modules and target != name}
            for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
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
    assert cycles(graph()) == []


def test_the_walk_finds_a_cycle_when_there_is_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
