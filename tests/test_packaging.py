"""The wheel carries everything an installed copy needs, templates included."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_contains_the_package_and_templates(tmp_path):
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(tmp_path.glob("sheetrunner-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = {p.relative_to(ROOT / "templates").as_posix() for p in (ROOT / "templates").rglob("*")
                 if p.suffix in (".html", ".css", ".js")}
    assert {"desk.html", "hall.js"} <= {name.rsplit("/", 1)[-1] for name in templates}  # the hall's pages too
    assert templates and {f"sheetrunner/templates/{name}" for name in templates} <= names
    assert {"sheetrunner/commands/cli.py", "sheetrunner/rulesets/swiss_tp.py", "sheetrunner/pairing/swiss.py",
            "sheetrunner/hall/app.py"} <= names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "sheetrunner = sheetrunner.commands.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
