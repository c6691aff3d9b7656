//! Piece sets: which art a diagram letter of a variant shows, and that art
//! as an SVG `<symbol>` (defined once per page, placed with `<use>`). The
//! default set is ours, embedded in the binary; `config.yaml` `pieces:` can
//! point at a folder laid out like vchess's (`wp.svg`, `Orda/bl.svg`,
//! `Pacosako/wc.png`). A letter without art is a lettered disc.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::asian::{self, asian_set, AsianSet};
use super::board::stack_count;
use super::glyphs;

#[path = "images_table.rs"]
mod images_table;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/default_pieces.rs"));
}

/// Variants whose vchess art for a chess letter is a restyled chess piece:
/// when a set lacks the variant's own file, the chess piece stands in.
/// Elsewhere a lettered disc is truer (Gomoku stones...), or our own
/// drawing where we have one (Shogi, Xiangqi, Janggi, Dobutsu: see
/// [`asian`]).
const CHESS_ART_VARIANTS: &[&str] = &[
    "Orda",
    "Ordamirror",
    "Pacosako",
    "Otage",
    "Eightpieces",
    "Fullcavalry",
    "Titan",
    "Spartan",
    "Empire",
    "Shinobi",
    "Maharajah",
    "Monocolor",
    "Enpassant",
    "Royalrace",
];

/// How SVG files of a folder set reach the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SvgMode {
    /// Copied into the page's symbols (ids prefixed so pieces never clash).
    #[default]
    Inline,
    /// Copied into the output and referenced with `<image href>`.
    Link,
}

/// A piece set that cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum PieceSetError {
    #[error("piece folder `{}` not found", path.display())]
    Missing { path: PathBuf },
    #[error("reading piece art `{}`: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Something unsafe a piece file held (dropped from the art, or the file
/// refused), for `check` to report at its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceFinding {
    pub path: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

#[derive(Debug, Clone)]
enum ArtFile {
    /// SVG text, inlined into a symbol.
    Svg(String),
    /// A file referenced by the page (PNG, or SVG in [`SvgMode::Link`]).
    Linked { source: PathBuf, ext: &'static str },
}

/// Where a letter's art comes from.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Art {
    /// A file of the set, by key (`wp`, `Orda/ba`).
    File(String),
    /// A disc with the letter, in the letter's colour.
    Disc(char),
    /// An Emergo stack, by its two FEN characters (see
    /// [`super::board::CellSpelling::Pair`]).
    Stack(char, char),
    /// Our shogi piece for a letter, pointing down (`true`: the side at
    /// the top of the drawing) or up.
    Wedge(char, bool),
    /// Our xiangqi disc for a letter.
    Xiangqi(char),
    /// Our janggi octagon for a letter.
    Janggi(char),
    /// Our Dōbutsu tile for a letter, turned (`true`: the side at the top
    /// of the drawing) or not.
    Tile(char, bool),
    /// A Go stone, black (`true`) or white ([`super::stones`]).
    Stone(bool),
    /// A stone small enough to leave its board's lines visible
    /// (Fanorona's), black (`true`) or white.
    Pebble(bool),
    /// The ball (Ball's and Football's `a`, [`super::stones::is_ball`]).
    Ball,
    /// A hole cut in the board (Hamilton's `x`, [`super::stones::is_hole`]).
    Hole,
    /// An Avalam tower: its height (1 to 5) and whether the first
    /// player's colour (yellow) is on top, else the second's (red).
    Tower(u8, bool),
    /// Ambiguous's mark, by its letter: the target the side in its colour
    /// executes a move to, a ringed disc on an empty square (`g`), or the
    /// marked piece's letter inside the ring (`s t u o c l`: pawn, queen,
    /// rook, knight, bishop, king).
    Target(char),
    /// A piece of the set (by key, `wp`) with a badge that tells what the
    /// opponent does not know: `b` a bomb (Stealthbomb's loaded piece), `?`
    /// a hidden piece (Hidden), a letter the piece it truly is
    /// (Hiddenqueen's pawn that is a queen, `Q`).
    Badged(String, char),
}

impl Art {
    /// The symbol id: `fp-` then the key with `/` as `-` and anything but
    /// ASCII letters and digits escaped (`w@` → `w_40`); ids are unique per
    /// art and valid in HTML, CSS and `url(#…)`.
    pub fn id(&self) -> String {
        let mut id = String::from("fp-");
        match self {
            Art::File(key) => escape_id(&mut id, key),
            Art::Disc(c) => {
                id.push_str("d-");
                escape_id(&mut id, &c.to_string());
            }
            // Letters of both cases mean different stacks: `l`/`u` mark
            // the case so ids stay distinct in case-insensitive contexts.
            Art::Stack(top, under) => {
                id.push_str("st-");
                for c in [top, under] {
                    if c.is_ascii_alphabetic() {
                        id.push(if c.is_ascii_uppercase() { 'u' } else { 'l' });
                    }
                    escape_id(&mut id, &c.to_string());
                }
            }
            Art::Wedge(c, down) => {
                id.push_str(if *down { "sg-d-" } else { "sg-u-" });
                push_cased(&mut id, *c);
            }
            Art::Xiangqi(c) => {
                id.push_str("xq-");
                push_cased(&mut id, *c);
            }
            Art::Janggi(c) => {
                id.push_str("jg-");
                push_cased(&mut id, *c);
            }
            Art::Tile(c, down) => {
                id.push_str(if *down { "db-d-" } else { "db-u-" });
                push_cased(&mut id, *c);
            }
            Art::Stone(black) => id.push_str(if *black { "go-b" } else { "go-w" }),
            Art::Hole => id.push_str("hole"),
            Art::Ball => id.push_str("ball"),
            Art::Pebble(black) => id.push_str(if *black { "pb-b" } else { "pb-w" }),
            Art::Tower(height, yellow) => {
                let _ = std::fmt::Write::write_fmt(
                    &mut id,
                    format_args!("tw-{}{height}", if *yellow { 'y' } else { 'r' }),
                );
            }
            Art::Target(c) => {
                id.push_str("tg-");
                push_cased(&mut id, *c);
            }
            Art::Badged(key, badge) => {
                id.push_str("bd-");
                escape_id(&mut id, key);
                id.push('-');
                escape_id(&mut id, &badge.to_string());
            }
        }
        id
    }

    /// The letter a drawn piece stands for.
    fn letter(&self) -> Option<char> {
        match *self {
            Art::Wedge(c, _)
            | Art::Tile(c, _)
            | Art::Xiangqi(c)
            | Art::Janggi(c)
            | Art::Target(c)
            | Art::Disc(c) => Some(c),
            _ => None,
        }
    }

    /// The art as placed on a board seen from Black: a shogi piece points
    /// at its opponent, so it turns round with the board; other art does
    /// not.
    pub fn turned(self) -> Art {
        match self {
            Art::Wedge(c, down) => Art::Wedge(c, !down),
            Art::Tile(c, down) => Art::Tile(c, !down),
            // An Eightpieces lancer's arrow points where the lancer
            // points: seen from Black it points the other way (vchess
            // draws the opposite orientation's image).
            Art::File(key) => Art::File(turned_lancer(&key).unwrap_or(key)),
            other => other,
        }
    }
}

/// The file of the lancer pointing the opposite way, for an Eightpieces
/// lancer's file (`Eightpieces/wd` → `Eightpieces/wh`).
fn turned_lancer(key: &str) -> Option<String> {
    const OPPOSITE: [(char, char); 8] = [
        ('c', 'g'),
        ('g', 'c'),
        ('d', 'h'),
        ('h', 'd'),
        ('e', 'm'),
        ('m', 'e'),
        ('f', 'o'),
        ('o', 'f'),
    ];
    let code = key.strip_prefix("Eightpieces/")?;
    let mut chars = code.chars();
    let (colour, dir, rest) = (chars.next()?, chars.next()?, chars.next());
    let &(_, opposite) = OPPOSITE.iter().find(|(d, _)| *d == dir)?;
    (rest.is_none() && matches!(colour, 'w' | 'b'))
        .then(|| format!("Eightpieces/{colour}{opposite}"))
}

/// The content of our own drawing of a shogi, xiangqi or janggi piece.
fn drawn_body(art: &Art) -> Option<String> {
    match *art {
        Art::Wedge(c, down) => asian::shogi_body(c, down),
        Art::Xiangqi(c) => asian::xiangqi_body(c),
        Art::Janggi(c) => asian::janggi_body(c),
        Art::Tile(c, down) => super::dobutsu::tile_body(c, down),
        Art::Stone(black) => Some(super::stones::stone_body(black)),
        Art::Hole => Some(super::stones::hole_body()),
        Art::Ball => Some(super::stones::ball_body()),
        Art::Pebble(black) => Some(super::stones::pebble_body(black)),
        _ => None,
    }
}

/// Our drawn piece as an SVG file for a page's image of it that the
/// content lacks: vchess's rules pages show pieces beside their rules as
/// `img(src="/images/pieces/Shogi/wk.svg")` (colour, letter, `i` when the
/// piece is turned). `None` where we draw no such piece.
pub fn drawn_piece_image(url: &str) -> Option<String> {
    let rest = url.strip_prefix("/images/pieces/")?;
    let (folder, file) = rest.split_once('/')?;
    let code = file.strip_suffix(".svg")?;
    let mut chars = code.chars();
    let (colour, letter) = (chars.next()?, chars.next()?);
    let turned = match chars.as_str() {
        "" => false,
        "i" => true,
        _ => return None,
    };
    let letter = match colour {
        'w' => letter.to_ascii_uppercase(),
        'b' => letter.to_ascii_lowercase(),
        _ => return None,
    };
    let variant = fenpress_rules::registry::lookup(folder).map_or(folder, |v| v.name);
    let set = asian_set(variant).filter(|set| asian::has_piece(*set, letter))?;
    let art = match set {
        AsianSet::Shogi => Art::Wedge(letter, turned),
        AsianSet::Dobutsu => Art::Tile(letter, turned),
        _ if turned => return None,
        AsianSet::Xiangqi => Art::Xiangqi(letter),
        AsianSet::Janggi => Art::Janggi(letter),
    };
    let body = drawn_body(&art)?;
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">{body}</svg>"
    ))
}

/// A letter with its case marked (`u`/`l`), so ids stay distinct where
/// case is ignored.
fn push_cased(id: &mut String, c: char) {
    if c.is_ascii_alphabetic() {
        id.push(if c.is_ascii_uppercase() { 'u' } else { 'l' });
    }
    escape_id(id, &c.to_string());
}

fn escape_id(out: &mut String, key: &str) {
    for c in key.chars() {
        match c {
            '/' => out.push('-'),
            c if c.is_ascii_alphanumeric() => out.push(c),
            c => out.push_str(&format!("_{:x}", c as u32)),
        }
    }
}

/// How linked images are addressed in the SVG being drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links<'a> {
    /// In a site page: `<prefix><key>.<ext>`, the file copied there.
    Url(&'a str),
    /// In a standalone SVG or a raster: embedded as a data URL.
    Embed,
}

/// A set of piece art.
#[derive(Debug, Clone)]
pub struct PieceSet {
    files: BTreeMap<String, ArtFile>,
    /// What the folder's files held that was dropped or refused.
    pub findings: Vec<PieceFinding>,
    /// Piece files left out unread, each with why (a symbolic link, a
    /// FIFO, a link out of the folder, a file over the cap).
    pub skipped: Vec<(PathBuf, String)>,
}

impl PieceSet {
    /// fenpress's own set (`themes/default/pieces`), built into the binary.
    pub fn default_set() -> &'static PieceSet {
        static SET: OnceLock<PieceSet> = OnceLock::new();
        SET.get_or_init(|| PieceSet {
            files: embedded::DEFAULT_PIECES
                .iter()
                .map(|(k, svg)| (k.to_string(), ArtFile::Svg(svg.to_string())))
                .collect(),
            findings: Vec::new(),
            skipped: Vec::new(),
        })
    }

    /// A folder of `[<Variant>/]<w|b><letter>.svg|png` files.
    pub fn from_folder(folder: &Path, svg: SvgMode) -> Result<PieceSet, PieceSetError> {
        if !folder.is_dir() {
            return Err(PieceSetError::Missing {
                path: folder.to_path_buf(),
            });
        }
        let mut files = BTreeMap::new();
        let mut findings = Vec::new();
        let mut skipped = Vec::new();
        for entry in walkdir::WalkDir::new(folder)
            .max_depth(4)
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| !e.file_type().is_dir())
        {
            let path = entry.path();
            let ext = match path.extension().and_then(|e| e.to_str()) {
                Some(e) if e.eq_ignore_ascii_case("svg") => "svg",
                Some(e) if e.eq_ignore_ascii_case("png") => "png",
                _ => continue,
            };
            if !entry.file_type().is_file() {
                skipped.push((
                    path.to_path_buf(),
                    "is a symbolic link or not a regular file".to_string(),
                ));
                continue;
            }
            let Ok(rel) = path
                .with_extension("")
                .strip_prefix(folder)
                .map(Path::to_path_buf)
            else {
                continue;
            };
            let key = rel.to_string_lossy().replace('\\', "/");
            // An SVG wins over a PNG of the same name.
            if ext == "png" && files.contains_key(&key) {
                continue;
            }
            // Git checkouts without symlinks leave the link's target as
            // text (vchess's `Doublearmy/wc.svg` is `../Knightmate/wc.svg`);
            // git-fat leaves a pointer: follow the first, skip the second.
            let Some((source, bytes)) =
                resolve_link(folder, path).map_err(|source| PieceSetError::Read {
                    path: path.to_path_buf(),
                    source,
                })?
            else {
                skipped.push((
                    path.to_path_buf(),
                    format!(
                        "leads out of the piece folder, to a symbolic link or a FIFO, or is over {} KiB",
                        super::safe_svg::MAX_PIECE_BYTES >> 10
                    ),
                ));
                continue;
            };
            let art = match ext {
                "svg" if !contains(&bytes, b"<svg") => continue,
                "png" if !bytes.starts_with(b"\x89PNG") => continue,
                "svg" => {
                    let text = String::from_utf8_lossy(&bytes);
                    let mut report = |line: u32, column: u32, message: String| {
                        findings.push(PieceFinding {
                            path: source.clone(),
                            line: line as usize,
                            column: column as usize,
                            message,
                        })
                    };
                    match super::safe_svg::rebuild(&text) {
                        Err((line, column, why)) => {
                            report(
                                line,
                                column,
                                format!("piece SVG does not parse ({why}): a disc stands in"),
                            );
                            continue;
                        }
                        Ok(rebuilt) => {
                            let clean = rebuilt.dropped.is_empty();
                            for d in rebuilt.dropped {
                                report(d.line, d.column, format!("piece SVG: {}", d.what));
                            }
                            if svg == SvgMode::Inline {
                                ArtFile::Svg(rebuilt.svg)
                            } else if clean {
                                ArtFile::Linked { source, ext }
                            } else {
                                // Linked files are copied as they are: one
                                // that held script is not published.
                                continue;
                            }
                        }
                    }
                }
                _ => ArtFile::Linked { source, ext },
            };
            files.insert(key, art);
        }
        Ok(PieceSet {
            files,
            findings,
            skipped,
        })
    }

    /// Whether the set has a file for `key` (`Orda/ba`).
    pub fn has(&self, key: &str) -> bool {
        self.files.contains_key(key)
    }

    /// The art a letter of a variant shows: the variant's own image (as
    /// vchess maps it), else the variant folder's `<c><letter>`, else the
    /// chess piece (for chess letters where that is the same piece), else a
    /// disc. A chess letter vchess leaves to the chess piece in a variant it
    /// maps (Orda's White `K`, `P`) skips the folder, which may hold another
    /// army's piece of that letter (Ordamirror's khan `Orda/wk`). Never fails.
    /// An Otage union's art, by its letter and holder code (vchess's file
    /// `Otage/<code><letter>`); without it, the Paco Sako union of the
    /// same two pieces.
    pub fn hostage_art(&self, variant: &str, union: char, code: char) -> Art {
        let key = format!("Otage/{code}{union}");
        if self.has(&key) {
            return Art::File(key);
        }
        // Paco Sako's letter: uppercase when White's is the first piece.
        let letter = if matches!(code, 'w' | 'b') {
            union.to_ascii_uppercase()
        } else {
            union.to_ascii_lowercase()
        };
        self.art(variant, letter)
    }

    pub fn art(&self, variant: &str, letter: char) -> Art {
        let (variant, table, mapped) = vchess_image(variant, letter);
        if variant == "Ambiguous" && "gstuocl".contains(letter.to_ascii_lowercase()) {
            return Art::Target(letter);
        }
        let own = image_code(letter);
        // vchess's own art of a hidden piece (a set laid out like vchess's)
        // wins; else our chess piece with a badge (vchess draws Hidden's
        // pieces as the plain chess ones, which would hide what they are).
        let vchess_art = mapped.filter(|k| k.contains('/') && self.has(k));
        if let Some((base, badge)) = hidden_piece(variant, letter).filter(|_| vchess_art.is_none())
        {
            let key = image_code(base);
            if self.has(&key) {
                return Art::Badged(key, badge);
            }
            // Ball's phoenix has no art in the set: its lettered disc (the
            // key is the letter, which no file has), still with the ball.
            if badge == 'a' {
                return Art::Badged(base.to_string(), badge);
            }
        }
        if let Some(key) = mapped.filter(|k| self.has(k)) {
            return Art::File(key.to_string());
        }
        let chess_letter = "prnbqk".contains(letter.to_ascii_lowercase()) && letter.is_ascii();
        let vchess_chess_piece = chess_letter && table && mapped.is_none();
        let in_folder = format!("{variant}/{own}");
        if !vchess_chess_piece && self.has(&in_folder) {
            return Art::File(in_folder);
        }
        // Avalam's towers: their height and top colour.
        if super::stones::is_tower_game(variant) {
            if let Some((height, yellow)) = super::stones::tower_of(letter) {
                return Art::Tower(height, yellow);
            }
        }
        // The ball is no man of either side: drawn as a football.
        if super::stones::is_ball(variant, letter) {
            return Art::Ball;
        }
        // A hole is no piece: drawn as the board's pit (a set's own hole
        // file wins, above).
        if super::stones::is_hole(variant, letter) {
            return Art::Hole;
        }
        // Stones carry no letter; a set's own stone files win (above).
        if super::stones::is_stone_game(variant) {
            let black = super::stones::is_black_stone_of(variant, letter);
            if super::stones::is_lines_board(variant) {
                return Art::Pebble(black);
            }
            return Art::Stone(black);
        }
        let chess_art = mapped.is_none() || CHESS_ART_VARIANTS.contains(&variant);
        if chess_letter && chess_art && self.has(&own) {
            return Art::File(own);
        }
        match asian_set(variant) {
            Some(set) if asian::has_piece(set, letter) => match set {
                // The side at the bottom (White, unless the board is
                // turned: see [`Art::turned`]) points up.
                AsianSet::Shogi => Art::Wedge(letter, letter.is_ascii_lowercase()),
                AsianSet::Dobutsu => Art::Tile(letter, letter.is_ascii_lowercase()),
                AsianSet::Xiangqi => Art::Xiangqi(letter),
                AsianSet::Janggi => Art::Janggi(letter),
            },
            _ => Art::Disc(letter),
        }
    }

    /// The `<symbol>` of a piece's art, and the file it links, if any (as
    /// (path below the link prefix, source file)).
    pub fn symbol(&self, art: &Art, links: Links) -> (String, Option<(String, PathBuf)>) {
        let id = art.id();
        match art {
            Art::Disc(c) => (disc_symbol(&id, *c), None),
            Art::Stack(top, under) => (stack_symbol(&id, *top, *under), None),
            Art::Target(c) => (target_symbol(&id, *c), None),
            Art::Badged(key, badge) => {
                let (base, copy) = match self.files.get(key) {
                    Some(ArtFile::Svg(text)) => (inline_symbol(&id, text), None),
                    _ => {
                        let (base, copy) = self.symbol(&Art::File(key.clone()), links);
                        let plain_id = Art::File(key.clone()).id();
                        (base.replacen(&plain_id, &id, 1), copy)
                    }
                };
                (badged_symbol(&id, &base, *badge), copy)
            }
            Art::Tower(height, yellow) => (tower_symbol(&id, *height, *yellow), None),
            Art::Wedge(..)
            | Art::Tile(..)
            | Art::Xiangqi(_)
            | Art::Janggi(_)
            | Art::Stone(_)
            | Art::Pebble(_)
            | Art::Ball
            | Art::Hole => {
                let symbol = match drawn_body(art) {
                    Some(body) => {
                        format!("<symbol id=\"{id}\" viewBox=\"0 0 100 100\">{body}</symbol>")
                    }
                    None => disc_symbol(&id, art.letter().unwrap_or('?')),
                };
                (symbol, None)
            }
            Art::File(key) => match self.files.get(key) {
                Some(ArtFile::Svg(text)) => (inline_symbol(&id, text), None),
                Some(ArtFile::Linked { source, ext }) => {
                    let rel = format!("{key}.{ext}");
                    let href = match links {
                        Links::Url(prefix) => super::svg::escape(&format!("{prefix}{rel}")),
                        Links::Embed => data_url(source, ext),
                    };
                    let symbol = format!(
                        "<symbol id=\"{id}\" viewBox=\"0 0 100 100\"><image href=\"{href}\" width=\"100\" height=\"100\"/></symbol>"
                    );
                    let copy = matches!(links, Links::Url(_)).then(|| (rel, source.clone()));
                    (symbol, copy)
                }
                None => {
                    let letter = key.chars().last().unwrap_or('?');
                    (disc_symbol(&id, letter), None)
                }
            },
        }
    }
}

/// A file's bytes, following links stored as text (a short relative path)
/// up to a few hops; `None` if a link leads nowhere, out of `folder`, to
/// a symlink or anything but a regular file, or to a file over
/// [`super::safe_svg::MAX_PIECE_BYTES`].
fn resolve_link(folder: &Path, path: &Path) -> std::io::Result<Option<(PathBuf, Vec<u8>)>> {
    use std::io::Read as _;
    let inside = folder.canonicalize()?;
    let mut path = path.to_path_buf();
    for _ in 0..4 {
        let meta = std::fs::symlink_metadata(&path)?;
        if !meta.file_type().is_file() || meta.len() > super::safe_svg::MAX_PIECE_BYTES {
            return Ok(None);
        }
        if !path.canonicalize()?.starts_with(&inside) {
            return Ok(None);
        }
        let mut bytes = Vec::new();
        std::fs::File::open(&path)?
            .take(super::safe_svg::MAX_PIECE_BYTES)
            .read_to_end(&mut bytes)?;
        let text = std::str::from_utf8(&bytes).map(str::trim).unwrap_or("");
        let is_link = !text.is_empty()
            && text.len() < 256
            && !text.contains(['<', '\n', '#'])
            && (text.ends_with(".svg") || text.ends_with(".png"));
        if !is_link {
            return Ok(Some((path, bytes)));
        }
        let Some(dir) = path.parent() else {
            return Ok(None);
        };
        let next = dir.join(text);
        if !next.is_file() || !next.canonicalize()?.starts_with(&inside) {
            return Ok(None);
        }
        path = next;
    }
    Ok(None)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// vchess's file name for a letter: colour (`w` up to `Z` in ASCII, as
/// vchess's `fen2board` reads it) then the lowercase letter.
fn image_code(letter: char) -> String {
    let colour = if letter <= 'Z' { 'w' } else { 'b' };
    format!("{colour}{}", letter.to_lowercase())
}

/// The variant's canonical name, whether vchess's image table lists the
/// variant, and the image vchess maps the letter to.
fn vchess_image(variant: &str, letter: char) -> (&str, bool, Option<&'static str>) {
    let name = fenpress_rules::registry::lookup(variant).map_or(variant, |v| v.name);
    let pairs = images_table::IMAGES
        .iter()
        .find(|(v, _)| v.eq_ignore_ascii_case(name))
        .map(|(_, pairs)| *pairs);
    let mapped = pairs
        .and_then(|pairs| pairs.iter().find(|(c, _)| *c == letter))
        .map(|(_, key)| *key);
    (name, pairs.is_some(), mapped)
}

/// Fallback art: a disc in the piece's colour with its letter drawn as
/// strokes (no font: the same in a browser and in a PNG).
fn disc_symbol(id: &str, letter: char) -> String {
    let (fill, ink) = if letter.is_uppercase() {
        ("#fff", "#222")
    } else if letter.is_lowercase() {
        ("#222", "#fff")
    } else {
        ("#8a6fb5", "#fff")
    };
    let upper = letter.to_uppercase().next().unwrap_or(letter);
    format!(
        "<symbol id=\"{id}\" viewBox=\"0 0 100 100\"><circle cx=\"50\" cy=\"50\" r=\"37\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"4\"/><path d=\"{}\" transform=\"translate(38 32) scale(6)\" fill=\"none\" stroke=\"{ink}\" stroke-width=\".95\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></symbol>",
        glyphs::glyph(upper)
    )
}

/// Ambiguous's mark: a red target ring around a disc in the mark's colour,
/// empty for a marked empty square, else holding the marked piece's letter
/// (`s` is a pawn: `P`).
fn target_symbol(id: &str, mark: char) -> String {
    let (fill, ink) = if mark.is_ascii_uppercase() {
        ("#fff", "#222")
    } else {
        ("#222", "#fff")
    };
    let piece = match mark.to_ascii_lowercase() {
        's' => Some('P'),
        't' => Some('Q'),
        'u' => Some('R'),
        'o' => Some('N'),
        'c' => Some('B'),
        'l' => Some('K'),
        _ => None,
    };
    let r = if piece.is_some() { 34 } else { 18 };
    let mut body = format!(
        "<circle cx=\"50\" cy=\"50\" r=\"44\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"7\"/><circle cx=\"50\" cy=\"50\" r=\"{r}\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"3\"/>"
    );
    if let Some(p) = piece {
        body.push_str(&format!(
            "<path d=\"{}\" transform=\"translate(38 32) scale(6)\" fill=\"none\" stroke=\"{ink}\" stroke-width=\".95\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            glyphs::glyph(p)
        ));
    }
    format!("<symbol id=\"{id}\" viewBox=\"0 0 100 100\">{body}</symbol>")
}

/// The chess letter a hidden piece of `variant` looks like to its owner,
/// and the badge that tells it apart: Stealthbomb's loaded pieces (`s t u
/// c o`: a bomb), Hidden's hidden pieces (`s t u c o l`: `?`),
/// Hiddenqueen's hidden queen (`t`: a pawn badged `Q`).
fn hidden_piece(variant: &str, letter: char) -> Option<(char, char)> {
    let lower = letter.to_ascii_lowercase();
    let (base, badge) = match variant {
        "Stealthbomb1" | "Stealthbomb2" => (
            fenpress_rules::variants::turns::stealthbomb::unloaded(fenpress_rules::Kind(
                lower as u8,
            ))?,
            'b',
        ),
        "Hidden" => (
            fenpress_rules::variants::turns::hidden::revealed(fenpress_rules::Kind(lower as u8))?,
            '?',
        ),
        "Hiddenqueen" if lower == 't' => (fenpress_rules::Kind::PAWN, 'Q'),
        // Ball's pieces holding the ball: the piece with the ball beside it.
        "Ball" if fenpress_rules::variants::ball::holds(fenpress_rules::Kind(lower as u8)) => (
            fenpress_rules::variants::ball::without_ball(fenpress_rules::Kind(lower as u8)),
            'a',
        ),
        _ => return None,
    };
    let base = base.char();
    Some((
        if letter.is_ascii_uppercase() {
            base.to_ascii_uppercase()
        } else {
            base
        },
        badge,
    ))
}

/// A piece's symbol (`base`, made with the id `id`) drawn in a 100×100
/// box with its badge, bottom right: a bomb (`b`), a question mark (`?`),
/// the ball (`a`: Ball's piece that holds it), or a letter in a disc.
fn badged_symbol(id: &str, base: &str, badge: char) -> String {
    // The base's own box and namespaces, on a nested <svg>.
    let open_end = base.find('>').unwrap_or(0);
    let attrs = base[..open_end]
        .strip_prefix(&format!("<symbol id=\"{id}\""))
        .unwrap_or(" viewBox=\"0 0 100 100\"");
    let body = base
        .get(open_end + 1..base.rfind("</symbol>").unwrap_or(base.len()))
        .unwrap_or("");
    let mark = match badge {
        'b' => "<circle cx=\"74\" cy=\"78\" r=\"18\" fill=\"#222\" stroke=\"#fff\" stroke-width=\"3\"/><path d=\"M86 65Q90 56 96 58\" fill=\"none\" stroke=\"#222\" stroke-width=\"3\"/><circle cx=\"96\" cy=\"58\" r=\"5\" fill=\"#e67e22\"/>".to_string(),
        // Ball's ball, held: the football, small, bottom right.
        'a' => format!(
            "<g transform=\"translate(44 44) scale(0.66)\">{}</g>",
            super::stones::ball_body()
        ),
        '?' => "<circle cx=\"78\" cy=\"78\" r=\"19\" fill=\"#6c4fa3\" stroke=\"#fff\" stroke-width=\"3\"/><path d=\"M71 72Q71 64 78 64Q85 64 85 71Q85 76 78 78V83M78 89V90\" fill=\"none\" stroke=\"#fff\" stroke-width=\"3.2\" stroke-linecap=\"round\"/>".to_string(),
        c => format!(
            "<circle cx=\"78\" cy=\"78\" r=\"19\" fill=\"#6c4fa3\" stroke=\"#fff\" stroke-width=\"3\"/><path d=\"{}\" transform=\"translate(71 67.5) scale(3.5)\" fill=\"none\" stroke=\"#fff\" stroke-width=\"1\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            glyphs::glyph(c)
        ),
    };
    format!(
        "<symbol id=\"{id}\" viewBox=\"0 0 100 100\"><svg{attrs} width=\"100\" height=\"100\">{body}</svg>{mark}</symbol>"
    )
}

/// An Emergo stack: a disc in the controller's colour with the stack's
/// height, and when it holds prisoners a smaller disc in theirs, bottom
/// right, with their count. Numbers are drawn as strokes, like the letters.
fn stack_symbol(id: &str, top: char, under: char) -> String {
    let (fill, ink) = if top.is_ascii_uppercase() {
        ("#fff", "#222")
    } else {
        ("#222", "#fff")
    };
    let mut body = format!(
        "<circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"4\"/>{}",
        number(stack_count(top), 50.0, 50.0, 6.0, ink)
    );
    if under.is_ascii_alphabetic() {
        let _ = std::fmt::Write::write_fmt(
            &mut body,
            format_args!(
                "<circle cx=\"76\" cy=\"76\" r=\"20\" fill=\"{ink}\" stroke=\"{fill}\" stroke-width=\"3\"/>{}",
                number(stack_count(under), 76.0, 76.0, 3.2, fill)
            ),
        );
    }
    format!("<symbol id=\"{id}\" viewBox=\"0 0 100 100\">{body}</symbol>")
}

/// An Avalam tower seen from above: a disc in the colour on top (the
/// page's yellow for the first player, red for the second), a ring per
/// piece under the top one so the height shows at a glance, and the
/// height in figures.
fn tower_symbol(id: &str, height: u8, yellow: bool) -> String {
    let (fill, rim, ink) = if yellow {
        ("#f3c623", "#8a6a00", "#3b2a00")
    } else {
        ("#c8321e", "#5e1308", "#fff")
    };
    let mut body = format!(
        "<circle cx=\"50\" cy=\"50\" r=\"44\" fill=\"{fill}\" stroke=\"{rim}\" stroke-width=\"4\"/>"
    );
    for ring in 1..height {
        let r = 44 - 6 * u32::from(ring);
        let _ = std::fmt::Write::write_fmt(
            &mut body,
            format_args!(
                "<circle class=\"fp-tr\" cx=\"50\" cy=\"50\" r=\"{r}\" fill=\"none\" stroke=\"{rim}\" stroke-width=\"1.6\"/>"
            ),
        );
    }
    body.push_str(&number(u32::from(height), 50.0, 50.0, 4.5, ink));
    format!("<symbol id=\"{id}\" viewBox=\"0 0 100 100\">{body}</symbol>")
}

/// `n` as stroked digit glyphs centred on (`cx`, `cy`), each glyph (4 × 6
/// units) scaled by `scale`.
fn number(n: u32, cx: f32, cy: f32, scale: f32, ink: &str) -> String {
    let digits: Vec<char> = n.to_string().chars().collect();
    let advance = 5.0 * scale;
    let width = advance * digits.len() as f32 - scale;
    let mut out = String::new();
    for (i, digit) in digits.iter().enumerate() {
        let x = cx - width / 2.0 + advance * i as f32;
        let y = cy - 3.0 * scale;
        let _ = std::fmt::Write::write_fmt(
            &mut out,
            format_args!(
                "<path d=\"{}\" transform=\"translate({x} {y}) scale({scale})\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{:.2}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                glyphs::glyph(*digit),
                5.7 / scale
            ),
        );
    }
    out
}

/// An SVG file's content as a symbol: the root's viewBox (or its size),
/// its namespace declarations (a raster's XML parser needs them), its
/// content without prolog, comments or editor metadata, ids prefixed.
fn inline_symbol(id: &str, text: &str) -> String {
    let text = strip_noise(text);
    let Some(start) = find_svg_open(&text) else {
        return disc_symbol(id, '?');
    };
    let Some(open_end) = text[start..].find('>').map(|i| start + i) else {
        return disc_symbol(id, '?');
    };
    let open = &text[start..open_end];
    let self_closing = open.ends_with('/');
    let body = if self_closing {
        ""
    } else {
        let close = text.rfind("</svg>").unwrap_or(text.len());
        text.get(open_end + 1..close).unwrap_or("")
    };
    let attrs = attributes(open);
    let get = |name: &str| {
        attrs
            .iter()
            .find(|(k, _)| k.as_str() == name)
            .map(|(_, v)| v.as_str())
    };
    let view_box = match get("viewBox") {
        Some(v) => v.to_string(),
        None => {
            let number = |v: Option<&str>| {
                v.and_then(|v| v.trim_end_matches("px").trim().parse::<f32>().ok())
                    .filter(|n| *n > 0.0)
            };
            match (number(get("width")), number(get("height"))) {
                (Some(w), Some(h)) => format!("0 0 {w} {h}"),
                _ => "0 0 100 100".to_string(),
            }
        }
    };
    let mut symbol = format!(
        "<symbol id=\"{id}\" viewBox=\"{}\"",
        super::svg::escape(&view_box)
    );
    for (k, v) in &attrs {
        if k.starts_with("xmlns:") && k != "xmlns:svg" {
            symbol.push_str(&format!(" {k}=\"{}\"", super::svg::escape(v)));
        }
    }
    symbol.push('>');
    symbol.push_str(&prefix_ids(body, id));
    symbol.push_str("</symbol>");
    symbol
}

fn find_svg_open(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find("<svg") {
        let at = from + i;
        let next = text[at + 4..].chars().next();
        if next.is_some_and(|c| c.is_whitespace() || c == '>' || c == '/') {
            return Some(at);
        }
        from = at + 4;
    }
    None
}

/// Drop the XML prolog, doctype, comments and editor metadata.
fn strip_noise(text: &str) -> String {
    let mut out = text.to_string();
    for (open, close) in [
        ("<?", "?>"),
        ("<!DOCTYPE", ">"),
        ("<!--", "-->"),
        ("<metadata", "</metadata>"),
        ("<sodipodi:namedview", "/>"),
    ] {
        while let Some(start) = out.find(open) {
            let Some(len) = out[start..].find(close) else {
                break;
            };
            let mut end = start + len + close.len();
            // `<sodipodi:namedview …>…</sodipodi:namedview>`
            if open == "<sodipodi:namedview" && out[start..end].contains('>') {
                if let Some(gt) = out[start..].find('>') {
                    if !out[start..start + gt].ends_with('/') {
                        end = out[start..]
                            .find("</sodipodi:namedview>")
                            .map_or(start + gt + 1, |i| {
                                start + i + "</sodipodi:namedview>".len()
                            });
                    } else {
                        end = start + gt + 1;
                    }
                }
            }
            out.replace_range(start..end, "");
        }
    }
    out
}

/// The attributes of an open tag (`<svg a="1" b='2'`), in order.
fn attributes(open: &str) -> Vec<(String, String)> {
    let mut attrs = Vec::new();
    let mut rest = open.trim_start_matches("<svg");
    while let Some(eq) = rest.find('=') {
        let name = rest[..eq].trim().to_string();
        let after = rest[eq + 1..].trim_start();
        let Some(quote) = after.chars().next().filter(|q| *q == '"' || *q == '\'') else {
            break;
        };
        let Some(end) = after[1..].find(quote) else {
            break;
        };
        attrs.push((name, after[1..1 + end].to_string()));
        rest = &after[1 + end + 1..];
    }
    attrs
}

/// Prefix every `id` and every reference to one (`url(#x)`, `href="#x"`)
/// with the symbol's id, so two pieces' gradients never clash on a page.
fn prefix_ids(body: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(body.len() + 64);
    let mut rest = body;
    let patterns = [" id=\"", "\tid=\"", "\nid=\"", "url(#", "href=\"#"];
    loop {
        let next = patterns
            .iter()
            .filter_map(|p| rest.find(p).map(|i| (i, p.len())))
            .min();
        let Some((i, len)) = next else {
            out.push_str(rest);
            break;
        };
        out.push_str(&rest[..i + len]);
        out.push_str(prefix);
        out.push('-');
        rest = &rest[i + len..];
    }
    out
}

fn data_url(source: &Path, ext: &str) -> String {
    let mime = if ext == "png" {
        "image/png"
    } else {
        "image/svg+xml"
    };
    let bytes = std::fs::read(source).unwrap_or_default();
    format!("data:{mime};base64,{}", base64(&bytes))
}

fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].iter().enumerate() {
            if i <= chunk.len() {
                out.push(ABC[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn otage_pairs_find_their_art_by_holder() {
        let set = PieceSet::default_set();
        // Each of the four codes has its own drawing (who holds whom).
        for code in ['w', 'b', 'v', 'a'] {
            let key = format!("Otage/{code}c");
            assert_eq!(set.hostage_art("Otage", 'c', code), Art::File(key));
        }
        assert_eq!(
            set.hostage_art("Otage", '@', 'b'),
            Art::File("Otage/b@".into())
        );
    }

    #[test]
    fn letters_find_their_art_in_our_set() {
        let set = PieceSet::default_set();
        assert_eq!(set.art("Chess", 'P'), Art::File("wp".into()));
        assert_eq!(set.art("orda", 'a'), Art::File("Orda/ba".into()));
        assert_eq!(set.art("Orda", 'n'), Art::File("bn".into()));
        assert_eq!(set.art("Orda", 'H'), Art::File("Orda/wh".into()));
        // Orda's White is the chess army: its king and pawns stay chess
        // pieces although the Orda folder has a white khan and Horde pawn.
        assert_eq!(set.art("Orda", 'K'), Art::File("wk".into()));
        assert_eq!(set.art("Orda", 'P'), Art::File("wp".into()));
        assert_eq!(set.art("Orda", 'k'), Art::File("Orda/bk".into()));
        // Ordamirror: the Horde on both sides, and the falcon.
        assert_eq!(set.art("Ordamirror", 'F'), Art::File("Orda/wf".into()));
        assert_eq!(set.art("Ordamirror", 'f'), Art::File("Orda/bf".into()));
        assert_eq!(set.art("Ordamirror", 'L'), Art::File("Orda/wl".into()));
        assert_eq!(set.art("Ordamirror", 'A'), Art::File("Orda/wa".into()));
        assert_eq!(set.art("Ordamirror", 'K'), Art::File("Orda/wk".into()));
        assert_eq!(set.art("Ordamirror", 'P'), Art::File("Orda/wp".into()));
        assert_eq!(set.art("Ordamirror", 'h'), Art::File("Orda/bh".into()));
        assert_eq!(set.art("Pacosako", 'C'), Art::File("Pacosako/wc".into()));
        assert_eq!(set.art("Pacosako", '@'), Art::File("Pacosako/w@".into()));
        assert_eq!(set.art("Pacosako", 'b'), Art::File("bb".into()));
        // Eightpieces' lancers: one drawing per orientation, turned round
        // on a board seen from Black.
        assert_eq!(
            set.art("Eightpieces", 'D'),
            Art::File("Eightpieces/wd".into())
        );
        assert_eq!(
            set.art("Eightpieces", 'm'),
            Art::File("Eightpieces/bm".into())
        );
        assert_eq!(
            set.art("Eightpieces", 'D').turned(),
            Art::File("Eightpieces/wh".into())
        );
        assert_eq!(set.art("Eightpieces", 'B'), Art::File("wb".into()));
        assert_eq!(set.art("Eightpieces", 'B').turned(), Art::File("wb".into()));
        // Checkered's pieces both sides own, either case: one drawing each.
        assert_eq!(set.art("Checkered", 's'), Art::File("Checkered/cp".into()));
        assert_eq!(set.art("Checkered", 'O'), Art::File("Checkered/cn".into()));
        assert_eq!(set.art("Checkered", 'n'), Art::File("bn".into()));
        assert_eq!(set.art("Maxima", 'g'), Art::File("Maxima/bg".into()));
        assert_eq!(set.art("Baroque", 'M'), Art::File("Baroque/wm".into()));
        assert_eq!(set.art("Apocalypse", 'n'), Art::File("bn".into()));
        // A Gomoku stone is not a pawn: a disc.
        assert_eq!(set.art("Gomoku", 'p'), Art::Stone(false));
        assert_eq!(set.art("Atarigo", 'P'), Art::Stone(true));
        assert_eq!(set.art("Konane", 'P'), Art::Stone(true));
        assert_eq!(set.art("Fanorona", 'P'), Art::Pebble(false));
        assert_eq!(set.art("Hamilton", 'x'), Art::Hole);
        assert_eq!(set.art("Football", 'a'), Art::Ball);
        assert_eq!(set.art("Avalam1", 'D'), Art::Tower(3, true));
        assert_eq!(set.art("Avalam2", 'b'), Art::Tower(1, false));
        assert_eq!(set.art("Konane", 'p'), Art::Stone(false));
        // Shogi and xiangqi pieces are ours; a letter those games lack
        // stays a disc.
        assert_eq!(set.art("Xiangqi", 'c'), Art::Xiangqi('c'));
        assert_eq!(set.art("Minixiangqi", 'K'), Art::Xiangqi('K'));
        assert_eq!(set.art("Janggi", 'p'), Art::Janggi('p'));
        assert_eq!(set.art("Shogi", 'P'), Art::Wedge('P', false));
        assert_eq!(set.art("Minishogi", 'd'), Art::Wedge('d', true));
        assert_eq!(set.art("Shogi", 'd').turned(), Art::Wedge('d', false));
        assert_eq!(set.art("Xiangqi", 'g'), Art::Disc('g'));
        assert_eq!(set.art("Dobutsu", 'k'), Art::Tile('k', true));
        assert_eq!(set.art("Dobutsu", 'H').turned(), Art::Tile('H', true));
        assert_eq!(set.art("Nonsense", '*'), Art::Disc('*'));
    }

    /// A hidden piece is its chess piece with a badge: a bomb, a question
    /// mark, the letter of what it is.
    #[test]
    fn hidden_pieces_are_badged_chess_pieces() {
        let set = PieceSet::default_set();
        assert_eq!(set.art("Stealthbomb1", 'S'), Art::Badged("wp".into(), 'b'));
        assert_eq!(set.art("stealthbomb2", 'u'), Art::Badged("br".into(), 'b'));
        assert_eq!(set.art("Hidden", 't'), Art::Badged("bq".into(), '?'));
        assert_eq!(set.art("Hidden", 'L'), Art::Badged("wk".into(), '?'));
        assert_eq!(set.art("Hiddenqueen", 'T'), Art::Badged("wp".into(), 'Q'));
        assert_eq!(set.art("Hiddenqueen", 'p'), Art::File("bp".into()));
        // Ball's holders: the piece with the ball (a football) beside it.
        assert_eq!(set.art("Ball", 'S'), Art::Badged("wp".into(), 'a'));
        assert_eq!(set.art("Ball", 't'), Art::Badged("bq".into(), 'a'));
        assert_eq!(set.art("Ball", 'I'), Art::Badged("H".into(), 'a'));
        let (phoenix, _) = set.symbol(&Art::Badged("H".into(), 'a'), Links::Embed);
        assert!(
            phoenix.contains(&super::super::stones::ball_body()),
            "{phoenix}"
        );
        let (held, _) = set.symbol(&Art::Badged("wp".into(), 'a'), Links::Embed);
        assert!(held.contains(&super::super::stones::ball_body()), "{held}");
        let (bomb, _) = set.symbol(&Art::Badged("wp".into(), 'b'), Links::Embed);
        let (queen, _) = set.symbol(&Art::Badged("wp".into(), 'Q'), Links::Embed);
        assert!(bomb.starts_with("<symbol id=\"fp-bd-wp-b\" viewBox=\"0 0 100 100\"><svg"));
        assert!(bomb.contains("</svg><circle cx=\"74\" cy=\"78\" r=\"18\" fill=\"#222\""));
        assert!(bomb.ends_with("<circle cx=\"96\" cy=\"58\" r=\"5\" fill=\"#e67e22\"/></symbol>"));
        assert_ne!(bomb, queen);
    }

    #[test]
    fn ambiguous_marks_are_targets() {
        let set = PieceSet::default_set();
        assert_eq!(set.art("Ambiguous", 'G'), Art::Target('G'));
        assert_eq!(set.art("ambiguous", 't'), Art::Target('t'));
        assert_ne!(set.art("Ambiguous", 'P'), Art::Target('P'));
        assert_ne!(set.art("Chess", 'g'), Art::Target('g'));
        let (empty, _) = set.symbol(&Art::Target('G'), Links::Embed);
        let (queen, _) = set.symbol(&Art::Target('t'), Links::Embed);
        assert!(
            empty.contains("#c0392b") && !empty.contains("<path"),
            "{empty}"
        );
        assert!(
            queen.contains("#c0392b") && queen.contains("<path"),
            "{queen}"
        );
        assert_ne!(Art::Target('g').id(), Art::Target('G').id());
    }

    #[test]
    fn ids_are_valid_and_distinct() {
        assert_eq!(Art::File("Pacosako/w@".into()).id(), "fp-Pacosako-w_40");
        assert_eq!(Art::Disc('A').id(), "fp-d-A");
        assert_ne!(Art::Disc('A').id(), Art::Disc('a').id());
        assert_eq!(Art::Disc('*').id(), "fp-d-_2a");
        assert_eq!(Art::Wedge('P', false).id(), "fp-sg-u-uP");
        assert_ne!(Art::Wedge('p', true).id(), Art::Wedge('p', false).id());
        assert_eq!(Art::Xiangqi('k').id(), "fp-xq-lk");
        assert_ne!(Art::Janggi('k').id(), Art::Xiangqi('k').id());
    }

    #[test]
    fn foreign_svg_becomes_a_clean_symbol() {
        let svg = "<?xml version=\"1.0\"?>\n<!-- c --><svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"45px\" height=\"45\"><metadata>x</metadata><defs><linearGradient id=\"g\"/></defs><path fill=\"url(#g)\" d=\"M0 0\"/><use xlink:href=\"#g\"/></svg>";
        let s = inline_symbol("fp-wp", svg);
        assert!(
            s.starts_with("<symbol id=\"fp-wp\" viewBox=\"0 0 45 45\" xmlns:xlink="),
            "{s}"
        );
        assert!(s.contains("id=\"fp-wp-g\""), "{s}");
        assert!(s.contains("url(#fp-wp-g)"));
        assert!(s.contains("href=\"#fp-wp-g\""));
        assert!(!s.contains("metadata") && !s.contains("<?xml") && !s.contains("<!--"));
        // Garbage never panics.
        for bad in ["", "<svg", "<svg a=\"1", "<svgx/>", "<svg/>", "<!--"] {
            let _ = inline_symbol("fp-x", bad);
        }
    }

    #[test]
    fn a_page_image_of_a_piece_we_draw_is_our_drawing() {
        let king = drawn_piece_image("/images/pieces/Shogi/wk.svg").unwrap();
        assert!(
            king.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{king}"
        );
        assert!(!king.contains("rotate"));
        let turned = drawn_piece_image("/images/pieces/Shogi/wki.svg").unwrap();
        assert!(turned.contains("rotate(180"));
        assert_ne!(drawn_piece_image("/images/pieces/Shogi/bk.svg"), Some(king));
        assert!(drawn_piece_image("/images/pieces/Xiangqi/bc.svg").is_some());
        assert!(drawn_piece_image("/images/pieces/Janggi/wk.svg").is_some());
        assert!(drawn_piece_image("/images/pieces/Dobutsu/whi.svg").is_some());
        for other in [
            "/images/pieces/Shogi/wz.svg",
            "/images/pieces/Xiangqi/wki.svg",
            "/images/pieces/Makruk/wk.svg",
            "/images/pieces/Shogi/wk.png",
            "/images/pieces/Shogi/xk.svg",
            "/images/pieces/Shogi/w.svg",
            "/variants/Shogi/wk.svg",
        ] {
            assert_eq!(drawn_piece_image(other), None, "{other}");
        }
    }

    #[test]
    fn base64_matches_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }
}
