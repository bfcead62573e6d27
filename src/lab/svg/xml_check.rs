//! A test-only check that the SVG the drawings write is well-formed XML.

/// Checks that `svg` is well-formed XML as far as the drawings write
/// it (no comments, no CDATA): tags balanced and nested, attributes
/// quoted, text free of `<`, `>` and unknown entities, one root.
/// Returns the number of elements.
pub(crate) fn well_formed(svg: &str) -> Result<usize, String> {
    let mut open: Vec<&str> = Vec::new();
    let (mut elements, mut roots) = (0, 0);
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        text(&rest[..start], open.is_empty())?;
        let end = start + rest[start..].find('>').ok_or("a tag is not closed")?;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            let top = open.pop().ok_or(format!("</{name}> closes nothing"))?;
            if top != name {
                return Err(format!("<{top}> closed by </{name}>"));
            }
        } else {
            let body = tag.strip_suffix('/').unwrap_or(tag);
            let name = body.split_whitespace().next().ok_or("an empty tag")?;
            attributes(&body[name.len()..])?;
            roots += usize::from(open.is_empty());
            elements += 1;
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    text(rest, true)?;
    match (open.last(), roots) {
        (Some(name), _) => Err(format!("<{name}> is never closed")),
        (None, 1) => Ok(elements),
        (None, n) => Err(format!("{n} root elements")),
    }
}

/// Text between tags: blank outside the root, no `>`, known entities.
fn text(text: &str, outside: bool) -> Result<(), String> {
    if outside && !text.trim().is_empty() {
        return Err(format!("text outside the root: {text:?}"));
    }
    if text.contains('>') {
        return Err(format!("a bare '>' in {text:?}"));
    }
    for (i, _) in text.match_indices('&') {
        let entity = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"];
        if !entity.iter().any(|e| text[i..].starts_with(e)) {
            return Err(format!("a bare '&' in {text:?}"));
        }
    }
    Ok(())
}

/// ` name="value" name='value'...`, nothing else.
fn attributes(mut rest: &str) -> Result<(), String> {
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(());
        }
        let (name, value) = rest.split_once('=').ok_or(format!("no '=' in {rest:?}"))?;
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '-') {
            return Err(format!("bad attribute name {name:?}"));
        }
        let quote = value.chars().next().filter(|q| *q == '"' || *q == '\'');
        let quote = quote.ok_or(format!("{name} is not quoted"))?;
        let end = value[1..]
            .find(quote)
            .ok_or(format!("{name}'s quote is open"))?;
        text(&value[1..1 + end], false)?;
        if value[1..1 + end].contains('<') {
            return Err(format!("a '<' in {name}"));
        }
        rest = &value[end + 2..];
    }
}

mod tests {
    use super::*;

    #[test]
    fn the_checker_rejects_what_is_not_well_formed() {
        assert!(well_formed(r#"<svg a="1"><g></g><text>x</text></svg>"#).is_ok());
        for bad in [
            "<svg><g></svg>",
            "<svg></g></svg>",
            "<svg><g>",
            "<svg a=1></svg>",
            r#"<svg a="1></svg>"#,
            "<svg>a & b</svg>",
            "<svg>a > b</svg>",
            "<svg></svg><svg></svg>",
            "text<svg></svg>",
        ] {
            assert!(well_formed(bad).is_err(), "{bad}");
        }
    }
}
