#!/usr/bin/env python3
"""Input validator: accepts exactly the inputs the statement promises.

The input is 1 to 100 cases, each a line "?" and four rows of four of
".", "x", "o", with at least 4 pieces and no line of four complete; then
a line "$", the last line. Lines end with "\n" alone, with nothing
around their text. Exit status 42 accepts, 43 rejects (the format's
codes); the reason goes to standard error.
"""
import sys

MAX_CASES = 100
MIN_PIECES = 4
LINES = [[(r, c) for c in range(4)] for r in range(4)]
LINES += [[(r, c) for r in range(4)] for c in range(4)]
LINES += [[(k, k) for k in range(4)], [(k, 3 - k) for k in range(4)]]


def reject(line, why):
    sys.stderr.write("line %d: %s\n" % (line, why))
    sys.exit(43)


def main():
    data = sys.stdin.buffer.read()
    if not data.endswith(b"\n"):
        reject(data.count(b"\n") + 1, "the input does not end with a newline")
    lines = data[:-1].split(b"\n")
    cases = 0
    k = 0
    while True:
        if k >= len(lines):
            reject(k + 1, "the input ends without the line '$'")
        if lines[k] == b"$":
            break
        if lines[k] != b"?":
            reject(k + 1, "expected '?' or '$', found %r" % lines[k])
        rows = lines[k + 1 : k + 5]
        if len(rows) < 4:
            reject(k + 1 + len(rows) + 1, "the case is cut short")
        for i, row in enumerate(rows):
            if len(row) != 4 or any(ch not in b".xo" for ch in row):
                reject(k + 2 + i, "expected four of '.', 'x', 'o', found %r" % row)
        board = [row.decode("ascii") for row in rows]
        pieces = sum(ch != "." for row in board for ch in row)
        if pieces < MIN_PIECES:
            reject(k + 1, "the board holds %d pieces, fewer than %d" % (pieces, MIN_PIECES))
        for line in LINES:
            for mark in "xo":
                if all(board[r][c] == mark for r, c in line):
                    reject(k + 1, "%s already has a line of four" % mark)
        cases += 1
        if cases > MAX_CASES:
            reject(k + 1, "more than %d cases" % MAX_CASES)
        k += 5
    if cases == 0:
        reject(k + 1, "no case before '$'")
    if k != len(lines) - 1:
        reject(k + 2, "text after the line '$'")
    sys.exit(42)


main()
