"""Where the differ reads a set of spec files from: a folder, or api_spec/ at a
git revision. Either gives {file name: [lines]}; SpecError when it cannot."""
import pathlib
import subprocess

from .spec_files import GRAMMAR


class SpecError(Exception):
    """The specs could not be read: the differ failed, it found no changes."""


def read_dir(path):
    path = pathlib.Path(path)
    if not path.is_dir():
        raise SpecError(f"{path}: not a folder of spec files")
    specs = {name: (path / name).read_text(encoding="utf-8").splitlines()
             for name in GRAMMAR if (path / name).is_file()}
    if not specs:
        raise SpecError(f"{path}: holds none of {', '.join(sorted(GRAMMAR))}")
    return specs


def _git(repo, *args):
    result = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True,
                            encoding="utf-8")
    if result.returncode != 0:
        raise SpecError(f"git {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def read_git(rev, repo, folder="api_spec"):
    """The spec files in `folder` at git revision `rev` of the repository at `repo`."""
    try:
        commit = _git(repo, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").strip()
    except SpecError as err:
        raise SpecError(f"unknown git revision {rev!r}") from err
    names = _git(repo, "ls-tree", "--name-only", commit, f"{folder}/").split()
    specs = {name: _git(repo, "show", f"{commit}:{folder}/{name}").splitlines()
             for name in GRAMMAR if f"{folder}/{name}" in names}
    if not specs:
        raise SpecError(f"{rev}: {folder}/ holds none of {', '.join(sorted(GRAMMAR))}")
    return specs
