//! What each backend costs, measured by its own counters, and what the
//! literature claims about them, checked tree by tree: the tables and the
//! figure of `winmove compare` and BENCHMARKS.md.
//!
//! The workloads ([`compare_boards`], [`compare_trees`], the depth-limited
//! [`compare_depths`]) give a [`Group`]
//! per board class or tree shape: each backend's [`Tally`] and the
//! [`Claims`] checked on it; the reports ([`markdown`], [`csv`],
//! [`literature`], [`figure`]) write groups out, and [`Measured::report`]
//! puts them together with what was measured. The anytime question
//! ([`compare_anytime`]: how often the move a search would play is right,
//! after N playouts or at depth d) has its own report and figure.

mod anytime;
mod anytime_report;
mod boards;
mod claims;
mod csv;
mod depth;
mod figure;
mod group;
mod literature;
mod markdown;
mod report;
mod tally;
mod trees;

pub use anytime::{
    ANYTIME_DEPTH, Anytime, AnytimeGroup, Chooser, Curve, PLAYOUTS, Rate, compare_anytime,
};
pub use anytime_report::{RIGHT, anytime_figure, anytime_report};
pub use boards::{Task, compare_boards};
pub use claims::{CLAIM_EMPTY, CLAIM_LEAVES, Claims};
pub use csv::csv;
pub use depth::{
    PHASES, SPREAD_OVER, aspiration_for, compare_depths, deepen, deepening_for, depth_classes,
};
pub use figure::{depth_figure, figure};
pub use group::{BASELINE, Group, Limit, Minimal, Shape, built_algos};
pub use literature::{claims_text, depth_literature, literature};
pub use markdown::markdown;
pub use report::{Done, Measured, Positions, tree_shapes};
pub use tally::Tally;
pub use trees::{MINIMAX_LEAVES, compare_trees, tree_grid};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Algo;
    use crate::tree::board::Enhancements;
    use crate::tree::uniform::Values;

    #[test]
    fn tables_list_every_backend_and_group_and_the_claims_hold() {
        let algos = built_algos();
        let shapes: Vec<Shape> = (3..=5)
            .map(|depth| Shape {
                branching: 2,
                depth,
                values: Values::Wide,
                order: crate::tree::ordered::ChildOrder::Random,
                ragged: false,
            })
            .collect();
        let groups = compare_trees(&shapes, 3, 1, &algos, &mut |_, _| {});
        let table = markdown(&groups);
        assert_eq!(table.lines().count(), 2 + 3 * algos.len());
        assert!(table.contains("| b=2 d=3 | alphabeta | 3 |"));
        assert_eq!(csv(&groups).lines().count(), 1 + 3 * algos.len());
        let text = literature(&groups);
        assert!(
            text.contains("Knuth and Moore") && !text.contains("FAILS"),
            "{text}"
        );
        let figure = figure(&groups);
        assert!(figure.contains("branching 2"));
        crate::lab::svg::xml_check::well_formed(&figure).unwrap();
    }

    #[test]
    fn the_depth_limited_figure_is_well_formed_with_a_panel_per_set_and_evaluation() {
        let classes = depth_classes(3, 2);
        let evals = crate::game::eval::Eval::ALL;
        let algos = built_algos();
        let groups = compare_depths(
            &classes,
            &evals,
            2,
            Enhancements::DEFAULT,
            true,
            &algos,
            &mut |_, _| {},
        );
        for guided in [true, false] {
            let figure = depth_figure(&groups, guided);
            crate::lab::svg::xml_check::well_formed(&figure).unwrap();
            let panels = figure.contains("empty, lines") && figure.contains("eight, weighted");
            assert_eq!(
                panels,
                Algo::NegaScout.built(),
                "a panel needs the baseline"
            );
        }
    }

    #[test]
    fn on_best_ordered_uniform_trees_alpha_beta_is_as_efficient_as_can_be() {
        use crate::tree::ordered::ChildOrder;
        let shapes: Vec<Shape> = (2..=5)
            .flat_map(|depth| {
                [false, true].map(|ragged| Shape {
                    branching: 3,
                    depth,
                    values: Values::Wide,
                    order: ChildOrder::Best,
                    ragged,
                })
            })
            .collect();
        let groups = compare_trees(&shapes, 4, 1, &[Algo::AlphaBeta], &mut |_, _| {});
        for group in &groups {
            let t = group.tally(Algo::AlphaBeta).unwrap();
            // With random branching a cheaper refutation than the best
            // move may exist: the minimal tree takes it, alpha-beta not.
            let ragged = group.shape.unwrap().ragged;
            let (leaves, minimal) = (t.leaves.sum, group.minimal.leaves);
            assert!(
                leaves == minimal || ragged && leaves > minimal,
                "{}",
                group.name
            );
        }
        assert_eq!(groups[1].name, "b=1-5 d=2 best");
        assert!(markdown(&groups).contains("| b=3 d=5 best | alphabeta | 4 |"));
    }
}
