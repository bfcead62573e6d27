//! The texts the page's script writes beside each node of the stage in a
//! run, as `page.js` builds them from the events, so that the stage keeps
//! room for the longest of each.

use crate::lab::svg::tree::{Label, Reserved};
use crate::search::event::{Count, Event, Kind, Reason};
use crate::tree::value::Bound;
use std::collections::BTreeMap;

/// Keeps room in `reserved` for what the page writes beside each node as
/// it replays `events`.
pub fn reserve(reserved: &mut Reserved, events: &[Event]) {
    let mut order: BTreeMap<&[u32], Vec<String>> = BTreeMap::new();
    let mut count = 0;
    for event in events {
        let path = event.path.as_slice();
        let returned = |v: &i32| format!("\u{2192} {}", Bound(*v));
        match &event.kind {
            Kind::Enter { window, .. } => {
                reserved.reserve(path, Label::Window, &window.to_string());
            }
            Kind::Leaf(_) | Kind::EvalLeaf(_) | Kind::TestLeaf(..) => {
                count += 1;
                order.entry(path).or_default().push(count.to_string());
            }
            // SSS* numbers a leaf when case 1 evaluates it.
            Kind::Open { case: Some(1), .. } => {
                count += 1;
                order.entry(path).or_default().push(count.to_string());
            }
            Kind::Returns(v) | Kind::Evaluated(v) | Kind::Concluded(v, _) => {
                reserved.reserve(path, Label::Returned, &returned(v));
            }
            Kind::Settled(v, reason) => {
                let mut text = returned(v);
                if *reason == Reason::Table {
                    text.push_str(" (table)");
                }
                reserved.reserve(path, Label::Returned, &text);
            }
            Kind::Tested(_, holds) => {
                reserved.reserve(path, Label::Returned, &holds.to_string());
            }
            Kind::Numbers(pn, dn, _) => {
                let text = format!("{}/{}", Count(*pn), Count(*dn));
                reserved.reserve(path, Label::Numbers, &text);
            }
            Kind::Cut(condition, skipped) => {
                let text = format!("\u{2702} {condition}");
                reserved.reserve(&child(path, skipped.first), Label::Cut, &text);
            }
            Kind::TestCut(skipped) => {
                let text = "\u{2702} settled";
                reserved.reserve(&child(path, skipped.first), Label::Cut, text);
            }
            _ => {}
        }
    }
    for (path, numbers) in order {
        reserved.reserve(path, Label::Order, &numbers.join(","));
    }
}

/// The path of child number `number` of the node at `path`.
fn child(path: &[u32], number: u32) -> Vec<u32> {
    let mut child = path.to_vec();
    child.push(number);
    child
}
