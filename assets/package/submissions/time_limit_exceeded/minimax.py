#!/usr/bin/env python3
"""Too slow: plain minimax, every line of play to the end, no pruning and
nothing remembered. Right answers, but a board with 12 empty squares has
up to 12! lines of play."""
import sys

LINES = [[r * 4 + c for c in range(4)] for r in range(4)]
LINES += [[r * 4 + c for r in range(4)] for c in range(4)]
LINES += [[0, 5, 10, 15], [3, 6, 9, 12]]


def four(cells, mark):
    return any(all(cells[i] == mark for i in line) for line in LINES)


def minimax(cells, mover):
    """The value for x (1 win, 0 draw, -1 loss), `mover` to move."""
    other = "o" if mover == "x" else "x"
    values = []
    for i in range(16):
        if cells[i] == ".":
            cells[i] = mover
            if four(cells, mover):
                values.append(1 if mover == "x" else -1)
            else:
                values.append(minimax(cells, other))
            cells[i] = "."
    if not values:
        return 0
    return max(values) if mover == "x" else min(values)


def answer(cells):
    for i in range(16):
        if cells[i] == ".":
            cells[i] = "x"
            wins = four(cells, "x") or minimax(cells, "o") == 1
            cells[i] = "."
            if wins:
                return "(%d,%d)" % (i // 4, i % 4)
    return "#####"


def main():
    words = sys.stdin.read().split()
    k = 0
    while k < len(words) and words[k] == "?":
        cells = list("".join(words[k + 1 : k + 5]))
        print(answer(cells), flush=True)
        k += 5


main()
