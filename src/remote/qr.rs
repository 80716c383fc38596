//! A code, or a link holding one, as a QR picture: an SVG to put in the page
//! as it is (or as a `data:` image).
//!
//! The `qrcode` crate lays out the modules; the SVG is written here, one path
//! of dark runs row by row, so that the picture has no fixed size (only a
//! viewBox: it fills whatever box the page gives it), a name for screen
//! readers, and the colours a scanner needs: black modules on white with
//! the quiet zone of four modules around, whatever the page's theme. The
//! colours are presentation attributes, not a style: the page's
//! Content-Security-Policy forbids inline styles, and an inherited `fill`
//! never overrides an element's own attribute.
//!
//! Error correction M (15% of the picture may be lost: glare on a phone's
//! screen). Invitation links of Chromium's codes behind a 46-character
//! address (174 to 218 characters) are version 9 or 10 at M, 53 or 57
//! modules a side; L would save one version, 4 modules a side (tests:
//! invitation_links_scan_back prints them).

use qrcode::{types::QrError, Color, EcLevel, QrCode};
use std::fmt;
use std::fmt::Write as _;

/// The light border a scanner needs, in modules (the standard's minimum).
const QUIET_ZONE: usize = 4;
const ERROR_CORRECTION: EcLevel = EcLevel::M;

/// The text is more than the largest QR picture holds (about 2,300 bytes at
/// error correction M); a code is at most 2,000 characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLong;

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("This is too long to show as a QR picture.")
    }
}

impl std::error::Error for TooLong {}

/// `text` as a QR picture: an `<svg>` element with `role="img"`, named by
/// `label` (its `aria-label` and `<title>`).
pub fn svg(text: &str, label: &str) -> Result<String, TooLong> {
    let code = layout(text)?;
    let width = code.width();
    let modules = code.to_colors();
    let side = width + 2 * QUIET_ZONE;
    let label = escape(label);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
         role=\"img\" aria-label=\"{label}\" shape-rendering=\"crispEdges\">\
         <title>{label}</title>\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>\
         <path fill=\"#000\" d=\""
    );
    for (y, row) in modules.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Light {
                x += 1;
                continue;
            }
            let start = x;
            while x < width && row[x] == Color::Dark {
                x += 1;
            }
            let run = x - start;
            let _ = write!(
                svg,
                "M{} {}h{run}v1h-{run}z",
                start + QUIET_ZONE,
                y + QUIET_ZONE
            );
        }
    }
    svg.push_str("\"/></svg>");
    Ok(svg)
}

/// The modules of `text`'s QR picture.
fn layout(text: &str) -> Result<QrCode, TooLong> {
    QrCode::with_error_correction_level(text, ERROR_CORRECTION).map_err(|_: QrError| TooLong)
}

/// `text` safe inside an XML attribute or element.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;
    use qrcode::Version;

    /// The dark modules an `svg` drew, read back from its path: the side in
    /// modules (quiet zone included) and whether each is dark.
    fn modules_of(svg: &str) -> (usize, Vec<bool>) {
        let side: usize = svg
            .split("viewBox=\"0 0 ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|side| side.parse().ok())
            .expect("a viewBox");
        let mut dark = vec![false; side * side];
        let path = svg
            .split(" d=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("a path");
        for run in path.split('M').filter(|run| !run.is_empty()) {
            // "x yhNv1h-Nz"
            let (x, rest) = run.split_once(' ').unwrap();
            let (y, rest) = rest.split_once('h').unwrap();
            let (length, rest) = rest.split_once('v').unwrap();
            assert_eq!(rest, format!("1h-{length}z"));
            let (x, y, length): (usize, usize, usize) = (
                x.parse().unwrap(),
                y.parse().unwrap(),
                length.parse().unwrap(),
            );
            for dx in 0..length {
                dark[y * side + x + dx] = true;
            }
        }
        (side, dark)
    }

    /// The text rqrr reads from the picture `svg` draws, rasterised at 4
    /// pixels a module.
    fn scan(svg: &str) -> String {
        const SCALE: usize = 4;
        let (side, dark) = modules_of(svg);
        let pixels = side * SCALE;
        let mut image = rqrr::PreparedImage::prepare_from_greyscale(pixels, pixels, |x, y| {
            if dark[y / SCALE * side + x / SCALE] {
                0
            } else {
                255
            }
        });
        let grids = image.detect_grids();
        assert_eq!(grids.len(), 1, "one QR picture found");
        grids[0].decode().expect("the picture decodes").1
    }

    fn version(text: &str) -> i16 {
        match layout(text).unwrap().version() {
            Version::Normal(v) | Version::Micro(v) => v,
        }
    }

    /// Invitation links as the app will show them: the offer and answer
    /// codes measured from Chromium (see code.rs), behind a site's address.
    fn links() -> Vec<(&'static str, String)> {
        crate::remote::code::tests::typical_codes()
            .into_iter()
            .map(|(name, code)| {
                (
                    name,
                    format!("https://example.github.io/grave-matters/#join={code}"),
                )
            })
            .collect()
    }

    #[test]
    fn invitation_links_scan_back() {
        for (name, link) in links() {
            let picture = svg(&link, "Invitation to join").unwrap();
            assert_eq!(scan(&picture), link, "{name}");
            let v = version(&link);
            // What error correction L would save.
            let low = match QrCode::with_error_correction_level(&link, EcLevel::L)
                .unwrap()
                .version()
            {
                Version::Normal(v) | Version::Micro(v) => v,
            };
            println!(
                "{name}: {} characters, QR version {v} ({} modules); at L {low} ({})",
                link.len(),
                17 + 4 * v,
                17 + 4 * low
            );
        }
    }

    #[test]
    fn typical_links_stay_within_version_10() {
        // 57 modules a side: still read at arm's length from a phone's screen.
        for (name, link) in links() {
            assert!(version(&link) <= 10, "{name}: version {}", version(&link));
        }
    }

    #[test]
    fn the_picture_is_named_scalable_and_black_on_white() {
        let picture = svg("HELLO", "Scan <this> & \"join\"").unwrap();
        assert!(
            picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\"")
        );
        assert!(picture.contains("role=\"img\""));
        assert!(picture.contains("aria-label=\"Scan &lt;this&gt; &amp; &quot;join&quot;\""));
        assert!(picture.contains("<title>Scan &lt;this&gt; &amp; &quot;join&quot;</title>"));
        let opening = picture.split('>').next().unwrap();
        assert!(
            !opening.contains("width") && !opening.contains("height"),
            "no fixed size"
        );
        assert!(picture.contains("<rect width=\"29\" height=\"29\" fill=\"#fff\"/>"));
        assert!(picture.contains("<path fill=\"#000\""));
        assert_eq!(scan(&picture), "HELLO");
    }

    #[test]
    fn too_long_a_text_is_an_error() {
        assert_eq!(svg(&"x".repeat(3_000), "too long"), Err(TooLong));
        assert!(svg(&"x".repeat(2_000), "a long code").is_ok());
    }
}
