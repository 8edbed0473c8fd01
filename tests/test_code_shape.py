"""The code stays readable at a glance (issue 23, STYLE): no module of the package over 400 lines, no function
over 40 lines of body (its docstring aside). A module or function that outgrows them is split along its ideas."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sheetrunner"
LONGEST_MODULE = 400
LONGEST_FUNCTION = 40


def body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A function's lines from its first statement after the docstring to its last."""
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and len(node.body) > 1:
        first = node.body[1]
    return node.end_lineno - first.lineno + 1


def test_no_module_is_over_400_lines():
    long = {str(path.relative_to(PACKAGE)): lines for path in PACKAGE.rglob("*.py")
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE}
    assert long == {}


def test_no_function_is_over_40_lines():
    long = [f"{path.relative_to(PACKAGE)}: {node.name} ({body_lines(node)} lines)"
            for path in sorted(PACKAGE.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and body_lines(node) > LONGEST_FUNCTION]
    assert long == []


def test_the_measure_counts_a_functions_body_without_its_docstring():
    source = 'def f():\n    """Doc\n    string."""\n    a = 1\n    return a\n'
    assert body_lines(ast.parse(source).body[0]) == 2
