# Sphinx configuration of the Chinese site; what both sites share is in
# tools/docs/sphinx_site.py. Build with `bash scripts/docs.sh`, which also generates ops/.
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "docs"))
from sphinx_site import configure  # noqa: E402

configure(globals(), "zh")
