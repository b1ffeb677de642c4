"""What the browser needs, served from the site itself: the site must work with no internet.

Material for MkDocs would fetch mermaid from a CDN; the site instead ships a
pinned ``mermaid.min.js``, taken at build time from the npm registry's own
``mermaid`` package with ``npm pack`` (one tarball, no dependency tree: the
``dist/mermaid.min.js`` bundle stands alone) and cached under ``build/vendor``.
``CASEBOOK_MERMAID_JS=/path/to/mermaid.min.js`` uses a file you already have.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

MERMAID_VERSION = "11.17.2"  # the major Material for MkDocs expects (it asks for mermaid@11)
MEMBER = "package/dist/mermaid.min.js"


class VendorError(RuntimeError):
    pass


def mermaid_js(root: Path) -> Path:
    """The path of a mermaid.min.js to publish; fetched once, then cached."""
    given = os.environ.get("CASEBOOK_MERMAID_JS")
    if given:
        path = Path(given)
        if not path.is_file():
            raise VendorError(f"CASEBOOK_MERMAID_JS={given} is not a file")
        return path
    cache = root / "build" / "vendor" / f"mermaid-{MERMAID_VERSION}.min.js"
    if cache.is_file() and cache.stat().st_size > 0:
        return cache
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError("npm is not installed, so mermaid.min.js cannot be fetched (install npm, or set CASEBOOK_MERMAID_JS)")
    cache.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache.parent) as tmp:
        done = subprocess.run(
            [npm, "pack", f"mermaid@{MERMAID_VERSION}", "--silent", "--pack-destination", tmp],
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=300,
        )
        tarballs = list(Path(tmp).glob("mermaid-*.tgz"))
        if done.returncode != 0 or not tarballs:
            raise VendorError(f"npm pack mermaid@{MERMAID_VERSION} failed: {done.stderr.strip() or done.stdout.strip()}")
        with tarfile.open(tarballs[0]) as tar:
            member = tar.extractfile(MEMBER)
            if member is None:
                raise VendorError(f"{MEMBER} is not in the mermaid package")
            partial = cache.with_suffix(".part")
            partial.write_bytes(member.read())
            partial.replace(cache)  # atomic: a build never sees half a file
    return cache
