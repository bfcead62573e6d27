//! Line charts: small multiples sharing one legend (the figure of `winmove compare --svg`).

use super::Svg;

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

impl Series {
    /// The attribute that dashes the line, if it is dashed.
    fn dash(&self) -> &'static str {
        if self.dashed {
            r#" stroke-dasharray="5 3""#
        } else {
            ""
        }
    }
}

/// One panel: a title and its lines.
#[derive(Clone, Debug)]
pub struct Panel {
    /// Shown above the panel.
    pub title: String,
    /// The lines.
    pub series: Vec<Series>,
    /// The panel's own x axis: its ticks, `(x, label)` in rising order,
    /// the first and the last its ends; `None`: the range shared with the
    /// other such panels, from the data, a tick at every integer.
    pub ticks: Option<Vec<(f64, String)>>,
}

/// How a chart's y axis maps values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum YScale {
    /// From the first to the second, a tick at every power of two, and a
    /// dashed reference line at 1 if it lies inside.
    Log2(f64, f64),
    /// From the first to the second, five ticks evenly spread.
    Linear(f64, f64),
}

impl YScale {
    /// Where `y` lies between the ends, from 0 to 1 (clamped).
    fn fraction(self, y: f64) -> f64 {
        match self {
            YScale::Log2(lo, hi) => {
                let (y0, y1) = (lo.log2(), hi.log2());
                (y.log2().clamp(y0, y1) - y0) / (y1 - y0)
            }
            YScale::Linear(lo, hi) => (y.clamp(lo, hi) - lo) / (hi - lo),
        }
    }

    /// The ticks' values.
    fn ticks(self) -> Vec<f64> {
        match self {
            YScale::Log2(lo, hi) => {
                let (y0, y1) = (lo.log2(), hi.log2());
                let mut ticks = Vec::new();
                let mut e = y0.ceil();
                while e <= y1 {
                    ticks.push(e.exp2());
                    e += 1.0;
                }
                ticks
            }
            YScale::Linear(lo, hi) => (0..=4).map(|k| lo + (hi - lo) * k as f64 / 4.0).collect(),
        }
    }

    /// Whether the dashed line at 1 is drawn.
    fn reference(self) -> bool {
        matches!(self, YScale::Log2(lo, hi) if lo < 1.0 && 1.0 < hi)
    }
}

/// Size of one panel, in pixels.
const W: f64 = 260.0;
const H: f64 = 190.0;
/// Margins inside a panel for the axes.
const LEFT: f64 = 42.0;
const BOTTOM: f64 = 28.0;
const TOP: f64 = 22.0;

/// Small multiples, `columns` panels a row, sharing the axes' ranges: x from
/// the data (but in panels with ticks of their own), y as `y` says.
pub fn small_multiples(
    title: &str,
    x_label: &str,
    y_label: &str,
    panels: &[Panel],
    columns: usize,
    y: YScale,
) -> String {
    let columns = columns.max(1);
    let rows = panels.len().div_ceil(columns);
    // The legend: every series name once, in the order first met.
    let mut named: Vec<&Series> = Vec::new();
    for series in panels.iter().flat_map(|p| &p.series) {
        if !named.iter().any(|s| s.name == series.name) {
            named.push(series);
        }
    }
    let (width, height) = (
        columns as f64 * W + 20.0,
        rows as f64 * H + 70.0 + 18.0 * named.len() as f64,
    );
    let xs: Vec<f64> = panels
        .iter()
        .filter(|p| p.ticks.is_none())
        .flat_map(|p| &p.series)
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .collect();
    let (x0, x1) = xs
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    let shared = if x0 < x1 { (x0, x1) } else { (0.0, 1.0) };
    let mut svg = Svg::new(width, height, 11);
    svg.text(r#"x="10" y="20" font-size="15""#, title)
        .end_line();
    for (k, panel) in panels.iter().enumerate() {
        let (ox, oy) = (
            10.0 + (k % columns) as f64 * W,
            34.0 + (k / columns) as f64 * H,
        );
        let (pw, ph) = (W - LEFT - 12.0, H - TOP - BOTTOM);
        let (x0, x1) = match &panel.ticks {
            Some(ticks) => match (ticks.first(), ticks.last()) {
                (Some(first), Some(last)) if first.0 < last.0 => (first.0, last.0),
                _ => (0.0, 1.0),
            },
            None => shared,
        };
        let px = |x: f64| ox + LEFT + (x - x0) / (x1 - x0) * pw;
        let py = |v: f64| oy + TOP + ph - y.fraction(v) * ph;
        svg.text(
            format_args!(r#"x="{}" y="{}" font-weight="bold""#, ox + LEFT, oy + 14.0),
            &panel.title,
        )
        .end_line();
        svg.empty(
            "rect",
            format_args!(
                r##"x="{}" y="{}" width="{pw}" height="{ph}" fill="none" stroke="#999""##,
                ox + LEFT,
                oy + TOP
            ),
        )
        .end_line();
        // Axis ticks: the panel's own, or every integer x (every second
        // one from 12 on).
        let ticks = panel.ticks.clone().unwrap_or_else(|| {
            let step = if x1 - x0 > 11.0 { 2.0 } else { 1.0 };
            let mut ticks = Vec::new();
            let mut x = (x0 / step).ceil() * step;
            while x <= x1 {
                ticks.push((x, x.to_string()));
                x += step;
            }
            ticks
        });
        for (x, label) in &ticks {
            let at = format_args!(
                r#"x="{}" y="{}" text-anchor="middle""#,
                px(*x),
                oy + TOP + ph + 14.0
            );
            svg.text(at, label).end_line();
        }
        for v in y.ticks() {
            let at = format_args!(
                r#"x="{}" y="{}" text-anchor="end""#,
                ox + LEFT - 4.0,
                py(v) + 4.0
            );
            svg.text(at, &v.to_string()).end_line();
        }
        if y.reference() {
            let line = format_args!(
                r##"x1="{}" y1="{2}" x2="{}" y2="{2}" stroke="#666" stroke-dasharray="4 3""##,
                px(x0),
                px(x1),
                py(1.0)
            );
            svg.empty("line", line).end_line();
        }
        for series in &panel.series {
            let points: Vec<String> = series
                .points
                .iter()
                .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
                .collect();
            let line = format_args!(
                r#"points="{}" fill="none" stroke="{}" stroke-width="1.8"{}"#,
                points.join(" "),
                series.colour,
                series.dash()
            );
            svg.empty("polyline", line).end_line();
            for &(x, y) in &series.points {
                let dot = format_args!(
                    r#"cx="{:.1}" cy="{:.1}" r="2.4" fill="{}""#,
                    px(x),
                    py(y),
                    series.colour
                );
                svg.empty("circle", dot).end_line();
            }
        }
    }
    let ly = 34.0 + rows as f64 * H + 8.0;
    svg.text(
        format_args!(r#"x="10" y="{ly}""#),
        &format!("x: {x_label} · y: {y_label}"),
    )
    .end_line();
    for (i, series) in named.iter().enumerate() {
        let y = ly + 18.0 * (i + 1) as f64;
        let line = format_args!(
            r#"x1="10" y1="{0}" x2="34" y2="{0}" stroke="{1}" stroke-width="2"{2}"#,
            y - 4.0,
            series.colour,
            series.dash()
        );
        svg.empty("line", line)
            .text(format_args!(r#"x="40" y="{y}""#), &series.name)
            .end_line();
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::svg::xml_check::well_formed;

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
            ticks: None,
        };
        let svg = small_multiples("t", "depth", "ratio", &[panel], 3, YScale::Log2(0.25, 4.0));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        well_formed(&svg).unwrap();
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("b = 2 &lt;&amp;&gt;"));
        assert!(svg.contains("stroke-dasharray"), "the y = 1 reference line");
    }
}
