"""Benchmark: what reading and writing the workbook costs, beside openpyxl's load + save of the same file.

For swiss-tp events of 64 … 8192 players with 7 rounds played (round 8 due), each command runs in its own
process: `check`, `standings --no-write` and `pair --no-reports -o`, each beside the floor a whole-workbook
library cannot beat, measured in the same run on the same file: openpyxl loading it in full and saving it
(`io_floor.py`). Ratios, since the machine is shared and noisy. Then, at one size, the cost of `pair` as
more rounds have been played, and two hostile shapes: a styled but empty million-row sheet and one styled
cell at XFD1048576.

Run: python bench/bench_io.py [--sizes 64,256,1024,4096,8192]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import make_event, write_workbook  # noqa: E402
from timing import run_command  # noqa: E402

FLOOR = str(Path(__file__).resolve().parent / "io_floor.py")


def commands(path: Path, folder: Path) -> dict[str, tuple[float, float]]:
    """Seconds and peak MB of each command, and of the floor, on one workbook."""
    return {
        "check": run_command("check", str(path)),
        "standings --no-write": run_command("standings", "--no-write", str(path)),
        "pair --no-reports": run_command("pair", str(path), "--no-reports", "-o", str(folder / "paired.xlsx")),
        "floor": run_command(str(path), str(folder / "floor.xlsx"), program=FLOOR),
    }


def print_sizes(sizes: list[int], folder: Path) -> None:
    print("players  command               seconds  peak MB  x floor")
    for players in sizes:
        path = write_workbook(make_event(players, 7, draws=True), folder / f"swiss-{players}.xlsx")
        times = commands(path, folder)
        floor = times["floor"][0]
        for name, (seconds, memory) in times.items():
            ratio = "" if name == "floor" else f"{seconds / floor:8.2f}"
            label = "openpyxl load+save" if name == "floor" else name
            print(f"{players:>7}  {label:<20} {seconds:>8.2f} {memory:>8.0f} {ratio}")


def print_growth(players: int, folder: Path) -> None:
    """`pair` should cost reading the rounds played, not rewriting them."""
    print(f"\n{players} players, pair --no-reports as rounds accumulate")
    print("played  pair s  floor s  x floor")
    for played in (3, 7, 11):
        path = write_workbook(make_event(players, played, draws=True), folder / f"grow-{played}.xlsx")
        pair = run_command("pair", str(path), "--no-reports", "-o", str(folder / "grown.xlsx"))[0]
        floor = run_command(str(path), str(folder / "floor.xlsx"), program=FLOOR)[0]
        print(f"{played:>6}  {pair:>6.2f}  {floor:>7.2f}  {pair / floor:>7.2f}")


def with_hostile_sheet(source: Path, target: Path, sheet_xml: bytes) -> Path:
    """`source` plus one more sheet made of `sheet_xml` (formatting only, no value)."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            data = old.read(item)
            if item.filename == "xl/workbook.xml":
                data = data.replace(b"</sheets>", b'<sheet xmlns:r="http://schemas.openxmlformats.org/officeDocument/'
                                    b'2006/relationships" name="Styled" sheetId="99" r:id="rIdStyled"/></sheets>')
            elif item.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(b"</Relationships>", b'<Relationship Id="rIdStyled" Type="http://schemas.'
                                    b'openxmlformats.org/officeDocument/2006/relationships/worksheet" '
                                    b'Target="worksheets/styled.xml"/></Relationships>')
            elif item.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", b'<Override PartName="/xl/worksheets/styled.xml" ContentType="'
                                    b'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                                    b"</Types>")
            new.writestr(item, data)
        new.writestr("xl/worksheets/styled.xml", sheet_xml)
    return target


def print_hostile(folder: Path) -> None:
    head = (b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
            b'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">')
    million = head + b'<dimension ref="A1:A1048576"/><sheetData>' + b"".join(
        b'<row r="%d" s="0" customFormat="1" ht="20" customHeight="1"/>' % r for r in range(1, 1048577)) + b"</sheetData></worksheet>"
    corner = head + b'<dimension ref="A1:XFD1048576"/><sheetData><row r="1048576"><c r="XFD1048576" s="0"/></row>' \
                    b"</sheetData></worksheet>"
    source = write_workbook(make_event(64, 3, draws=False), folder / "base.xlsx")
    print("\nhostile sheet                       pair s  peak MB  floor s  floor MB")
    for name, xml in (("styled empty million-row sheet", million), ("one styled cell at XFD1048576", corner)):
        path = with_hostile_sheet(source, folder / "hostile.xlsx", xml)
        seconds, memory = run_command("pair", str(path), "--no-reports", "-o", str(folder / "out.xlsx"))
        floor, floor_memory = run_command(str(path), str(folder / "floor.xlsx"), program=FLOOR)
        print(f"{name:<34} {seconds:>7.2f} {memory:>8.0f} {floor:>8.2f} {floor_memory:>9.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="64,256,1024,4096,8192")
    parser.add_argument("--growth", type=int, default=4096, help="players for the rounds-played series (0: skip)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print_sizes([int(s) for s in options.sizes.split(",")], Path(folder))
        if options.growth:
            print_growth(options.growth, Path(folder))
        print_hostile(Path(folder))


if __name__ == "__main__":
    main()
