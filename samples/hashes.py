#!/usr/bin/env python3
"""A contestant's first try, for `winmove check`: no search at all, and
'#####' for every case."""
import sys

for line in sys.stdin:
    line = line.strip()
    if line.startswith("$"):
        break
    if line == "?":
        print("#####")
