//! SVG drawings: a small writer both share, the line charts of
//! `winmove compare --svg` ([`chart`]) and the searched trees of
//! `winmove tree --draw` ([`tree`]).
//!
//! The writer writes elements one after another; their attributes come
//! written, as the drawing formats its numbers, and their text is escaped.

pub mod chart;
pub mod tree;
#[cfg(test)]
pub(crate) mod xml_check;

use std::fmt::{Display, Write};

/// Escapes text for SVG.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// An SVG document being written, element after element.
pub(crate) struct Svg {
    text: String,
}

impl Svg {
    /// A document `width` by `height` pixels on white, its text in
    /// sans-serif of `font_size` pixels.
    pub(crate) fn new(width: f64, height: f64, font_size: u32) -> Svg {
        let mut svg = Svg {
            text: String::new(),
        };
        svg.raw(format_args!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="{font_size}">"#
        ))
        .end_line();
        svg.empty("rect", r#"width="100%" height="100%" fill="white""#)
            .end_line();
        svg
    }

    /// Writes `text` as it is.
    fn raw(&mut self, text: impl Display) -> &mut Svg {
        let _ = write!(self.text, "{text}");
        self
    }

    /// `<name attributes/>`: an element without content.
    pub(crate) fn empty(&mut self, name: &str, attributes: impl Display) -> &mut Svg {
        self.raw(format_args!("<{name} {attributes}/>"))
    }

    /// `<text attributes>text</text>`, the text escaped.
    pub(crate) fn text(&mut self, attributes: impl Display, text: &str) -> &mut Svg {
        self.raw(format_args!("<text {attributes}>{}</text>", escape(text)))
    }

    /// `<title>text</title>`: the tooltip of the element it is in.
    pub(crate) fn title(&mut self, text: &str) -> &mut Svg {
        self.raw(format_args!("<title>{}</title>", escape(text)))
    }

    /// `<g attributes>`: opens a group, closed by [`Svg::close_group`].
    pub(crate) fn open_group(&mut self, attributes: impl Display) -> &mut Svg {
        self.raw(format_args!("<g {attributes}>"))
    }

    /// `</g>`.
    pub(crate) fn close_group(&mut self) -> &mut Svg {
        self.raw("</g>")
    }

    /// Ends the line: the next element starts a new one.
    pub(crate) fn end_line(&mut self) -> &mut Svg {
        self.raw('\n')
    }

    /// The document, closed.
    pub(crate) fn finish(mut self) -> String {
        self.raw("</svg>").end_line();
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_elements_on_white_and_escapes_text() {
        let mut svg = Svg::new(20.0, 10.5, 12);
        svg.open_group(r#"class="a""#)
            .title("1 < 2")
            .text(r#"x="1" y="2""#, "a & b")
            .empty("line", r#"x1="0""#)
            .close_group()
            .end_line();
        let expected = concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10.5" font-family="sans-serif" font-size="12">"#,
            "\n",
            r#"<rect width="100%" height="100%" fill="white"/>"#,
            "\n",
            r#"<g class="a"><title>1 &lt; 2</title><text x="1" y="2">a &amp; b</text><line x1="0"/></g>"#,
            "\n</svg>\n",
        );
        let svg = svg.finish();
        assert_eq!(svg, expected);
        xml_check::well_formed(&svg).unwrap();
    }
}
