//! Whether an image file holds the image its name promises. A repository
//! that keeps its pictures in git-fat or Git LFS checks out small text
//! pointers in their place unless the store is pulled, and a checkout
//! without symbolic links writes each link as a text file naming its
//! target: all three look like images to a file listing and show as broken
//! pictures in a browser. A copy cut short (an interrupted download) loses
//! the end its format requires.

use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// What is wrong with an image file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageFault {
    /// A git-fat pointer (`#$# git-fat <sha> <size>`).
    GitFat,
    /// A Git LFS pointer (`version https://git-lfs.github.com/spec/v1`).
    GitLfs,
    /// A symbolic link checked out as a text file: the path it names.
    LinkAsText(String),
    /// An empty file.
    Empty,
    /// The file starts as its format does but lacks the end it requires.
    Truncated {
        format: &'static str,
        end: &'static str,
    },
    /// The first bytes are not those of the format its extension names.
    WrongFormat { format: &'static str },
}

impl ImageFault {
    /// The finding's code: a pointer (the image is elsewhere, one command
    /// fetches it) or a damaged file (it must be replaced).
    pub fn code(&self) -> &'static str {
        match self {
            ImageFault::GitFat | ImageFault::GitLfs | ImageFault::LinkAsText(_) => "image-pointer",
            // Empty, truncated, or another format.
            _ => "image-corrupt",
        }
    }

    /// What the file is, after "image `url` (`file`) is ".
    pub fn what(&self) -> String {
        match self {
            ImageFault::GitFat => "a git-fat pointer, not an image".into(),
            ImageFault::GitLfs => "a Git LFS pointer, not an image".into(),
            ImageFault::LinkAsText(target) => {
                format!("a symbolic link checked out as a text file (it names `{target}`)")
            }
            ImageFault::Empty => "empty".into(),
            ImageFault::Truncated { format, end } => {
                format!("a truncated {format}: its end ({end}) is missing")
            }
            ImageFault::WrongFormat { format } => {
                format!("not a {format}: its first bytes are not a {format}'s")
            }
        }
    }

    /// What to do about it.
    pub fn hint(&self) -> &'static str {
        match self {
            ImageFault::GitFat => {
                "the picture is in git-fat's store: run `git fat init && git fat pull` in the repository the content comes from, or put the image itself in its place"
            }
            ImageFault::GitLfs => {
                "the picture is in Git LFS's store: run `git lfs install && git lfs pull` in the repository the content comes from, or put the image itself in its place"
            }
            ImageFault::LinkAsText(_) => {
                "check the repository out with symbolic links (`git config core.symlinks true`, then check out again), or put the image it names in its place"
            }
            ImageFault::Empty | ImageFault::Truncated { .. } => {
                "the file was cut short (an interrupted copy or download): put the complete image in its place"
            }
            ImageFault::WrongFormat { .. } => {
                "put the image itself in its place, or give the file the extension of its real format"
            }
        }
    }
}

/// The file that holds the picture `path` names: `path` itself, or the
/// file a symbolic link checked out as text names (what a checkout with
/// links would have put there), followed within `root` for a few steps.
/// `Err` is the file that is not an image and what it is.
pub fn follow(root: &Path, path: &Path) -> Result<PathBuf, (PathBuf, ImageFault)> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match inspect(&at) {
            None => return Ok(at),
            Some(ImageFault::LinkAsText(target)) => {
                let next = lexical(&at.parent().unwrap_or(root).join(&target));
                if !next.is_file() || !super::images::within(root, &next) {
                    return Err((at, ImageFault::LinkAsText(target)));
                }
                at = next;
            }
            Some(fault) => return Err((at, fault)),
        }
    }
    let target = std::fs::read_to_string(&at).unwrap_or_default();
    Err((at, ImageFault::LinkAsText(target.trim().to_string())))
}

/// `a/b/../c` as `a/c`: the path a link names, written as a reader would.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Links followed before giving up (a loop of links ends there).
const MAX_LINKS: usize = 8;

/// The bytes read from each end: enough for every signature and pointer,
/// and for the end marker of a file with a little padding after it.
const HEAD: usize = 1024;
const TAIL: usize = 1024;

/// Inspects the image file at `path` (its format named by its extension);
/// `None` when it looks whole, or cannot be read (the copy reports that).
pub fn inspect(path: &Path) -> Option<ImageFault> {
    let mut file = std::fs::File::open(path).ok()?;
    let len = file.metadata().ok()?.len();
    let mut head = Vec::with_capacity(HEAD);
    (&mut file).take(HEAD as u64).read_to_end(&mut head).ok()?;
    let tail = if len as usize <= HEAD {
        head.clone()
    } else {
        let mut tail = Vec::with_capacity(TAIL);
        file.seek(SeekFrom::Start(len.saturating_sub(TAIL as u64)))
            .ok()?;
        file.read_to_end(&mut tail).ok()?;
        tail
    };
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    judge(&extension, len, &head, &tail)
}

/// The judgement on a file's first and last bytes (`len` in all).
fn judge(extension: &str, len: u64, head: &[u8], tail: &[u8]) -> Option<ImageFault> {
    if len == 0 {
        return Some(ImageFault::Empty);
    }
    if head.starts_with(b"#$# git-fat ") {
        return Some(ImageFault::GitFat);
    }
    if head.starts_with(b"version https://git-lfs.github.com/spec/") {
        return Some(ImageFault::GitLfs);
    }
    if let Some(target) = link_text(len, head) {
        return Some(ImageFault::LinkAsText(target));
    }
    let contains = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).any(|w| w == needle);
    match extension {
        "png" => {
            if !head.starts_with(b"\x89PNG\r\n\x1a\n") {
                return Some(ImageFault::WrongFormat { format: "PNG" });
            }
            (!contains(tail, b"IEND")).then_some(ImageFault::Truncated {
                format: "PNG",
                end: "the IEND chunk",
            })
        }
        "jpg" | "jpeg" => {
            if !head.starts_with(b"\xff\xd8\xff") {
                return Some(ImageFault::WrongFormat { format: "JPEG" });
            }
            (!contains(tail, b"\xff\xd9")).then_some(ImageFault::Truncated {
                format: "JPEG",
                end: "the end-of-image marker",
            })
        }
        "gif" => {
            if !(head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a")) {
                return Some(ImageFault::WrongFormat { format: "GIF" });
            }
            (!tail.contains(&0x3b)).then_some(ImageFault::Truncated {
                format: "GIF",
                end: "the trailer byte",
            })
        }
        "webp" => {
            let riff = head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP";
            if !riff {
                return Some(ImageFault::WrongFormat { format: "WebP" });
            }
            // RIFF's size field counts the bytes after its first eight.
            let declared = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as u64 + 8;
            (len < declared).then_some(ImageFault::Truncated {
                format: "WebP",
                end: "the bytes its header counts",
            })
        }
        "svg" => {
            if !contains(head, b"<svg") && !starts_as_xml(head) {
                return Some(ImageFault::WrongFormat { format: "SVG" });
            }
            (!contains(tail, b"</svg>")).then_some(ImageFault::Truncated {
                format: "SVG",
                end: "`</svg>`",
            })
        }
        _ => None,
    }
}

/// An SVG whose `<svg` comes after a long prologue (comments, a DOCTYPE).
fn starts_as_xml(head: &[u8]) -> bool {
    let text = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    let text = &text[start..];
    text.starts_with(b"<?xml") || text.starts_with(b"<!--") || text.starts_with(b"<!DOCTYPE")
}

/// The path a symbolic link checked out as a file names: one short line of
/// text with a `/` and no markup (`../Eightpieces/tmp_png/bb.png`).
fn link_text(len: u64, head: &[u8]) -> Option<String> {
    if len > 512 {
        return None;
    }
    let text = std::str::from_utf8(head).ok()?;
    let line = text.strip_suffix('\n').unwrap_or(text);
    let plain = !line.is_empty()
        && !line.contains(['\n', '<', '>', ' ', '\0'])
        && line.contains('/')
        && line.chars().all(|c| !c.is_control());
    plain.then(|| line.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge_bytes(extension: &str, bytes: &[u8]) -> Option<ImageFault> {
        judge(extension, bytes.len() as u64, bytes, bytes)
    }

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR....\0\0\0\0IEND\xaeB`\x82";

    #[test]
    fn whole_images_pass() {
        assert_eq!(judge_bytes("png", PNG), None);
        assert_eq!(judge_bytes("jpg", b"\xff\xd8\xff\xe0 data \xff\xd9"), None);
        assert_eq!(judge_bytes("gif", b"GIF89a data ;"), None);
        assert_eq!(
            judge_bytes("svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n"),
            None
        );
        assert_eq!(
            judge_bytes("svg", b"<?xml version=\"1.0\"?>\n<!-- x -->\n<svg></svg>"),
            None
        );
        assert_eq!(judge_bytes("webp", b"RIFF\x04\0\0\0WEBP"), None);
        // A format fenpress does not know is not judged.
        assert_eq!(judge_bytes("bmp", b"BM...."), None);
    }

    #[test]
    fn pointers_are_named() {
        let fat = b"#$# git-fat 95df899f13b1adefad85a23ce0f0acd17396b4b4                14751\n";
        assert_eq!(judge_bytes("png", fat), Some(ImageFault::GitFat));
        let lfs = b"version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n";
        assert_eq!(judge_bytes("jpg", lfs), Some(ImageFault::GitLfs));
        assert_eq!(
            judge_bytes("png", b"../Eightpieces/tmp_png/bb.png"),
            Some(ImageFault::LinkAsText(
                "../Eightpieces/tmp_png/bb.png".into()
            ))
        );
        assert_eq!(ImageFault::GitFat.code(), "image-pointer");
        assert!(ImageFault::GitFat.hint().contains("git fat pull"));
        assert!(ImageFault::GitLfs.hint().contains("git lfs pull"));
    }

    #[test]
    fn damaged_files_are_named() {
        assert_eq!(judge_bytes("png", b""), Some(ImageFault::Empty));
        let cut = &PNG[..PNG.len() - 10];
        assert!(matches!(
            judge_bytes("png", cut),
            Some(ImageFault::Truncated { format: "PNG", .. })
        ));
        assert!(matches!(
            judge_bytes("jpeg", b"\xff\xd8\xff\xe0 data"),
            Some(ImageFault::Truncated { .. })
        ));
        assert!(matches!(
            judge_bytes("svg", b"<svg xmlns=\"x\"><rect"),
            Some(ImageFault::Truncated { format: "SVG", .. })
        ));
        assert_eq!(
            judge_bytes("png", b"GIF89a data ;"),
            Some(ImageFault::WrongFormat { format: "PNG" })
        );
        assert!(matches!(
            judge_bytes("webp", b"RIFF\xff\0\0\0WEBP"),
            Some(ImageFault::Truncated { .. })
        ));
        assert_eq!(
            ImageFault::WrongFormat { format: "PNG" }.code(),
            "image-corrupt"
        );
    }

    #[test]
    fn links_checked_out_as_text_are_followed_within_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("a")).unwrap();
        std::fs::create_dir_all(root.join("b")).unwrap();
        std::fs::write(root.join("b/real.png"), PNG).unwrap();
        std::fs::write(root.join("a/link.png"), "../b/real.png").unwrap();
        std::fs::write(root.join("a/twice.png"), "link.png/../../a/link.png").unwrap();
        assert_eq!(
            follow(root, &root.join("a/link.png")),
            Ok(root.join("b/real.png"))
        );
        // A link to a pointer: the pointer is named.
        std::fs::write(root.join("b/fat.png"), "#$# git-fat 95df 14751\n").unwrap();
        std::fs::write(root.join("a/to-fat.png"), "../b/fat.png").unwrap();
        assert_eq!(
            follow(root, &root.join("a/to-fat.png")),
            Err((root.join("b/fat.png"), ImageFault::GitFat))
        );
        // Outside the root, to nothing, in a loop: the link itself.
        std::fs::write(root.join("a/out.png"), "../../etc/passwd").unwrap();
        assert!(matches!(
            follow(root, &root.join("a/out.png")),
            Err((_, ImageFault::LinkAsText(_)))
        ));
        std::fs::write(root.join("a/loop.png"), "../a/loop.png").unwrap();
        assert!(matches!(
            follow(root, &root.join("a/loop.png")),
            Err((_, ImageFault::LinkAsText(_)))
        ));
    }

    #[test]
    fn reads_both_ends_of_a_large_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut big = PNG[..16].to_vec();
        big.extend(std::iter::repeat_n(b'.', 5000));
        let cut = dir.path().join("cut.png");
        std::fs::write(&cut, &big).unwrap();
        assert!(matches!(inspect(&cut), Some(ImageFault::Truncated { .. })));
        big.extend_from_slice(b"\0\0\0\0IEND\xaeB`\x82");
        let whole = dir.path().join("whole.png");
        std::fs::write(&whole, &big).unwrap();
        assert_eq!(inspect(&whole), None);
    }
}
