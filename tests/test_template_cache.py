"""Compiled templates are kept in the user's cache between runs (compiling them cost more than rendering a small
round's reports); a cache that cannot be made or written never stops a report."""

from __future__ import annotations

from builder import make_event

NAMES = ["Ann", "Ben", "Cat", "Dov"]


def paired(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    assert run("pair", path, "--no-reports").exit_code == 0
    return path


def test_templates_compile_once_into_the_cache(tmp_path, run, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = paired(tmp_path, run)
    assert run("report", path, "--out", tmp_path / "first").exit_code == 0
    cached = sorted(p.name for p in (tmp_path / "cache" / "sheetrunner" / "templates").iterdir())
    assert cached and all(name.startswith("__jinja2_") for name in cached)
    assert run("report", path, "--out", tmp_path / "second").exit_code == 0
    for page in (tmp_path / "first").glob("*.html"):
        assert (tmp_path / "second" / page.name).read_bytes() == page.read_bytes()


def test_a_cache_that_cannot_be_written_is_skipped(tmp_path, run, monkeypatch):
    """A full disk (or a read-only home) while the compiled templates are saved."""
    import errno

    import jinja2

    def full(self, bucket):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(jinja2.FileSystemBytecodeCache, "dump_bytecode", full)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert run("report", paired(tmp_path, run), "--out", tmp_path / "out").exit_code == 0
    assert (tmp_path / "out" / "pairings_by_table.html").is_file()


def test_a_cache_folder_that_cannot_be_made_is_skipped(tmp_path, run, monkeypatch):
    (tmp_path / "cache").write_text("a file where the cache folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert run("report", paired(tmp_path, run), "--out", tmp_path / "out").exit_code == 0
    assert (tmp_path / "out" / "pairings_by_table.html").is_file()
