//! A small SVG writer for line charts: small multiples sharing one legend.

use std::fmt::Write;

/// One line of a chart: a name, a colour and its points.
#[derive(Clone, Debug)]
pub struct Series {
    /// Shown in the legend.
    pub name: String,
    /// Any SVG colour.
    pub colour: &'static str,
    /// Drawn dashed.
    pub dashed: bool,
    /// `(x, y)` points, drawn in order.
    pub points: Vec<(f64, f64)>,
}

/// One panel: a title and its lines.
#[derive(Clone, Debug)]
pub struct Panel {
    /// Shown above the panel.
    pub title: String,
    /// The lines.
    pub series: Vec<Series>,
}

/// Size of one panel, in pixels.
const W: f64 = 260.0;
const H: f64 = 190.0;
/// Margins inside a panel for the axes.
const LEFT: f64 = 42.0;
const BOTTOM: f64 = 28.0;
const TOP: f64 = 22.0;

/// Escapes text for SVG.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Small multiples, `columns` panels a row, sharing the axes' ranges: x from
/// the data, y from `y_range`, with a dashed reference line at `y = 1`.
pub fn small_multiples(
    title: &str,
    x_label: &str,
    y_label: &str,
    panels: &[Panel],
    columns: usize,
    y_range: (f64, f64),
) -> String {
    let columns = columns.max(1);
    let rows = panels.len().div_ceil(columns);
    let legend = panels
        .iter()
        .flat_map(|p| p.series.iter().map(|s| &s.name))
        .collect::<std::collections::HashSet<_>>()
        .len();
    let (width, height) = (
        columns as f64 * W + 20.0,
        rows as f64 * H + 70.0 + 18.0 * legend as f64,
    );
    let xs: Vec<f64> = panels
        .iter()
        .flat_map(|p| &p.series)
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .collect();
    let (x0, x1) = xs
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    let (x0, x1) = if x0 < x1 { (x0, x1) } else { (0.0, 1.0) };
    let (y0, y1) = (y_range.0.log2(), y_range.1.log2());
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="10" y="20" font-size="15">{}</text>"#,
        escape(title)
    );
    for (k, panel) in panels.iter().enumerate() {
        let (ox, oy) = (
            10.0 + (k % columns) as f64 * W,
            34.0 + (k / columns) as f64 * H,
        );
        let (pw, ph) = (W - LEFT - 12.0, H - TOP - BOTTOM);
        let px = |x: f64| ox + LEFT + (x - x0) / (x1 - x0) * pw;
        let py = |y: f64| oy + TOP + ph - (y.log2().clamp(y0, y1) - y0) / (y1 - y0) * ph;
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" font-weight="bold">{}</text>"#,
            ox + LEFT,
            oy + 14.0,
            escape(&panel.title)
        );
        let _ = writeln!(
            svg,
            r##"<rect x="{}" y="{}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>"##,
            ox + LEFT,
            oy + TOP
        );
        // Axis ticks: every integer x (every second one from 12 on).
        let step = if x1 - x0 > 11.0 { 2.0 } else { 1.0 };
        let mut x = (x0 / step).ceil() * step;
        while x <= x1 {
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{}" text-anchor="middle">{x}</text>"#,
                px(x),
                oy + TOP + ph + 14.0
            );
            x += step;
        }
        // A tick at every power of two.
        let mut e = y0.ceil();
        while e <= y1 {
            let y = e.exp2();
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{}" text-anchor="end">{y}</text>"#,
                ox + LEFT - 4.0,
                py(y) + 4.0
            );
            e += 1.0;
        }
        if y0 < 0.0 && 0.0 < y1 {
            let _ = writeln!(
                svg,
                r##"<line x1="{}" y1="{2}" x2="{}" y2="{2}" stroke="#666" stroke-dasharray="4 3"/>"##,
                px(x0),
                px(x1),
                py(1.0)
            );
        }
        for series in &panel.series {
            let points: Vec<String> = series
                .points
                .iter()
                .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
                .collect();
            let dash = if series.dashed {
                r#" stroke-dasharray="5 3""#
            } else {
                ""
            };
            let _ = writeln!(
                svg,
                r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="1.8"{dash}/>"#,
                points.join(" "),
                series.colour
            );
            for &(x, y) in &series.points {
                let _ = writeln!(
                    svg,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="2.4" fill="{}"/>"#,
                    px(x),
                    py(y),
                    series.colour
                );
            }
        }
    }
    let ly = 34.0 + rows as f64 * H + 8.0;
    let _ = writeln!(
        svg,
        r#"<text x="10" y="{ly}">x: {} · y: {}</text>"#,
        escape(x_label),
        escape(y_label)
    );
    // The legend: every series name once, in the order first met.
    let mut named: Vec<&Series> = Vec::new();
    for series in panels.iter().flat_map(|p| &p.series) {
        if !named.iter().any(|s| s.name == series.name) {
            named.push(series);
        }
    }
    for (i, series) in named.iter().enumerate() {
        let y = ly + 18.0 * (i + 1) as f64;
        let dash = if series.dashed {
            r#" stroke-dasharray="5 3""#
        } else {
            ""
        };
        let _ = writeln!(
            svg,
            r#"<line x1="10" y1="{0}" x2="34" y2="{0}" stroke="{1}" stroke-width="2"{dash}/><text x="40" y="{2}">{3}</text>"#,
            y - 4.0,
            series.colour,
            y,
            escape(&series.name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_point_and_escapes_text() {
        let panel = Panel {
            title: "b = 2 <&>".to_string(),
            series: vec![Series {
                name: "sss / alphabeta".to_string(),
                colour: "red",
                dashed: false,
                points: vec![(2.0, 0.5), (3.0, 0.75), (4.0, 0.9)],
            }],
        };
        let svg = small_multiples("t", "depth", "ratio", &[panel], 3, (0.25, 4.0));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("b = 2 &lt;&amp;&gt;"));
        assert!(svg.contains("stroke-dasharray"), "the y = 1 reference line");
    }
}
