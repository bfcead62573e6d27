//! `winmove explain`: the format on hand-checked boards, every outcome and
//! every claim in words against the independent tablebase and rules
//! written here, and every `--strategy` played out against every reply by
//! a checker written here (its own board, its own lines), with the number
//! of moves compared with a plain minimax of the quickest win.

use crate::common::rules::{
    Cells, LINES, O, X, cells_of, cells_of_rows, has_four, input, rows_of, square,
};
use crate::common::tablebase::table;
use crate::common::winmove;
use std::collections::{BTreeMap, HashMap};
use winmove::answer::verify::tablebase::{CELLS, Outcome, Player, Tablebase};
use winmove::game::random::{Rng, random_board};

// ---------------------------------------------------------------------
// The rules, written here (with `crate::common::rules`).

/// The name of line `k` of [`LINES`]: rows, columns, then the two
/// diagonals.
fn line_name(k: usize) -> String {
    match k {
        0..=3 => format!("row {k}"),
        4..=7 => format!("column {}", k - 4),
        8 => "diagonal (0,0)-(3,3)".to_string(),
        _ => "diagonal (0,3)-(3,0)".to_string(),
    }
}

/// The names of the lines `mark` holds all four squares of.
fn fours(cells: &Cells, mark: u8) -> Vec<String> {
    (0..LINES.len())
        .filter(|&k| LINES[k].iter().all(|&s| cells[s] == mark))
        .map(line_name)
        .collect()
}

/// The empty cells where `mark` would complete four, in row-major order.
fn threats(cells: &Cells, mark: u8) -> Vec<usize> {
    empties(cells)
        .filter(|&i| has_four(&played(cells, i, mark), mark))
        .collect()
}

/// The empty cells in row-major order.
fn empties(cells: &Cells) -> impl Iterator<Item = usize> + '_ {
    (0..CELLS).filter(|&i| cells[i] == 0)
}

/// The board after `mark` plays the empty cell `i`.
fn played(cells: &Cells, i: usize, mark: u8) -> Cells {
    assert_eq!(cells[i], 0, "cell {i} is empty");
    let mut next = *cells;
    next[i] = mark;
    next
}

/// A cell from its written form `(r,c)`.
fn cell(text: &str) -> usize {
    let b = text.as_bytes();
    assert!(
        b.len() == 5 && b[0] == b'(' && b[2] == b',' && b[4] == b')',
        "a square: {text:?}"
    );
    let (r, c) = ((b[1] - b'0') as usize, (b[3] - b'0') as usize);
    assert!(r < 4 && c < 4, "{text:?}");
    4 * r + c
}

/// `A`, `A and B`, `A, B and C`.
fn listed(cells: &[usize]) -> String {
    let names: Vec<String> = cells.iter().map(|&i| square(i)).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

// ---------------------------------------------------------------------
// The tablebase's view.

/// What x playing cell `i` leads to: `W`, `D` or `L`.
fn outcome_after(cells: &Cells, i: usize) -> char {
    let after = Tablebase::index(&played(cells, i, X));
    match table().outcome(after, Player::O) {
        Outcome::Loss => 'W',
        Outcome::Draw => 'D',
        Outcome::Win => 'L',
    }
}

/// x's outcome with x to move.
fn x_to_move(cells: &Cells) -> Outcome {
    table().outcome(Tablebase::index(cells), Player::X)
}

// ---------------------------------------------------------------------
// Quickest wins by plain minimax, memoised (for boards with few empties).

/// The least n such that x, to move, completes four by its n-th move
/// whatever o does; `None` if x cannot force a win.
fn quickest(cells: &Cells, memo: &mut HashMap<Cells, Option<u32>>) -> Option<u32> {
    if let Some(&known) = memo.get(cells) {
        return known;
    }
    let mut best: Option<u32> = None;
    if !has_four(cells, O) {
        for m in empties(cells).collect::<Vec<_>>() {
            let after = played(cells, m, X);
            let n = if has_four(&after, X) {
                Some(1)
            } else {
                replies_quickest(&after, memo).map(|k| k + 1)
            };
            if let Some(n) = n {
                best = Some(best.map_or(n, |b| b.min(n)));
            }
        }
    }
    memo.insert(*cells, best);
    best
}

/// After x's move (o to move, no four yet): the most x moves o can make x
/// need; `None` if o can escape.
fn replies_quickest(cells: &Cells, memo: &mut HashMap<Cells, Option<u32>>) -> Option<u32> {
    let replies: Vec<usize> = empties(cells).collect();
    if replies.is_empty() {
        return None;
    }
    let mut worst = 0;
    for r in replies {
        worst = worst.max(quickest(&played(cells, r, O), memo)?);
    }
    Some(worst)
}

/// How many lines of play the strategy `--strategy` prints for `cells`
/// has, and how many lines its tree takes, from its definition in the
/// help, by the plain minimax above: the answer (the first square from
/// which x forces a win), then against every reply of o x's first square
/// that wins in the fewest moves against best defence, until x has four;
/// a line of play per way the play goes, and a written line for the
/// answer and for each reply with x's move.
fn strategy_size(cells: &Cells, memo: &mut HashMap<Cells, Option<u32>>) -> (u64, u64) {
    let answer = empties(cells)
        .find(|&m| {
            let after = played(cells, m, X);
            has_four(&after, X) || replies_quickest(&after, memo).is_some()
        })
        .expect("x wins");
    let (plays, written) = size_from(cells, answer, memo);
    (plays, written + 1)
}

/// The lines of play of the strategy once x plays `m` on `cells`, and the
/// lines written below that move.
fn size_from(cells: &Cells, m: usize, memo: &mut HashMap<Cells, Option<u32>>) -> (u64, u64) {
    let after = played(cells, m, X);
    if has_four(&after, X) {
        return (1, 0);
    }
    let replies: Vec<usize> = empties(&after).collect();
    let (mut plays, mut written) = (0, 0);
    for r in replies {
        let reply = played(&after, r, O);
        let fewest = quickest(&reply, memo).expect("x still wins");
        let next = empties(&reply)
            .find(|&n| {
                let then = played(&reply, n, X);
                let moves = if has_four(&then, X) {
                    Some(1)
                } else {
                    replies_quickest(&then, memo).map(|k| k + 1)
                };
                moves == Some(fewest)
            })
            .expect("a quickest move");
        let (p, w) = size_from(&reply, next, memo);
        plays += p;
        written += w + 1;
    }
    (plays, written)
}

// ---------------------------------------------------------------------
// The output, parsed.

/// One block of `winmove explain`.
#[derive(Debug)]
struct Block {
    text: String,
    answer: Option<usize>,
    cells: Cells,
    outcomes: [char; CELLS],
    words: Vec<String>,
    /// `strategy: K lines of play, as a tree of N lines`: K, N, and
    /// whether the tree was printed.
    strategy: Option<(u64, u64, bool)>,
    /// The lines of play the tree holds: its paths from the top to a line
    /// with nothing below it.
    plays: Vec<Vec<usize>>,
    /// The lines of the tree as printed.
    tree_lines: usize,
}

/// The blocks of an output, numbered from 1 in order.
fn blocks(stdout: &str) -> Vec<Block> {
    if stdout.is_empty() {
        return Vec::new();
    }
    assert!(stdout.ends_with('\n') && !stdout.ends_with("\n\n"));
    let mut blocks = Vec::new();
    for (k, text) in stdout.trim_end().split("\n\n").enumerate() {
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 11, "a whole block:\n{text}");
        let answer = lines[0]
            .strip_prefix(&format!("case {}: ", k + 1))
            .unwrap_or_else(|| panic!("case line: {text}"));
        let answer = (answer != "#####").then(|| cell(answer));
        let cells = cells_of_rows(&lines[1..5]);
        assert_eq!(lines[5], "outcomes:", "{text}");
        let mut outcomes = [' '; CELLS];
        for r in 0..4 {
            let symbols: Vec<&str> = lines[6 + r].split(' ').collect();
            assert_eq!(symbols.len(), 4, "{text}");
            for (c, s) in symbols.iter().enumerate() {
                assert_eq!(s.len(), 1, "{text}");
                outcomes[4 * r + c] = s.chars().next().unwrap();
            }
        }
        let mut words = Vec::new();
        let mut strategy = None;
        let mut tree = Vec::new();
        for line in &lines[10..] {
            if let Some(rest) = line.strip_prefix("strategy: ") {
                strategy = Some(strategy_head(rest, text));
            } else if strategy.is_some() {
                tree.push(*line);
            } else {
                words.push(line.to_string());
            }
        }
        let plays = plays_of_tree(&tree, text);
        blocks.push(Block {
            text: text.to_string(),
            answer,
            cells,
            outcomes,
            words,
            strategy,
            plays,
            tree_lines: tree.len(),
        });
    }
    blocks
}

/// `K lines of play, as a tree of N lines:` (or `..., more than
/// --max-lines M: not printed`): K, N, and whether the tree follows.
fn strategy_head(rest: &str, text: &str) -> (u64, u64, bool) {
    let words: Vec<&str> = rest.split(' ').collect();
    let plural = |n: u64| if n == 1 { "line" } else { "lines" };
    let plays: u64 = words[0].parse().unwrap();
    let written: u64 = words[8].trim_end_matches([',', ':']).parse().unwrap();
    let head = format!(
        "{plays} {} of play, as a tree of {written} {}",
        plural(plays),
        plural(written)
    );
    let printed = rest == format!("{head}:");
    assert!(
        printed || rest.starts_with(&format!("{head}, more than --max-lines ")),
        "{text}"
    );
    (plays, written, printed)
}

/// The lines of play of a strategy written as a tree: `x S`, then lines
/// `o R, x S` indented two spaces a step below the line they follow.
fn plays_of_tree(tree: &[&str], text: &str) -> Vec<Vec<usize>> {
    let Some((top, steps)) = tree.split_first() else {
        return Vec::new();
    };
    let first = cell(top.strip_prefix("x ").unwrap_or_else(|| panic!("{text}")));
    let mut path = vec![first];
    let mut plays = Vec::new();
    let mut depth = 0;
    for line in steps {
        let step = line.trim_start_matches(' ');
        let indent = line.len() - step.len();
        assert!(indent % 2 == 0 && indent >= 2, "{line:?}: {text}");
        let below = indent / 2;
        assert!(below <= depth + 1, "a step below one not written: {text}");
        if below <= depth {
            plays.push(path.clone());
        }
        depth = below;
        let (reply, answer) = step
            .strip_prefix("o ")
            .and_then(|s| s.split_once(", x "))
            .unwrap_or_else(|| panic!("{line:?}: {text}"));
        path.truncate(1 + 2 * (depth - 1));
        path.extend([cell(reply), cell(answer)]);
    }
    plays.push(path);
    plays
}

/// Runs `winmove explain ARGS` on `boards` and parses the blocks, one per
/// board, each showing its board.
fn explain(args: &[&str], boards: &[Cells]) -> Vec<Block> {
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    let run = winmove(&all, input(boards).as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let parsed = blocks(&run.stdout);
    assert_eq!(parsed.len(), boards.len());
    for (block, board) in parsed.iter().zip(boards) {
        assert_eq!(&block.cells, board, "{}", block.text);
    }
    parsed
}

// ---------------------------------------------------------------------
// The checks.

/// The outcomes and the answer are the tablebase's.
fn check_outcomes(block: &Block) {
    let cells = &block.cells;
    for i in 0..CELLS {
        let want = match cells[i] {
            X => 'x',
            O => 'o',
            _ => outcome_after(cells, i),
        };
        assert_eq!(
            block.outcomes[i],
            want,
            "square {}:\n{}",
            square(i),
            block.text
        );
    }
    let truth = table().first_winning_cell(Tablebase::index(cells));
    assert_eq!(block.answer, truth, "{}", block.text);
}

/// Every claim of the words holds, and the words say what the rules
/// force: the block, the double threat, the immediate win.
fn check_words(block: &Block, memo: &mut HashMap<Cells, Option<u32>>) {
    let cells = &block.cells;
    let words: Vec<&str> = block.words.iter().map(String::as_str).collect();
    let text = &block.text;
    let Some(a) = block.answer else {
        if empties(cells).next().is_none() {
            assert_eq!(
                words,
                ["The board is full: x has no square to play, so x cannot win."]
            );
            return;
        }
        // The count rule: at most 4 pieces, as many o's as x's (that x
        // then has no win is the tablebase's, in `check_outcomes`).
        let pieces = CELLS - empties(cells).count();
        let xs = cells.iter().filter(|&&c| c == X).count();
        if pieces <= 4 && 2 * xs == pieces {
            let this = match xs {
                0 => "this one is empty".to_string(),
                n => format!("this one has {n} of each"),
            };
            assert_eq!(
                words,
                [format!(
                    "x has no forced win by the count rule: no board with at most 4 pieces and \
                     as many o's as x's ({this}) gives x one; `winmove verify` proves it on \
                     every such board."
                )],
                "{text}"
            );
            return;
        }
        let o_threats = threats(cells, O);
        let mut expected_head = Vec::new();
        match o_threats.len() {
            0 => {}
            1 => expected_head.push(format!("o threatens four at {}.", listed(&o_threats))),
            _ => expected_head.push(format!(
                "o threatens four at {}: x can block only one.",
                listed(&o_threats)
            )),
        }
        expected_head.push("x has no forced win; o's answer to each square:".to_string());
        let (head, refutations) = words.split_at(expected_head.len());
        assert_eq!(head, expected_head, "{text}");
        let squares: Vec<usize> = empties(cells).collect();
        assert_eq!(refutations.len(), squares.len(), "one per square: {text}");
        for (&s, line) in squares.iter().zip(refutations) {
            check_refutation(cells, s, line, text);
        }
        return;
    };
    let after = played(cells, a, X);
    let x_threats = threats(&after, X);
    let blocks = fours(&played(cells, a, O), O);
    let mut rest = &words[..];
    let first = rest[0];
    rest = &rest[1..];
    if let Some(line) = fours(&after, X).first() {
        assert_eq!(
            first,
            format!("x wins at once with {}: it completes {line}.", square(a)),
            "{text}"
        );
        if block.strategy.is_some() {
            assert_eq!(block.plays, [vec![a]], "{text}");
        }
    } else if x_threats.len() >= 2 {
        assert!(threats(&after, O).is_empty(), "{text}");
        let lead = match blocks.first() {
            Some(line) => format!(
                "x wins with {}, a block that wins: it stops o's four on {line}, and it is",
                square(a)
            ),
            None => format!("x wins with {}, which is", square(a)),
        };
        assert_eq!(
            first,
            format!(
                "{lead} a double threat: after it x threatens four at {}, and o, with no four \
                 of its own to complete, can block only one.",
                listed(&x_threats)
            ),
            "{text}"
        );
        if !block.plays.is_empty() {
            assert_eq!(longest(&block.plays), 2, "{text}");
        }
    } else {
        let kind = if blocks.is_empty() {
            ""
        } else {
            ", a block that wins"
        };
        let prefix = format!("x wins with {}{kind}: ", square(a));
        let clauses = first
            .strip_prefix(&prefix)
            .and_then(|c| c.strip_suffix('.'))
            .unwrap_or_else(|| panic!("{prefix}...: {text}"));
        let mut expected: Vec<String> = blocks
            .first()
            .map(|line| format!("it stops o's four on {line}"))
            .into_iter()
            .collect();
        if let [t] = x_threats[..] {
            expected.push(format!(
                "it threatens four at {}, which o must block",
                square(t)
            ));
        }
        let clauses: Vec<&str> = clauses.split("; ").collect();
        let (claims, last) = clauses.split_at(clauses.len() - 1);
        assert_eq!(claims, expected, "{text}");
        let moves = last[0]
            .strip_prefix("whatever o does, x completes four by its ")
            .and_then(|m| m.strip_suffix(&format!(" move at the latest, counting {}", square(a))))
            .unwrap_or_else(|| panic!("the number of moves: {text}"));
        let n: u32 = moves[..moves.len() - 2].parse().unwrap();
        assert_eq!(moves, ordinal(n), "{text}");
        assert!(
            n >= 3,
            "a double threat or an immediate win is said so: {text}"
        );
        if !block.plays.is_empty() {
            assert_eq!(longest(&block.plays), n, "{text}");
        }
        if empties(cells).count() <= 9 {
            assert_eq!(
                replies_quickest(&after, memo).map(|k| k + 1),
                Some(n),
                "{text}"
            );
        }
    }
    // An immediate win that comes later is pointed out.
    let immediate = threats(cells, X);
    match immediate.first() {
        Some(&i) if i != a => {
            assert!(i > a, "{text}");
            assert_eq!(
                rest,
                [format!(
                    "{} would win at once too, but {} comes first in row-major order.",
                    square(i),
                    square(a)
                )],
                "{text}"
            );
        }
        _ => assert!(rest.is_empty(), "{text}"),
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, ... (the numbers here stay below 11).
fn ordinal(n: u32) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The most moves x makes in any line of a strategy.
fn longest(plays: &[Vec<usize>]) -> u32 {
    plays
        .iter()
        .map(|p| p.len().div_ceil(2) as u32)
        .max()
        .unwrap()
}

/// One line `(r,c) is met by ...` of a `#####` block: its claims hold.
fn check_refutation(cells: &Cells, s: usize, line: &str, text: &str) {
    let after = played(cells, s, X);
    assert!(!has_four(&after, X), "{text}");
    if empties(&after).next().is_none() {
        assert_eq!(
            line,
            format!("{} fills the board without four: a draw.", square(s))
        );
        return;
    }
    let prefix = format!("{} is met by ", square(s));
    let rest = line
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{prefix}...: {text}"));
    let r = cell(&rest[..5]);
    let reply = played(&after, r, O);
    let claim = &rest[5..];
    if let Some(line_name) = claim
        .strip_prefix(", which completes ")
        .and_then(|c| c.strip_suffix(" for o."))
    {
        assert!(fours(&reply, O).iter().any(|n| n == line_name), "{text}");
        return;
    }
    assert!(!has_four(&reply, O), "{text}");
    let blocking = threats(&after, X).contains(&r);
    let then = if blocking {
        claim.strip_prefix(", blocking x's four, after which ")
    } else {
        claim.strip_prefix(", after which ")
    };
    match then.unwrap_or_else(|| panic!("{line}: {text}")) {
        "o forces a win." => assert_eq!(x_to_move(&reply), Outcome::Loss, "{line}: {text}"),
        "x cannot force a win." => {
            assert_ne!(x_to_move(&reply), Outcome::Win, "{line}: {text}")
        }
        other => panic!("unknown claim {other:?}: {text}"),
    }
}

/// A strategy as a tree of moves: the children of each node by square.
#[derive(Default, Debug)]
struct Node {
    children: BTreeMap<usize, Node>,
    /// Lines that end here.
    ends: usize,
}

/// The `play` lines of a block are a complete, consistent winning
/// strategy for x starting with the answer, and (on boards with few
/// empty squares) x wins as quickly as it can at each of its turns after
/// the answer. Returns the number of lines.
fn check_strategy(block: &Block, memo: &mut HashMap<Cells, Option<u32>>) -> usize {
    let text = &block.text;
    let answer = block.answer.expect("x wins");
    let (count, written, printed) = block.strategy.expect("a strategy line");
    assert!(printed, "the default cap is never reached: {text}");
    assert_eq!(count as usize, block.plays.len(), "{text}");
    // Written as a tree: a line per x move after a distinct sequence of
    // moves, each shared prefix once.
    let prefixes: std::collections::BTreeSet<&[usize]> = block
        .plays
        .iter()
        .flat_map(|play| (1..=play.len()).step_by(2).map(|n| &play[..n]))
        .collect();
    assert_eq!(written as usize, prefixes.len(), "{text}");
    assert_eq!(written as usize, block.tree_lines, "{text}");
    let mut root = Node::default();
    for play in &block.plays {
        let mut node = &mut root;
        for &sq in play {
            node = node.children.entry(sq).or_default();
        }
        node.ends += 1;
    }
    assert_eq!(
        root.children.keys().copied().collect::<Vec<_>>(),
        [answer],
        "{text}"
    );
    let quick = empties(&block.cells).count() <= 9;
    walk_x(&root, &block.cells, quick, memo, text, true);
    block.plays.len()
}

/// x's turn at `node` on `cells` (x to move, no four yet): exactly one
/// move, on an empty square; then either x has four and the line ends, or
/// o's turn. Returns the most moves x makes from here.
fn walk_x(
    node: &Node,
    cells: &Cells,
    quick: bool,
    memo: &mut HashMap<Cells, Option<u32>>,
    text: &str,
    root: bool,
) -> u32 {
    assert_eq!(node.ends, 0, "a line ends before x has four: {text}");
    assert_eq!(node.children.len(), 1, "x has one move here: {text}");
    let (&m, child) = node.children.iter().next().unwrap();
    assert_eq!(cells[m], 0, "x plays an empty square: {text}");
    let after = played(cells, m, X);
    let moves = if has_four(&after, X) {
        assert!(
            child.ends == 1 && child.children.is_empty(),
            "the line ends once, when x has four: {text}"
        );
        1
    } else {
        1 + walk_o(child, &after, quick, memo, text)
    };
    if quick && !root {
        assert_eq!(
            quickest(cells, memo),
            Some(moves),
            "x wins as quickly as it can from\n{}{text}",
            rows_of(cells)
        );
    }
    moves
}

/// o's turn at `node` on `cells`: every empty square is a reply, none
/// completes four for o, and x's turn follows each.
fn walk_o(
    node: &Node,
    cells: &Cells,
    quick: bool,
    memo: &mut HashMap<Cells, Option<u32>>,
    text: &str,
) -> u32 {
    assert_eq!(node.ends, 0, "a line ends at o's turn: {text}");
    let replies: Vec<usize> = node.children.keys().copied().collect();
    assert_eq!(
        replies,
        empties(cells).collect::<Vec<_>>(),
        "every reply of o is met: {text}"
    );
    let mut most = 0;
    for (&r, child) in &node.children {
        let reply = played(cells, r, O);
        assert!(!has_four(&reply, O), "o completes four first: {text}");
        most = most.max(walk_x(child, &reply, quick, memo, text, false));
    }
    most
}

/// `count` random questions from `seed`, each with `x` and `o` marks drawn
/// by `split`, as cells.
fn random_cells(
    seed: u64,
    count: usize,
    mut split: impl FnMut(&mut Rng) -> (usize, usize),
) -> Vec<Cells> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let (x, o) = split(&mut rng);
            cells_of(random_board(&mut rng, x, o))
        })
        .collect()
}

// ---------------------------------------------------------------------
// The tests.

/// The statement's sample, block by block. Case 1: the problem says
/// `#####`; it holds 4 pieces, 2 of each, so the count rule is the reason
/// (every D is checked with the tablebase below). Case 2: x already threatens
/// (0,3) (the diagonal (0,3)-(3,0)) and (2,0) (row 2), and o threatens
/// nothing, so every empty square keeps both threats and wins: the first
/// is (0,1), though (0,3) wins at once.
#[test]
fn the_statement_sample_is_explained() {
    let run = winmove(&["explain", "samples/statement.in"], b"");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let expected = "case 1: #####\n....\n.xo.\n.ox.\n....\noutcomes:\n\
         D D D D\nD x o D\nD o x D\nD D D D\n\
         x has no forced win by the count rule: no board with at most 4 pieces and as many \
         o's as x's (this one has 2 of each) gives x one; `winmove verify` proves it on every \
         such board.\n\
         \n\
         case 2: (0,1)\no...\n.ox.\n.xxx\nxooo\noutcomes:\n\
         o W W W\nW o x W\nW x x x\nx o o o\n\
         x wins with (0,1), which is a double threat: after it x threatens four at (0,3) \
         and (2,0), and o, with no four of its own to complete, can block only one.\n\
         (0,3) would win at once too, but (0,1) comes first in row-major order.\n";
    assert_eq!(run.stdout, expected);
    let case1 = blocks(&run.stdout).remove(0);
    check_outcomes(&case1);
    check_words(&case1, &mut HashMap::new());
}

/// Boards whose every outcome, reason and strategy line follows from the
/// rules by hand (see each one's comment).
#[test]
fn hand_checked_boards_are_explained() {
    let cases: &[(&[&str; 4], &str)] = &[
        // x completes row 0 at (0,3), the first empty square; (1,2)
        // blocks o's row 1 and o then fills the board: a draw.
        (
            &["xxx.", "oo.o", "xoxo", "oxox"],
            "case 1: (0,3)\nxxx.\noo.o\nxoxo\noxox\noutcomes:\n\
             x x x W\no o D o\nx o x o\no x o x\n\
             x wins at once with (0,3): it completes row 0.\n\
             strategy: 1 line of play, as a tree of 1 line:\nx (0,3)\n",
        ),
        // o threatens (1,1) on row 1, and x has no four to complete: any
        // other square lets o complete row 1. At (1,1) x makes column 1
        // and the long diagonal three each, (3,1) and (3,3) open, and o
        // has no other three: o blocks one, x completes the other (the
        // first in row-major order, (3,1), unless o took it).
        (
            &["xx..", "o.oo", ".xx.", "...."],
            "case 1: (1,1)\nxx..\no.oo\n.xx.\n....\noutcomes:\n\
             x x L L\no W o o\nL x x L\nL L L L\n\
             x wins with (1,1), a block that wins: it stops o's four on row 1, and it is a \
             double threat: after it x threatens four at (3,1) and (3,3), and o, with no \
             four of its own to complete, can block only one.\n\
             strategy: 8 lines of play, as a tree of 9 lines:\nx (1,1)\n\
             \x20 o (0,2), x (3,1)\n  o (0,3), x (3,1)\n  o (2,0), x (3,1)\n\
             \x20 o (2,3), x (3,1)\n  o (3,0), x (3,1)\n  o (3,1), x (3,3)\n\
             \x20 o (3,2), x (3,1)\n  o (3,3), x (3,1)\n",
        ),
        // o threatens (2,1) on row 2 and x has no three: every other
        // square loses. (2,1) makes the diagonal (0,3)-(3,0) three, so o
        // must take (0,3); then x's (1,1) makes row 1 and column 1 three,
        // (1,3) and (0,1) open, with o holding only two of column 3: x
        // completes four by its 3rd move. It cannot sooner: (2,1) makes
        // one threat only. After o's (0,3), (0,1) makes only column 1
        // three, so (1,1) is x's first quickest move.
        (
            &["x.x.", "x.x.", "o.oo", "xxo."],
            "case 1: (2,1)\nx.x.\nx.x.\no.oo\nxxo.\noutcomes:\n\
             x L x L\nx L x L\no W o o\nx x o L\n\
             x wins with (2,1), a block that wins: it stops o's four on row 2; it \
             threatens four at (0,3), which o must block; whatever o does, x completes four \
             by its 3rd move at the latest, counting (2,1).\n\
             strategy: 7 lines of play, as a tree of 9 lines:\nx (2,1)\n  o (0,1), x (0,3)\n\
             \x20 o (0,3), x (1,1)\n    o (0,1), x (1,3)\n    o (1,3), x (0,1)\n\
             \x20   o (3,3), x (0,1)\n  o (1,1), x (0,3)\n  o (1,3), x (0,3)\n\
             \x20 o (3,3), x (0,3)\n",
        ),
        // o threatens (0,3) (row 0) and (3,0) (column 0); x has no three
        // of its own (the diagonal (0,3)-(3,0) holds two), so o completes
        // whichever x leaves.
        (
            &["ooo.", "oxx.", "oxx.", ".x.."],
            "case 1: #####\nooo.\noxx.\noxx.\n.x..\noutcomes:\n\
             o o o L\no x x L\no x x L\nL x L L\n\
             o threatens four at (0,3) and (3,0): x can block only one.\n\
             x has no forced win; o's answer to each square:\n\
             (0,3) is met by (3,0), which completes column 0 for o.\n\
             (1,3) is met by (0,3), which completes row 0 for o.\n\
             (2,3) is met by (0,3), which completes row 0 for o.\n\
             (3,0) is met by (0,3), which completes row 0 for o.\n\
             (3,2) is met by (0,3), which completes row 0 for o.\n\
             (3,3) is met by (0,3), which completes row 0 for o.\n",
        ),
        // The last square completes no line of x (row 3 oxox, column 3
        // oo.x, the diagonal xoo.): a draw.
        (
            &["xoxo", "xoxo", "oxox", "oxo."],
            "case 1: #####\nxoxo\nxoxo\noxox\noxo.\noutcomes:\n\
             x o x o\nx o x o\no x o x\no x o D\n\
             x has no forced win; o's answer to each square:\n\
             (3,3) fills the board without four: a draw.\n",
        ),
        // No square to play.
        (
            &["xoxo", "xoxo", "oxox", "oxox"],
            "case 1: #####\nxoxo\nxoxo\noxox\noxox\noutcomes:\n\
             x o x o\nx o x o\no x o x\no x o x\n\
             The board is full: x has no square to play, so x cannot win.\n",
        ),
    ];
    for (rows, expected) in cases {
        let cells = cells_of_rows(&rows[..]);
        let run = winmove(&["explain", "--strategy"], input(&[cells]).as_bytes());
        assert_eq!(run.status, Some(0), "{}", run.stderr);
        assert_eq!(run.stdout, *expected);
        let block = blocks(&run.stdout).remove(0);
        let mut memo = HashMap::new();
        check_outcomes(&block);
        check_words(&block, &mut memo);
        if block.answer.is_some() {
            check_strategy(&block, &mut memo);
        }
    }
}

/// Every square's outcome, the answer and every claim in words agree with
/// the tablebase and the rules on a few hundred random questions of every
/// piece count, equal counts and not.
#[test]
fn outcomes_and_words_match_the_tablebase() {
    let boards = random_cells(11, 400, |rng| {
        let pieces = rng.below(17) as usize;
        let x = (pieces / 2 + rng.below(2) as usize).min(pieces).min(12);
        (x, (pieces - x).min(12))
    });
    let parsed = explain(&[], &boards);
    let mut memo = HashMap::new();
    let (mut wins, mut full) = (0, 0);
    for block in &parsed {
        check_outcomes(block);
        check_words(block, &mut memo);
        wins += block.answer.is_some() as usize;
        full += empties(&block.cells).next().is_none() as usize;
        memo.clear();
    }
    assert!(wins > 40 && wins < 360, "wins and non-wins: {wins}");
    assert!(full > 0, "full boards are in the sample");
}

/// Every strategy `--strategy` prints on thousands of winning questions is
/// complete (every reply of o met), consistent (one move of x after any
/// sequence), wins (each line ends with x completing four, o never first),
/// starts with the answer, is as quick as x can be after it (by plain
/// minimax on boards with at most 9 empty squares), and its size and
/// length are what the words say.
#[test]
fn every_strategy_wins_against_every_reply() {
    // Splits with x ahead win more often; sparse ones have the biggest
    // strategies (the help's largest, 1628 lines of play, is one of three marks of
    // x alone: see the test after this one).
    let candidates = random_cells(23, 9000, |rng| {
        if rng.below(40) == 0 {
            return (3, 0);
        }
        let o = 1 + rng.below(5) as usize;
        ((o + rng.below(3) as usize).max(3), o)
    });
    let boards: Vec<Cells> = candidates
        .into_iter()
        .filter(|c| table().first_winning_cell(Tablebase::index(c)).is_some())
        .take(3000)
        .collect();
    assert_eq!(boards.len(), 3000);
    let parsed = explain(&["--strategy"], &boards);
    let mut memo = HashMap::new();
    let (mut lines, mut quick, mut forced) = (0, 0, 0);
    for block in &parsed {
        check_outcomes(block);
        lines += check_strategy(block, &mut memo);
        check_words(block, &mut memo);
        quick += (empties(&block.cells).count() <= 9) as usize;
        forced += block.words[0].contains("whatever o does") as usize;
        memo.clear();
    }
    assert!(lines > 10_000, "{lines} lines");
    assert!(quick > 500 && forced > 100, "{quick} {forced}");
}

/// The help's figure: the strategy with the most lines of play, which the
/// program measured over all 33.8 million questions, has 1628, for x
/// holding (2,3), (3,0) and (3,1) and o nothing, and takes 1899 lines as a
/// tree. Its size is counted here from the strategy's definition by plain
/// minimax, and the strategy printed for that board is checked line by
/// line. (That no other question has more is the program's measurement,
/// not checked here: it would take the strategy of every question.)
#[test]
fn the_largest_strategy_the_help_names_has_1628_lines_of_play() {
    let cells = cells_of_rows(&["....", "....", "...x", "xx.."]);
    let mut memo = HashMap::new();
    assert_eq!(strategy_size(&cells, &mut memo), (1628, 1899));
    let help = winmove(&["explain", "--help"], b"").stdout;
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "the most lines of play over all 33.8 million questions (1628: x holding (2,3), \
             (3,0) and (3,1), o nothing) takes 1899"
        ),
        "{help}"
    );
    let block = explain(&["--strategy"], &[cells]).remove(0);
    assert_eq!(block.strategy, Some((1628, 1899, true)), "{}", block.text);
    check_outcomes(&block);
    check_words(&block, &mut memo);
    assert_eq!(check_strategy(&block, &mut memo), 1628);
}

/// `--max-lines` counts the lines the tree takes (9 here, for 7 lines of
/// play), and prints the size of a bigger strategy instead of it.
#[test]
fn a_strategy_over_the_cap_is_not_printed() {
    let cells = cells_of_rows(&["x.x.", "x.x.", "o.oo", "xxo."]);
    let over = winmove(
        &["explain", "--strategy", "--max-lines", "8"],
        input(&[cells]).as_bytes(),
    );
    assert_eq!(over.status, Some(0), "{}", over.stderr);
    assert!(
        over.stdout.ends_with(
            "strategy: 7 lines of play, as a tree of 9 lines, more than --max-lines 8: \
             not printed\n"
        ),
        "{}",
        over.stdout
    );
    assert!(!over.stdout.contains("\nx (2,1)"), "{}", over.stdout);
    let within = winmove(
        &["explain", "--strategy", "--max-lines", "9"],
        input(&[cells]).as_bytes(),
    );
    let block = blocks(&within.stdout).remove(0);
    assert_eq!(block.strategy, Some((7, 9, true)), "{}", within.stdout);
    assert_eq!(block.tree_lines, 9);
}

/// Bad input: the blocks of the earlier cases, then a message naming the
/// line, and status 1.
#[test]
fn bad_input_keeps_the_earlier_blocks() {
    let good = crate::common::FIRST_CASE;
    let alone = winmove(&["explain"], good.as_bytes());
    assert_eq!(alone.status, Some(0));
    for (bad, message) in [
        (
            "?\n....\n....\n.oz.\n....\n",
            "error: line 9, column 3: expected 4 cells of '.', 'x' or 'o', found \".oz.\"",
        ),
        (
            "?\n....\n$\n",
            "error: line 8, column 1: '$' ends the input inside case 2 (started on line 6): \
             1 of 4 rows read",
        ),
        (
            "?\nxxxx\n....\n....\n....\n",
            "error: line 10: case 2 (lines 6-10) is not a question: x already has four in row 0",
        ),
    ] {
        let run = winmove(&["explain"], format!("{good}{bad}").as_bytes());
        assert_eq!(run.status, Some(1), "{bad:?}");
        assert_eq!(run.stdout, alone.stdout, "{bad:?}: the first block is kept");
        assert_eq!(run.stderr.trim_end(), message, "{bad:?}");
    }
    let run = winmove(&["explain", "/no/such/file"], b"");
    assert_eq!(run.status, Some(1));
    assert!(run.stderr.starts_with("error: cannot open '/no/such/file'"));
}

/// The help, and the command line's mistakes (status 2).
#[test]
fn help_and_bad_command_lines() {
    let run = winmove(&["explain", "--help"], b"");
    assert_eq!(run.status, Some(0));
    // 1628: the largest strategy's size, counted independently in
    // `the_largest_strategy_the_help_names_has_1628_lines_of_play`.
    for word in ["USAGE:", "--strategy", "--max-lines", "outcomes:", "1628"] {
        assert!(run.stdout.contains(word), "{word}: {}", run.stdout);
    }
    let top = winmove(&["--help"], b"");
    assert!(top.stdout.contains("explain     explain each answer"));
    for (args, message) in [
        (
            &["explain", "--max-lines", "5"][..],
            "--max-lines needs --strategy",
        ),
        (&["explain", "--strategy=yes"], "--strategy takes no value"),
        (
            &["explain", "--strategy", "--max-lines", "x"],
            "--max-lines needs a whole number",
        ),
        (&["explain", "--stratgy"], "did you mean '--strategy'?"),
        (&["explain", "a", "b"], "only one input file"),
        (
            &["--strategy"],
            "--strategy is an option of 'winmove explain'",
        ),
    ] {
        let run = winmove(args, b"");
        assert_eq!(run.status, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}
