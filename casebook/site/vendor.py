"""What the browser needs, served from the site itself: the site must work with no internet.

Material for MkDocs would fetch mermaid from a CDN; the site instead ships a
pinned ``mermaid.min.js``, cached under ``build/vendor`` and checked by its
SHA-256 wherever it came from.  It is fetched with pip, from the package index
that the install itself uses: the ``mermaidx`` wheel carries mermaid's own
``dist/mermaid.min.js`` byte for byte (the same hash as the npm registry's
``mermaid`` package of that version), so a fresh machine needs neither Node nor
npm for the docs (``npm pack`` took minutes on a busy one).  Where pip cannot
fetch it, ``npm pack`` of mermaid itself is the fallback, with the same check.
``CASEBOOK_MERMAID_JS=/path/to/mermaid.min.js`` uses a file you already have.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from casebook import settings

MERMAID_VERSION = "11.16.0"  # the major Material for MkDocs expects (it asks for mermaid@11)
SHA256 = "74d7c46dabca328c2294733910a8aa1ed0c37451776e8d5295da38a2b758fb9b"  # of mermaid@11.16.0's dist/mermaid.min.js
WHEEL = ("mermaidx==0.10.1", "mermaidx/assets/mermaid.js")  # a wheel that carries that very file (and no other dist)
NPM_MEMBER = "package/dist/mermaid.min.js"
# mermaid's MIT licence, published beside the file (its terms ask that the notice go with every copy): the minified
# file carries none, nor does the mermaidx wheel (its LICENSE is mermaidx's own).  From mermaid-js/mermaid's LICENSE.
LICENCE = Path(__file__).parent / "licences" / "mermaid.txt"


class VendorError(RuntimeError):
    pass


def mermaid_js(root: Path) -> Path:
    """The path of a mermaid.min.js to publish; fetched once, then cached."""
    given = settings.MERMAID_JS.get()
    if given:
        path = Path(given)
        if not path.is_file():
            raise VendorError(f"CASEBOOK_MERMAID_JS={given} is not a file")
        return path
    cache = root / "build" / "vendor" / f"mermaid-{MERMAID_VERSION}.min.js"
    if cache.is_file() and _sha256(cache.read_bytes()) == SHA256:
        return cache
    cache.parent.mkdir(parents=True, exist_ok=True)
    failures = []
    for fetch in (_from_wheel, _from_npm):
        with tempfile.TemporaryDirectory(dir=cache.parent) as tmp:
            try:
                data = fetch(Path(tmp))
            except (VendorError, OSError, subprocess.SubprocessError, zipfile.BadZipFile, tarfile.TarError) as exc:
                failures.append(str(exc))
                continue
        if _sha256(data) != SHA256:
            failures.append(f"{fetch.__name__}: mermaid.min.js has SHA-256 {_sha256(data)}, not the pinned {SHA256}")
            continue
        partial = cache.with_suffix(".part")
        partial.write_bytes(data)
        partial.replace(cache)  # atomic: a build never sees half a file
        return cache
    raise VendorError(
        f"mermaid {MERMAID_VERSION} could not be fetched ({'; '.join(failures)}); set CASEBOOK_MERMAID_JS"
    )


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _from_wheel(tmp: Path) -> bytes:
    """pip download of the pinned wheel alone (no dependency), the file read out of it."""
    requirement, member = WHEEL
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--disable-pip-version-check",
            "-q",
            "-d",
            str(tmp),
            requirement,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    wheels = list(tmp.glob("*.whl"))
    if done.returncode != 0 or not wheels:
        raise VendorError(f"pip download {requirement} failed: {done.stderr.strip() or done.stdout.strip()}")
    with zipfile.ZipFile(wheels[0]) as wheel:
        return wheel.read(member)


def _from_npm(tmp: Path) -> bytes:
    """npm pack of mermaid itself (one tarball, no dependency tree: the bundle stands alone)."""
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError("npm is not installed")
    done = subprocess.run(
        [npm, "pack", f"mermaid@{MERMAID_VERSION}", "--silent", "--pack-destination", str(tmp)],
        cwd=tmp,
        capture_output=True,
        text=True,
        timeout=300,
    )
    tarballs = list(tmp.glob("mermaid-*.tgz"))
    if done.returncode != 0 or not tarballs:
        raise VendorError(f"npm pack mermaid@{MERMAID_VERSION} failed: {done.stderr.strip() or done.stdout.strip()}")
    with tarfile.open(tarballs[0]) as tar:
        member = tar.extractfile(NPM_MEMBER)
        if member is None:
            raise VendorError(f"{NPM_MEMBER} is not in the mermaid package")
        return member.read()
