"""Writing the generated reference pages into a site's staging folder."""
import pathlib


def write_generated(site_root, folder, pages):
    """Writes `pages` ({path relative to site_root: Markdown}) under
    site_root/folder: a page only when its text changed (Sphinx then rebuilds
    only those), and the stale pages of the folder (a removed API) deleted."""
    site_root = pathlib.Path(site_root)
    out = site_root / folder
    for path in out.rglob("*.md") if out.exists() else []:
        if path.relative_to(site_root).as_posix() not in pages:
            path.unlink()
    for rel, text in pages.items():
        path = site_root / rel
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
