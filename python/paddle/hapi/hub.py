"""paddle.hub: models published by a repository's hubconf.py. A local
directory (source='local') is read as PaddlePaddle 3.3.1 reads it; for
'github' and 'gitee' this paddle does not download, so the repository (or
checkpoint) must already be where 3.3.1 caches it."""
import os
import sys
import zipfile
from urllib.parse import urlparse

__all__ = []

MODULE_HUBCONF = "hubconf.py"
VAR_DEPENDENCY = "dependencies"
HUB_DIR = os.path.expanduser(os.path.join("~", ".cache", "paddle", "hub"))
_SOURCES = ("github", "gitee", "local")
_MAP_LOCATIONS = ("cpu", "gpu", "xpu", "npu", "numpy", "np")


def _check_source(source):
    if source not in _SOURCES:
        raise ValueError(f'Unknown source: "{source}". Allowed values: "github" | "gitee" | '
                         '"local".')


def _parse_repo_info(repo, source):
    """(owner, name, branch) of 'owner/name[:branch]' (branch: main on github,
    master on gitee)."""
    branch = "main" if source == "github" else "master"
    info = repo
    if ":" in repo:
        info, branch = repo.split(":", 1)
    if info.count("/") != 1:
        raise ValueError(f"[paddle.hub] repo_dir must be 'owner/name[:branch]' for source "
                         f"{source!r}, got {repo!r}")
    owner, name = info.split("/")
    return owner, name, branch


def _cached_repo(repo, force_reload, source):
    """The directory 3.3.1 downloads repo into; it must exist already."""
    owner, name, branch = _parse_repo_info(repo, source)
    repo_dir = os.path.join(HUB_DIR, "_".join([owner, name, branch.replace("/", "_")]))
    if force_reload or not os.path.isdir(repo_dir):
        why = "force_reload=True asks to download it again" if force_reload else \
            f"{repo_dir} does not exist"
        raise RuntimeError(f"[paddle.hub] cannot fetch {repo!r} from {source}: this paddle has "
                           f"no network access and {why}. Put the repository (with its "
                           f"{MODULE_HUBCONF}) at {repo_dir}, or pass its directory with "
                           "source='local'.")
    sys.stderr.write(f"Using cache found in {repo_dir}\n")
    return repo_dir


def _repo_dir(repo_dir, source, force_reload):
    _check_source(source)
    if source != "local":
        return _cached_repo(repo_dir, force_reload, source)
    if not os.path.isfile(os.path.join(repo_dir, MODULE_HUBCONF)):
        raise FileNotFoundError(f"[paddle.hub] {os.path.join(repo_dir, MODULE_HUBCONF)} does "
                                "not exist: repo_dir must be a directory holding hubconf.py")
    return repo_dir


def _import_hubconf(repo_dir):
    """repo_dir's hubconf module, imported with repo_dir first on sys.path
    (so it can import its own modules), then forgotten again."""
    name = MODULE_HUBCONF.split(".")[0]
    sys.path.insert(0, repo_dir)
    try:
        previous = sys.modules.pop(name, None)
        module = __import__(name)
        sys.modules.pop(name)
        if previous is not None:
            sys.modules[name] = previous
    except ImportError as err:
        raise RuntimeError(f"[paddle.hub] cannot import {MODULE_HUBCONF} of {repo_dir}: "
                           f"{err}") from err
    finally:
        sys.path.remove(repo_dir)
    return module


def _entry(module, model):
    if not isinstance(model, str):
        raise ValueError("Invalid input: model should be a str of function name")
    func = getattr(module, model, None)
    if func is None or not callable(func):
        raise RuntimeError(f"Cannot find callable {model} in hubconf")
    return func


def _check_dependencies(module):
    missing = []
    for pkg in getattr(module, VAR_DEPENDENCY, None) or []:
        try:
            __import__(pkg)
        except ImportError:
            missing.append(pkg)
    if missing:
        raise RuntimeError(f"Missing dependencies: {', '.join(missing)}")


def list(repo_dir, source="github", force_reload=False):  # noqa: A001  (PaddlePaddle's name)
    """The entry points of a repository's hubconf.py: its public callables.

    Args:
        repo_dir (str): A directory holding hubconf.py (source 'local'), or
            'owner/name[:branch]' ('github', 'gitee': read from PaddlePaddle's hub cache,
            ~/.cache/paddle/hub/owner_name_branch; nothing is downloaded).
        source (str, optional): 'github' (the default), 'gitee' or 'local'.
        force_reload (bool, optional): Download again (not possible here: raises
            RuntimeError for 'github'/'gitee'). Default False.

    Returns:
        list: The names of the entry points, sorted.

    Example:
        >>> import os, tempfile
        >>> repo = tempfile.mkdtemp()
        >>> with open(os.path.join(repo, "hubconf.py"), "w") as f:
        ...     _ = f.write("def mlp(width=4):\\n    return width\\n")
        >>> paddle.hub.list(repo, source="local")
        ['mlp']
    """
    module = _import_hubconf(_repo_dir(repo_dir, source, force_reload))
    return [f for f in dir(module) if callable(getattr(module, f)) and not f.startswith("_")]


def help(repo_dir, model, source="github", force_reload=False):  # noqa: A001
    """The docstring of one entry point of a repository's hubconf.py.

    Args:
        repo_dir (str): As in ``paddle.hub.list``.
        model (str): The entry point's name.
        source (str, optional): 'github' (the default), 'gitee' or 'local'.
        force_reload (bool, optional): As in ``paddle.hub.list``. Default False.

    Returns:
        str: The docstring (None when it has none).

    Example:
        >>> import os, tempfile
        >>> repo = tempfile.mkdtemp()
        >>> with open(os.path.join(repo, "hubconf.py"), "w") as f:
        ...     _ = f.write("def mlp():\\n    'A small MLP.'\\n")
        >>> paddle.hub.help(repo, "mlp", source="local")
        'A small MLP.'
    """
    module = _import_hubconf(_repo_dir(repo_dir, source, force_reload))
    return _entry(module, model).__doc__


def load(repo_dir, model, source="github", force_reload=False, **kwargs):
    """Calls an entry point of a repository's hubconf.py with ``kwargs`` (after
    checking that the modules its ``dependencies`` list import).

    Args:
        repo_dir (str): As in ``paddle.hub.list``.
        model (str): The entry point's name.
        source (str, optional): 'github' (the default), 'gitee' or 'local'.
        force_reload (bool, optional): As in ``paddle.hub.list``. Default False.
        **kwargs: The entry point's arguments.

    Returns:
        Layer: What the entry point returns (usually a model).

    Example:
        >>> import os, tempfile
        >>> repo = tempfile.mkdtemp()
        >>> with open(os.path.join(repo, "hubconf.py"), "w") as f:
        ...     _ = f.write("import paddle\\n"
        ...                 "def linear(n=2):\\n    return paddle.nn.Linear(n, 1)\\n")
        >>> paddle.hub.load(repo, "linear", source="local", n=3).weight.shape
        paddle.Size([3, 1])
    """
    module = _import_hubconf(_repo_dir(repo_dir, source, force_reload))
    _check_dependencies(module)
    return _entry(module, model)(**kwargs)


def _get_dir():
    """PaddlePaddle's hub directory: $PADDLE_HOME/hub, with PADDLE_HOME
    defaulting to $XDG_CACHE_HOME/paddle (~/.cache/paddle)."""
    home = os.getenv("PADDLE_HOME",
                     os.path.join(os.getenv("XDG_CACHE_HOME", "~/.cache"), "paddle"))
    return os.path.join(os.path.expanduser(home), "hub")


def load_state_dict_from_url(url, model_dir=None, check_hash=False, file_name=None,
                             map_location=None):
    """Loads a state_dict saved with ``paddle.save`` from PaddlePaddle's
    checkpoint cache: the file named after ``url`` (or ``file_name``) in
    ``model_dir``. This paddle does not download: a file not there raises an
    error naming where to put it. A zip holding one file is extracted first.

    Args:
        url (str): The file's URL; its last path part names the cached file.
        model_dir (str, optional): The cache directory; None: $PADDLE_HOME/hub/checkpoints
            (~/.cache/paddle/hub/checkpoints). Default None.
        check_hash (bool, optional): For PaddlePaddle compatibility (it checks downloads);
            unused. Default False.
        file_name (str, optional): The cached file's name instead of the URL's. Default None.
        map_location (str, optional): None, 'cpu', 'gpu', 'xpu', 'npu' (Tensors, on CPU here)
            or 'numpy'/'np' (NumPy arrays). Default None.

    Returns:
        dict: The loaded state_dict.

    Example:
        >>> import os, tempfile
        >>> cache = tempfile.mkdtemp()
        >>> paddle.save({"w": paddle.ones([2])}, os.path.join(cache, "w.pdparams"))
        >>> state = paddle.hub.load_state_dict_from_url("https://host/w.pdparams", cache,
        ...                                            map_location="numpy")
        >>> state["w"]
        array([1., 1.], dtype=float32)
    """
    from ..framework.io import load as paddle_load

    if map_location is not None and map_location not in _MAP_LOCATIONS:
        raise ValueError(f"[load_state_dict_from_url] map_location must be None or one of "
                         f"{', '.join(_MAP_LOCATIONS)}, got {map_location!r}")
    if model_dir is None:
        model_dir = os.path.join(_get_dir(), "checkpoints")
    name = file_name if file_name is not None else os.path.basename(urlparse(url).path)
    cached_file = os.path.join(model_dir, name)
    if not os.path.isfile(cached_file):
        raise RuntimeError(f"[load_state_dict_from_url] {cached_file} does not exist and this "
                           f"paddle has no network access: download {url} yourself and put "
                           f"it at {cached_file}")
    if _is_single_file_zip(cached_file):
        cached_file = _extract_single(cached_file, model_dir)
    return paddle_load(cached_file, return_numpy=map_location in ("numpy", "np"))


def _is_single_file_zip(path):
    if not zipfile.is_zipfile(path):
        return False
    with zipfile.ZipFile(path) as f:
        members = f.infolist()
    return len(members) == 1 and not members[0].is_dir()


def _extract_single(path, model_dir):
    with zipfile.ZipFile(path) as f:
        member = f.infolist()[0]
        f.extractall(model_dir)
    return os.path.join(model_dir, member.filename)

