"""Where a dataset file comes from when no path is given: PaddlePaddle's
download cache (~/.cache/paddle/dataset/<name>/). Nothing is downloaded here,
so a file missing from the cache is an error that says what to pass instead."""
import os

DATA_HOME = os.path.expanduser(os.path.join("~", ".cache", "paddle", "dataset"))


def resolve(path, url, dataset, download, argument):
    if path is not None:
        if not os.path.isfile(path):
            raise FileNotFoundError(f"{dataset}: {argument} {path!r} does not exist")
        return path
    if not download:
        raise ValueError(f"{dataset}: {argument} is not set and downloading automatically is "
                         "disabled")
    cached = os.path.join(DATA_HOME, dataset, url.split("/")[-1])
    if os.path.isfile(cached):
        return cached
    raise RuntimeError(f"{dataset}: {argument} is not set and {cached} does not exist; this "
                       f"paddle does not download, so fetch {url} yourself and pass its path "
                       f"as {argument}")


def check_mode_backend(mode, backend, get_image_backend, modes=("train", "test")):
    """mode lowercased (one of modes) and the backend ('pil' or 'cv2')."""
    if not isinstance(mode, str) or mode.lower() not in modes:
        raise ValueError(f"mode should be {' or '.join(repr(m) for m in modes)}, but got {mode}")
    backend = get_image_backend() if backend is None else backend
    if backend not in ("pil", "cv2"):
        raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
    return mode.lower(), backend
