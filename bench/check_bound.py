"""A bound under `check` (issue 19): what reading a workbook safely costs before any validation, beside the floor.

It does only what §7 and the reading itself require: every part unpacked and every XML part parsed by expat
(a damaged part is named before anything reads it), every sheet read by python-calamine, then one minimal pass
over the round rows (each row's player ID looked up, three cells converted), with no message, no check and
no import beyond calamine. At 4,096 players it costs about 1.4x the floor (`floor.py`), so `check` at 2.5x
would leave about 2 microseconds a row for validating 24,000 rows with a message ready for each.

Run: python bench/check_bound.py WORKBOOK
"""

import io
import pyexpat
import sys
import zipfile

from python_calamine import CalamineWorkbook

data = open(sys.argv[1], "rb").read()
archive = zipfile.ZipFile(io.BytesIO(data))
for info in archive.infolist():
    part = archive.read(info)
    if info.filename.endswith((".xml", ".rels")):
        pyexpat.ParserCreate(namespace_separator=" ").Parse(part, True)
book = CalamineWorkbook.from_filelike(io.BytesIO(data))
sheets = {name: book.get_sheet_by_name(name).to_python(skip_empty_area=False) for name in book.sheet_names}
players = {}
for row in sheets["Players"][1:]:
    players[int(row[0]) if type(row[0]) is float else row[0]] = row[1]
seen = 0
for name, grid in sheets.items():
    if name.startswith("Round"):
        for row in grid[1:]:
            player_id = int(row[1]) if type(row[1]) is float else row[1]
            found = players.get(player_id)
            cells = [int(v) if type(v) is float and v.is_integer() else v for v in row[3:6]]
            seen += 1
print(seen, "round rows")
