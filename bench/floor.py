"""The floor a command cannot beat (SPEC §8): python-calamine reading every sheet's values, then one new sheet
part appended to the zip, every other member kept as stored (the file copied, the new part appended).

Run: python bench/floor.py WORKBOOK OUT
"""

import shutil
import sys
import zipfile

from python_calamine import CalamineWorkbook

source, target = sys.argv[1], sys.argv[2]
book = CalamineWorkbook.from_path(source)
values = [book.get_sheet_by_name(name).to_python() for name in book.sheet_names]
shutil.copyfile(source, target)
with zipfile.ZipFile(target, "a", zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("xl/worksheets/sheet-new.xml", '<worksheet xmlns="http://schemas.openxmlformats.org/'
                     'spreadsheetml/2006/main"><sheetData/></worksheet>')
