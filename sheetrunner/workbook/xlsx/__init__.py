"""The xlsx file format, as sheetrunner reads and writes it.

Reading takes the file's bytes once: python-calamine reads
every sheet's values, and the package (`Package`, the zip of XML parts) is
opened from the same bytes for the few facts values do not carry (formulas
without a saved value, error cells) and for writing. Writing adds new sheets
as new parts and patches the cells sheetrunner owns in existing sheets; every
other part stays byte for byte as it was. `files` puts the result on disk
safely. Nothing outside this package touches a file format.
"""
