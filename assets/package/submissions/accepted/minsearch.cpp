// Accepted: the contest lecture's MinSearch and MaxSearch, calling each
// other on a char board. Two changes make it fast on every board, whatever
// the counts: a node stops as soon as its mover has found a win (the only
// cut-off that keeps every value exact), and each position's exact value
// is remembered, for every later question too.
#include <cstdio>

const int INF = 1 << 30;
const int BOARDS = 43046721;  // 3^16

char board[4][5];
int pieces;
int index3;  // the board as a number: the sum of digit(cell) * 3^cell
int pow3[16];
// The value of each board for each side to move, + 2: 0 unknown, 1 a
// loss for x, 2 a draw, 3 a win for x.
unsigned char memo[2][BOARDS];

// Whether the mark just played at (r, c) completes a line of four.
bool check(int r, int c) {
    char m = board[r][c];
    bool row = true, col = true, diag = r == c, anti = r + c == 3;
    for (int k = 0; k < 4; ++k) {
        row = row && board[r][k] == m;
        col = col && board[k][c] == m;
        diag = diag && board[k][k] == m;
        anti = anti && board[k][3 - k] == m;
    }
    return row || col || diag || anti;
}

void put(int i, int j, char m) {
    board[i][j] = m;
    ++pieces;
    index3 += (m == 'x' ? 1 : 2) * pow3[i * 4 + j];
}

void take(int i, int j) {
    index3 -= (board[i][j] == 'x' ? 1 : 2) * pow3[i * 4 + j];
    board[i][j] = '.';
    --pieces;
}

int code(int value) { return value == INF ? 3 : value == 0 ? 2 : 1; }
int value(int code) { return code == 3 ? INF : code == 2 ? 0 : -INF; }

int MaxSearch(int r, int c);

// x has just played at (r, c); o to move: o picks the smallest value.
int MinSearch(int r, int c) {
    if (check(r, c)) return INF;
    if (pieces == 16) return 0;
    if (memo[1][index3]) return value(memo[1][index3]);
    int ans = INF;
    for (int i = 0; i < 4 && ans > -INF; ++i)
        for (int j = 0; j < 4 && ans > -INF; ++j)
            if (board[i][j] == '.') {
                put(i, j, 'o');
                int tmp = MaxSearch(i, j);
                take(i, j);
                if (tmp < ans) ans = tmp;
            }
    memo[1][index3] = code(ans);
    return ans;
}

// o has just played at (r, c); x to move: x picks the largest value.
int MaxSearch(int r, int c) {
    if (check(r, c)) return -INF;
    if (pieces == 16) return 0;
    if (memo[0][index3]) return value(memo[0][index3]);
    int ans = -INF;
    for (int i = 0; i < 4 && ans < INF; ++i)
        for (int j = 0; j < 4 && ans < INF; ++j)
            if (board[i][j] == '.') {
                put(i, j, 'x');
                int tmp = MinSearch(i, j);
                take(i, j);
                if (tmp > ans) ans = tmp;
            }
    memo[0][index3] = code(ans);
    return ans;
}

// The first square, in row-major order, from which x forces a win.
bool solve(int &wr, int &wc) {
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            if (board[i][j] == '.') {
                put(i, j, 'x');
                int tmp = MinSearch(i, j);
                take(i, j);
                if (tmp == INF) {
                    wr = i;
                    wc = j;
                    return true;
                }
            }
    return false;
}

int main() {
    pow3[0] = 1;
    for (int k = 1; k < 16; ++k) pow3[k] = pow3[k - 1] * 3;
    char mark[8];
    while (scanf("%7s", mark) == 1 && mark[0] == '?') {
        pieces = index3 = 0;
        for (int i = 0; i < 4; ++i) {
            scanf("%4s", board[i]);
            for (int j = 0; j < 4; ++j)
                if (board[i][j] != '.') {
                    char m = board[i][j];
                    board[i][j] = '.';
                    put(i, j, m);
                }
        }
        int r, c;
        if (solve(r, c))
            printf("(%d,%d)\n", r, c);
        else
            printf("#####\n");
    }
    return 0;
}
