//! The one way a site's input file is read: only a regular file, never
//! through a symlink (a committed link to `/dev/zero`, a FIFO or a secrets
//! file must not be followed), and never more than a cap. A FIFO or a
//! device is refused without being read, so it cannot hang the build.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Severity};

/// The cap of a site's configuration files (`config.yaml`,
/// `variants/*.yaml`, a theme's templates, caches): far above any real
/// one, far below what would hurt the machine.
pub const MAX_CONFIG_BYTES: u64 = 4 << 20;

/// Why an input file was not read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("`{}` is a symbolic link; fenpress reads only regular files of the site (copy the file in instead)", path.display())]
    Symlink { path: PathBuf },
    #[error("`{}` is not a regular file ({kind}); fenpress reads only regular files", path.display())]
    NotAFile { path: PathBuf, kind: &'static str },
    #[error("`{}` is {len} bytes, more than the limit of {cap} bytes for this kind of file", path.display())]
    TooLarge { path: PathBuf, len: u64, cap: u64 },
    #[error("`{}` is not UTF-8 text", path.display())]
    NotText { path: PathBuf },
    #[error("cannot read `{}`: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl InputError {
    /// Whether the file is simply not there (an optional file).
    pub fn is_not_found(&self) -> bool {
        matches!(self, InputError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }
}

fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "not a file"
    }
}

/// Why a walk of the site's folders leaves out the entry `path` of type
/// `file_type` (a symbolic link, a FIFO, a device): the warning a build
/// and a check report for it, so that no file is skipped unsaid. `None`
/// for a regular file or a folder.
pub fn skipped_entry(path: &Path, file_type: std::fs::FileType) -> Option<Diagnostic> {
    if file_type.is_file() || file_type.is_dir() {
        return None;
    }
    let what = match std::fs::symlink_metadata(path) {
        Ok(meta) => kind_of(&meta),
        Err(_) => "not a file",
    };
    Some(skipped_file(
        path,
        format!(
            "`{}` is {what}: fenpress reads only regular files, so it is left out of the site",
            path.display()
        ),
    ))
}

/// The `skipped-file` warning for `path`, saying why.
pub fn skipped_file(path: &Path, message: String) -> Diagnostic {
    Diagnostic::new(Severity::Warning, "skipped-file", path, 1, 1, message)
        .with_hint("copy the file itself into the site folder, or delete it")
}

/// The bytes of the regular file `path`, at most `cap` of them.
pub fn read_bytes(path: &Path, cap: u64) -> Result<Vec<u8>, InputError> {
    let io = |source| InputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let link = std::fs::symlink_metadata(path).map_err(io)?;
    if link.file_type().is_symlink() {
        return Err(InputError::Symlink {
            path: path.to_path_buf(),
        });
    }
    if !link.file_type().is_file() {
        return Err(InputError::NotAFile {
            path: path.to_path_buf(),
            kind: kind_of(&link),
        });
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // Between the look and the open the path could be swapped for a link
    // or a FIFO: refuse to follow a link, and open without blocking.
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.file_type().is_file() {
        return Err(InputError::NotAFile {
            path: path.to_path_buf(),
            kind: kind_of(&meta),
        });
    }
    if meta.len() > cap {
        return Err(InputError::TooLarge {
            path: path.to_path_buf(),
            len: meta.len(),
            cap,
        });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(cap + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > cap {
        return Err(InputError::TooLarge {
            path: path.to_path_buf(),
            len: bytes.len() as u64,
            cap,
        });
    }
    Ok(bytes)
}

/// The UTF-8 text of the regular file `path`, at most `cap` bytes.
pub fn read_text(path: &Path, cap: u64) -> Result<String, InputError> {
    String::from_utf8(read_bytes(path, cap)?).map_err(|_| InputError::NotText {
        path: path.to_path_buf(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_fifos_devices_and_big_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("fp-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.yaml");
        std::fs::write(&file, "title: x\n").unwrap();
        assert_eq!(read_text(&file, 100).unwrap(), "title: x\n");
        let err = read_text(&file, 4).unwrap_err();
        assert!(
            matches!(err, InputError::TooLarge { len: 9, cap: 4, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("a.yaml") && err.to_string().contains('4'));
        #[cfg(unix)]
        {
            let link = dir.join("link.yaml");
            std::os::unix::fs::symlink(&file, &link).unwrap();
            assert!(matches!(
                read_text(&link, 100),
                Err(InputError::Symlink { .. })
            ));
            let zero = dir.join("zero.yaml");
            std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
            assert!(matches!(
                read_text(&zero, 100),
                Err(InputError::Symlink { .. })
            ));
            assert!(matches!(
                read_text(Path::new("/dev/zero"), 100),
                Err(InputError::NotAFile {
                    kind: "a device",
                    ..
                })
            ));
        }
        #[cfg(target_os = "linux")]
        {
            let fifo = dir.join("fifo.yaml");
            let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
            // SAFETY: a valid NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            assert!(matches!(
                read_text(&fifo, 100),
                Err(InputError::NotAFile { kind: "a FIFO", .. })
            ));
        }
        assert!(read_text(&dir.join("none"), 100)
            .unwrap_err()
            .is_not_found());
        std::fs::remove_dir_all(&dir).ok();
    }
}
