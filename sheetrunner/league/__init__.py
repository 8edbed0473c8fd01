"""A season across many events: its workbook, its standings, its reports."""
