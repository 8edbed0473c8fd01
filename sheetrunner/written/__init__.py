"""What sheetrunner writes into an event's workbook and remembers of it: its sheets, rewrites, the record of its last write, a Log recovered."""
