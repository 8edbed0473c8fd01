"""The event's file: reading and writing the workbook, the Log, backups and what sheetrunner wrote."""
