//! Game trees written out in bracket notation, for the textbook examples.
//!
//! A leaf is an integer (or `inf`, `-inf`); an inner node is
//! `[c1,c2,...]`. Spaces may go anywhere between tokens. The root is a MAX
//! node and levels alternate.
//!
//! ```
//! use winmove::explicit::ExplicitTree;
//! let tree = ExplicitTree::parse("[[3, 5], [-inf, 9]]").unwrap();
//! assert_eq!(tree.leaf_count(), 4);
//! let error = ExplicitTree::parse("[[3, 5], [x]]").unwrap_err();
//! assert_eq!(error.to_string(), "column 11: expected a number, 'inf', '-inf' or '[', found 'x'");
//! ```

use crate::tree::{Expansion, GameTree, Keys};
use crate::value::{Value, INF};
use std::fmt;

/// Deepest tree accepted, so that searching it cannot exhaust the stack.
pub const MAX_DEPTH: usize = 2_000;

/// A tree held in arrays. Nodes are numbered breadth-first, so the children
/// of a node are consecutive numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplicitTree {
    /// A leaf's value (unused for inner nodes).
    value: Vec<Value>,
    /// Number of the first child.
    first_child: Vec<u32>,
    /// Number of children; 0 for a leaf.
    child_count: Vec<u32>,
}

/// A node: its number, and whether MAX chooses there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeNode {
    /// Breadth-first number, the root being 0.
    pub index: u32,
    /// Whether this is a MAX node.
    pub max: bool,
}

/// The children of a node: a range of consecutive numbers.
#[derive(Clone, Debug)]
pub struct TreeChildren {
    next: u32,
    end: u32,
    max: bool,
}

impl Iterator for TreeChildren {
    type Item = TreeNode;

    fn next(&mut self) -> Option<TreeNode> {
        (self.next < self.end).then(|| {
            self.next += 1;
            TreeNode {
                index: self.next - 1,
                max: self.max,
            }
        })
    }
}

/// What is wrong with a tree's text, and at which column (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeError {
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for TreeError {}

/// A node while parsing: a leaf's value or an inner node's children.
enum Parsed {
    Leaf(Value),
    Inner(Vec<u32>),
}

impl ExplicitTree {
    /// Parses one tree in bracket notation.
    pub fn parse(text: &str) -> Result<ExplicitTree, TreeError> {
        let nodes = Parser::new(text).tree()?;
        Ok(ExplicitTree::breadth_first(&nodes))
    }

    /// A tree from nested parse results: the root is `nodes[0]`.
    fn breadth_first(nodes: &[Parsed]) -> ExplicitTree {
        let mut tree = ExplicitTree {
            value: Vec::with_capacity(nodes.len()),
            first_child: Vec::with_capacity(nodes.len()),
            child_count: Vec::with_capacity(nodes.len()),
        };
        // `order[k]` is the parse index of the node numbered k.
        let mut order = vec![0u32];
        let mut k = 0;
        while k < order.len() {
            match &nodes[order[k] as usize] {
                Parsed::Leaf(v) => {
                    tree.value.push(*v);
                    tree.first_child.push(0);
                    tree.child_count.push(0);
                }
                Parsed::Inner(children) => {
                    tree.value.push(0);
                    tree.first_child.push(order.len() as u32);
                    tree.child_count.push(children.len() as u32);
                    order.extend_from_slice(children);
                }
            }
            k += 1;
        }
        tree
    }

    /// The root, a MAX node.
    pub fn root(&self) -> TreeNode {
        TreeNode {
            index: 0,
            max: true,
        }
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.value.len()
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.child_count.iter().filter(|&&c| c == 0).count()
    }

    /// The children of `node` (none for a leaf).
    pub fn children(&self, node: TreeNode) -> TreeChildren {
        let first = self.first_child[node.index as usize];
        TreeChildren {
            next: first,
            end: first + self.child_count[node.index as usize],
            max: !node.max,
        }
    }

    /// The value of a leaf, `None` for an inner node.
    pub fn leaf_value(&self, node: TreeNode) -> Option<Value> {
        (self.child_count[node.index as usize] == 0).then(|| self.value[node.index as usize])
    }
}

impl GameTree for ExplicitTree {
    type Node = TreeNode;
    type Children = TreeChildren;

    fn is_max(&self, node: &TreeNode) -> bool {
        node.max
    }

    fn expand(&self, node: &TreeNode) -> Expansion<TreeChildren> {
        match self.leaf_value(*node) {
            Some(value) => Expansion::Leaf(value),
            None => Expansion::Inner(self.children(*node)),
        }
    }

    /// A node's key is its breadth-first number: its place in this tree.
    fn keys(&self) -> Keys {
        Keys::Nodes
    }

    fn key(&self, node: &TreeNode) -> Option<u64> {
        Some(node.index as u64)
    }
}

/// A recursive-descent parser without recursion (an explicit stack), so
/// that deep nesting cannot overflow the call stack.
struct Parser<'a> {
    chars: std::iter::Peekable<std::iter::Enumerate<std::str::Chars<'a>>>,
    nodes: Vec<Parsed>,
    /// Column just after the last character.
    end: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            chars: text.chars().enumerate().peekable(),
            nodes: Vec::new(),
            end: text.chars().count() + 1,
        }
    }

    /// The next character that is not a space, with its 1-based column.
    fn peek(&mut self) -> Option<(usize, char)> {
        while let Some(&(_, c)) = self.chars.peek() {
            if !c.is_whitespace() {
                break;
            }
            self.chars.next();
        }
        self.chars.peek().map(|&(i, c)| (i + 1, c))
    }

    fn error(column: usize, message: impl Into<String>) -> TreeError {
        TreeError {
            column,
            message: message.into(),
        }
    }

    /// Where the unexpected `next` is, and how to name it.
    fn found(&self, next: Option<(usize, char)>) -> (usize, String) {
        match next {
            Some((column, c)) => (column, format!("found '{c}'")),
            None => (self.end, "found the end of the line".to_string()),
        }
    }

    /// Parses the whole text as one tree; returns the nodes, root first.
    fn tree(mut self) -> Result<Vec<Parsed>, TreeError> {
        // Open inner nodes: their index in `nodes` and their column.
        let mut open: Vec<(usize, usize)> = Vec::new();
        self.nodes.push(Parsed::Leaf(0)); // the root's place
        loop {
            // Expect a node; it becomes the root or the last open node's child.
            let index = if open.is_empty() { 0 } else { self.nodes.len() };
            let next = self.peek();
            match next {
                Some((column, '[')) => {
                    self.chars.next();
                    if open.len() == MAX_DEPTH {
                        return Err(Self::error(
                            column,
                            format!("tree deeper than {MAX_DEPTH} levels"),
                        ));
                    }
                    self.attach(&open, index, Parsed::Inner(Vec::new()));
                    open.push((index, column));
                    continue;
                }
                Some((column, _)) => {
                    let value = self.number(column)?;
                    self.attach(&open, index, Parsed::Leaf(value));
                }
                None => {
                    let (column, found) = self.found(next);
                    return Err(Self::error(
                        column,
                        format!("expected a number, 'inf', '-inf' or '[', {found}"),
                    ));
                }
            }
            // After a node: close brackets, or a comma and another node.
            loop {
                let next = self.peek();
                match (next, open.last()) {
                    (None, None) => return Ok(self.nodes),
                    (Some((_, ']')), Some(_)) => {
                        self.chars.next();
                        open.pop();
                    }
                    (Some((_, ',')), Some(_)) => {
                        self.chars.next();
                        break;
                    }
                    (next, Some(&(_, opened))) => {
                        let (column, found) = self.found(next);
                        return Err(Self::error(
                            column,
                            format!(
                                "expected ',' or ']' (for the '[' at column {opened}), {found}"
                            ),
                        ));
                    }
                    (Some((column, c)), None) => {
                        return Err(Self::error(
                            column,
                            format!("unexpected '{c}' after the end of the tree"),
                        ));
                    }
                }
            }
        }
    }

    /// Puts a new node at `index`, as a child of the innermost open node.
    fn attach(&mut self, open: &[(usize, usize)], index: usize, node: Parsed) {
        if index == 0 {
            self.nodes[0] = node;
            return;
        }
        self.nodes.push(node);
        let (parent, _) = *open.last().expect("a child has a parent");
        if let Parsed::Inner(children) = &mut self.nodes[parent] {
            children.push(index as u32);
        }
    }

    /// A leaf: an optional sign, then digits or `inf`.
    fn number(&mut self, column: usize) -> Result<Value, TreeError> {
        let mut word = String::new();
        while let Some(&(_, c)) = self.chars.peek() {
            if c.is_ascii_alphanumeric() || c == '-' || c == '+' {
                word.push(c);
                self.chars.next();
            } else {
                break;
            }
        }
        if word.is_empty() {
            let c = self.chars.peek().map_or(' ', |&(_, c)| c);
            return Err(Self::error(
                column,
                format!("expected a number, 'inf', '-inf' or '[', found '{c}'"),
            ));
        }
        let (negative, digits) = match word.as_bytes()[0] {
            b'-' => (true, &word[1..]),
            b'+' => (false, &word[1..]),
            _ => (false, &word[..]),
        };
        if digits == "inf" {
            return Ok(if negative { -INF } else { INF });
        }
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Self::error(
                column,
                format!("expected a number, 'inf', '-inf' or '[', found '{word}'"),
            ));
        }
        match digits.parse::<i64>() {
            Ok(n) if n < INF as i64 => Ok(if negative { -n as Value } else { n as Value }),
            _ => Err(Self::error(
                column,
                format!("{word} is out of range (values lie strictly between -{INF} and {INF}; write inf for a win)"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_nodes_breadth_first() {
        let tree = ExplicitTree::parse("[[1,2],3,[4,[5]]]").unwrap();
        assert_eq!(tree.node_count(), 9);
        let root = tree.root();
        let kids: Vec<_> = tree.children(root).map(|n| n.index).collect();
        assert_eq!(kids, [1, 2, 3]);
        assert_eq!(
            tree.leaf_value(TreeNode {
                index: 2,
                max: false
            }),
            Some(3)
        );
        let grandkids: Vec<_> = tree
            .children(TreeNode {
                index: 3,
                max: false,
            })
            .collect();
        assert_eq!(grandkids.len(), 2);
        assert!(grandkids.iter().all(|n| n.max));
        assert_eq!(tree.leaf_count(), 5);
    }

    #[test]
    fn accepts_a_single_leaf_spaces_and_infinities() {
        assert_eq!(
            ExplicitTree::parse(" 7 ").unwrap().leaf_value(TreeNode {
                index: 0,
                max: true
            }),
            Some(7)
        );
        let tree = ExplicitTree::parse(" [ inf , -inf,+3 , -0 ] ").unwrap();
        let values: Vec<_> = tree
            .children(tree.root())
            .map(|n| tree.leaf_value(n).unwrap())
            .collect();
        assert_eq!(values, [INF, -INF, 3, 0]);
    }

    #[test]
    fn reports_the_column_of_each_mistake() {
        let err = |text: &str| ExplicitTree::parse(text).unwrap_err().to_string();
        assert_eq!(
            err("[1,2"),
            "column 5: expected ',' or ']' (for the '[' at column 1), found the end of the line"
        );
        assert_eq!(
            err("[1,,2]"),
            "column 4: expected a number, 'inf', '-inf' or '[', found ','"
        );
        assert_eq!(
            err("[]"),
            "column 2: expected a number, 'inf', '-inf' or '[', found ']'"
        );
        assert_eq!(
            err("[1] 2"),
            "column 5: unexpected '2' after the end of the tree"
        );
        assert_eq!(
            err("[1 2]"),
            "column 4: expected ',' or ']' (for the '[' at column 1), found '2'"
        );
        assert_eq!(
            err("[1,2x]"),
            "column 4: expected a number, 'inf', '-inf' or '[', found '2x'"
        );
        assert!(err("[2147483647]").starts_with("column 2: 2147483647 is out of range"));
        assert_eq!(
            err(""),
            "column 1: expected a number, 'inf', '-inf' or '[', found the end of the line"
        );
    }

    #[test]
    fn rejects_trees_deeper_than_the_limit() {
        let deep = "[".repeat(MAX_DEPTH + 1) + "1" + &"]".repeat(MAX_DEPTH + 1);
        let error = ExplicitTree::parse(&deep).unwrap_err();
        assert_eq!(error.column, MAX_DEPTH + 1);
        let ok = "[".repeat(MAX_DEPTH) + "1" + &"]".repeat(MAX_DEPTH);
        assert!(ExplicitTree::parse(&ok).is_ok());
    }
}
