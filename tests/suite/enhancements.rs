//! Every enhancement, alone and with all the others, gives the answers of
//! the plain textbook search, on random boards of every piece count that
//! the plain search can still afford (at most 10 empty squares), with equal
//! and unequal counts.

use winmove::AlphaBeta;
use winmove::game::random::{Rng, random_board};
use winmove::search::alphabeta::Pruning;
use winmove::{Board, Enhancement, Enhancements, Solver};

/// Random legal boards with 6 to 15 pieces, in every split of the counts.
fn boards(seed: u64, count: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    let mut boards = Vec::new();
    while boards.len() < count {
        let pieces = 6 + rng.below(10) as usize;
        let x = rng.below(pieces as u64 + 1) as usize;
        let o = pieces - x;
        // Skip splits where every placement has a line of four.
        if x <= 12 && o <= 12 && (x <= 6 || o >= 2) && (o <= 6 || x >= 2) {
            boards.push(random_board(&mut rng, x, o));
        }
    }
    boards
}

fn answers(enhancements: Enhancements, boards: &[Board]) -> Vec<Option<winmove::Square>> {
    let mut solver = Solver::new(AlphaBeta::new(Pruning::Deep), enhancements);
    boards.iter().map(|&b| solver.winning_move(b)).collect()
}

#[test]
fn each_enhancement_keeps_the_answers_exact() {
    let boards = boards(11, 700);
    let expected = answers(Enhancements::NONE, &boards);
    let wins = expected.iter().filter(|a| a.is_some()).count();
    assert!(
        wins > 70 && wins < 630,
        "the sample mixes wins and non-wins: {wins}"
    );
    for enhancement in Enhancement::ALL {
        let name = enhancement.name();
        let alone = Enhancements::NONE.with(enhancement);
        let all_but = Enhancements::DEFAULT.without(enhancement);
        for (label, set) in [("only", alone), ("all but", all_but)] {
            let got = answers(set, &boards);
            for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                assert_eq!(g, e, "{label} {name}: board\n{}", boards[i]);
            }
        }
    }
    assert_eq!(answers(Enhancements::DEFAULT, &boards), expected);
    let with_etc = Enhancements::DEFAULT.with(Enhancement::Etc);
    assert_eq!(answers(with_etc, &boards), expected, "all and etc");
}
