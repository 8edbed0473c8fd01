"""The baseline for whole commands: openpyxl alone loading a workbook in full and saving it again.

Run: python bench/io_floor.py WORKBOOK OUT   (what any command that rewrites the workbook cannot beat)
"""

import sys
import warnings

import openpyxl

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    book = openpyxl.load_workbook(sys.argv[1])
book.save(sys.argv[2])
