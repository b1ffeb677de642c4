"""Files replaced whole or not at all: every tracked or published file Casebook writes (schemas, positions, perft,
declines, reports, the site) goes through here.

A file is written to a temporary file in its own folder (the same file system, so the rename cannot copy), flushed to
disk, given the mode the file had (or the one a new file gets under the umask), then renamed over the old one:
``os.replace`` is atomic on POSIX and Windows alike, so a reader, a crash, ^C or SIGTERM sees the old file or the new
one, never half of one.  The temporary file is removed if the write fails.

    write_bytes(path, data)      write_text(path, text)      replacing(path) as f: ...   (a file written in parts)
    replace_folder(built, path)  a whole folder built elsewhere (the site) put in place of ``path``
    terminated_as_interrupt()    SIGTERM raises KeyboardInterrupt, so a command's cleanup runs as on ^C
    cannot_write(folders, instead)   why a command cannot write its output, checked before its work (--out)
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
from pathlib import Path


def _mode_for(path: Path, new: int = 0o666) -> int:
    """``path``'s mode, or for a new file (``new``: 0o777 for a folder) what open() or mkdir would give it: not
    mkstemp's and mkdtemp's private 0o600 and 0o700, which a web server could not read."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return new & ~umask


@contextlib.contextmanager
def replacing(path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8"):
    """A file object to write ``path``'s new content into; ``path`` is replaced when the block ends without error."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, mode, encoding=None if "b" in mode else encoding) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:  # ^C and SIGTERM too: the old file stays, and no temporary file is left
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_bytes(path: str | os.PathLike, data: bytes) -> Path:
    with replacing(path, "wb") as f:
        f.write(data)
    return Path(path)


def write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> Path:
    with replacing(path, "w", encoding=encoding) as f:
        f.write(text)
    return Path(path)


def replace_folder(built: Path, path: Path) -> None:
    """Put the folder ``built`` (a sibling of ``path``, on the same file system) where ``path`` is: the old folder
    is moved aside by one rename, the new one moved in by another, then the old one deleted.  Between the renames no
    folder is at ``path`` (a server then answers 404 for an instant), but never a folder half old, half new."""
    os.chmod(built, _mode_for(path, new=0o777))
    old = None
    if path.exists():
        old = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.old."))
        os.replace(path, old / path.name)
    try:
        os.replace(built, path)
    except BaseException:
        if old is not None:
            os.replace(old / path.name, path)
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


@contextlib.contextmanager
def terminated_as_interrupt():
    """Within the block, SIGTERM (a CI job's timeout, ``kill``) is handled as ^C, a KeyboardInterrupt: temporary
    files are removed and the command says what it did not write or saves what it found; outside the main thread
    (where no handler may be set) nothing changes."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: nothing to catch there
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def unwritable(folder: str | os.PathLike) -> str | None:
    """Why no file can be written in ``folder`` (or made in it, where it does not exist yet), or None.  Probed by
    a temporary file in ``folder`` or its nearest existing parent, removed at once: a read-only checkout or mount,
    a file where a folder should be, a folder of another user's: what the OS says, before any long work."""
    probe = Path(os.path.abspath(folder))
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is a file, not a folder"
    try:
        fd, tmp = tempfile.mkstemp(dir=probe, prefix=".casebook-probe.")
    except OSError as exc:
        return f"{probe} cannot be written ({exc.strerror or exc})"
    os.close(fd)
    os.unlink(tmp)
    return None


def cannot_write(folders, instead: str) -> str | None:
    """A refusal naming the first of ``folders`` that cannot be written, and ``instead`` (where to write instead),
    or None when every one can."""
    for folder in folders:
        why = unwritable(folder)
        if why:
            return f"cannot write in {folder}: {why}; {instead}"
    return None
