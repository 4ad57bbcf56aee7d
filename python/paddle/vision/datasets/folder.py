"""Datasets from a directory of image files: DatasetFolder (one folder per class)
and ImageFolder (all files, no labels)."""
import os

import numpy as np

from ...framework import dtypes
from ...io import Dataset
from ..image import _load_array, get_image_backend

__all__ = []

IMG_EXTENSIONS = (".jpg", ".jpeg", ".png", ".ppm", ".bmp", ".pgm", ".tif", ".tiff", ".webp")


def has_valid_extension(filename, extensions):
    """Whether filename ends with one of extensions (case-insensitive)."""
    if not isinstance(extensions, (list, tuple)):
        raise TypeError(f"`extensions` must be list or tuple, got {type(extensions).__name__}")
    return filename.lower().endswith(tuple(x.lower() for x in extensions))


def pil_loader(path):
    from PIL import Image
    with open(path, "rb") as f:
        return Image.open(f).convert("RGB")


def cv2_loader(path):
    """The file as an RGB HWC uint8-or-wider numpy array (gray repeated to 3
    channels, alpha dropped), as cv2.imread + BGR2RGB gives."""
    arr = _load_array(path)
    if arr.ndim == 2:
        arr = np.repeat(arr[:, :, None], 3, axis=2)
    return arr[:, :, :3]


def default_loader(path):
    return cv2_loader(path) if get_image_backend() == "cv2" else pil_loader(path)


def _file_filter(extensions, is_valid_file):
    if is_valid_file is not None:
        return is_valid_file
    extensions = IMG_EXTENSIONS if extensions is None else extensions
    return lambda path: has_valid_extension(path, extensions)


def _files_under(path, keep):
    """Files under path (following links), walked and listed in sorted order."""
    found = []
    for root, _, fnames in sorted(os.walk(path, followlinks=True)):
        found.extend(os.path.join(root, f) for f in sorted(fnames)
                     if keep(os.path.join(root, f)))
    return found


def _check_root(root, cls):
    if not os.path.isdir(root):
        raise FileNotFoundError(f"{cls}: root {root!r} is not a directory")


def _set_samples(dataset, samples, loader, extensions):
    """The attributes both folder datasets share; an empty folder is an error."""
    if not samples:
        raise RuntimeError(f"Found 0 files in subfolders of: {dataset.root}\nSupported "
                           f"extensions are: {','.join(extensions or IMG_EXTENSIONS)}")
    dataset.loader = default_loader if loader is None else loader
    dataset.extensions = IMG_EXTENSIONS if extensions is None else extensions
    dataset.samples = samples


class DatasetFolder(Dataset):
    """Samples from root/<class>/.../<file>: (loader(path) after transform, class
    index), classes the sorted subfolder names. Files are kept when
    is_valid_file(path) is true or, without it, when they end with one of
    extensions (default: common image extensions). loader defaults to the image
    backend's: PIL RGB images ('pil') or RGB numpy arrays ('cv2'; without Pillow
    only .npy, .pgm and .ppm files are readable).

    Args:
        root (str): The root folder; one that is not a directory raises FileNotFoundError.
        loader (callable, optional): Reads a file's path into a sample; None (the default)
            uses the image backend's loader.
        extensions (list[str]|tuple[str], optional): The file endings to keep; None (the
            default) means the common image extensions. Unused with is_valid_file.
        transform (callable, optional): Applied to each loaded sample; None (the default)
            applies none.
        is_valid_file (callable, optional): Takes a path and says whether to keep the
            file; None (the default) filters by extensions.

    Returns:
        DatasetFolder: A Dataset of (sample, class index) pairs; no files found raises
            RuntimeError.

    Example:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from paddle.vision.datasets import DatasetFolder
        >>> root = tempfile.mkdtemp()
        >>> for cls in ("cat", "dog"):
        ...     os.makedirs(os.path.join(root, cls))
        ...     np.save(os.path.join(root, cls, "0.npy"), np.zeros((2, 2, 3), "uint8"))
        >>> ds = DatasetFolder(root, loader=np.load, extensions=(".npy",))
        >>> ds.classes, len(ds), ds[1][1]
        (['cat', 'dog'], 2, 1)
    """

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        _check_root(root, "DatasetFolder")
        self.root = root
        self.transform = transform
        keep = _file_filter(extensions, is_valid_file)
        self.classes, self.class_to_idx = self._find_classes(root)
        samples = []
        for cls in self.classes:
            samples.extend((path, self.class_to_idx[cls])
                           for path in _files_under(os.path.join(root, cls), keep))
        _set_samples(self, samples, loader, extensions)
        self.targets = [s[1] for s in samples]
        self.dtype = dtypes.get_default_dtype()

    def _find_classes(self, dir):  # noqa: A002  (PaddlePaddle's name)
        classes = sorted(d.name for d in os.scandir(dir) if d.is_dir())
        return classes, {c: i for i, c in enumerate(classes)}

    def __getitem__(self, index):
        path, target = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        return sample, target

    def __len__(self):
        return len(self.samples)


class ImageFolder(Dataset):
    """Every image file under root (sorted walk), each sample a one-element list
    [loader(path) after transform]; no labels. File filter and loader as in
    DatasetFolder.

    Args:
        root (str): The root folder; one that is not a directory raises FileNotFoundError.
        loader (callable, optional): Reads a file's path into a sample; None (the default)
            uses the image backend's loader.
        extensions (list[str]|tuple[str], optional): The file endings to keep; None (the
            default) means the common image extensions. Unused with is_valid_file.
        transform (callable, optional): Applied to each loaded sample; None (the default)
            applies none.
        is_valid_file (callable, optional): Takes a path and says whether to keep the
            file; None (the default) filters by extensions.

    Returns:
        ImageFolder: A Dataset of one-element lists [sample]; no files found raises
            RuntimeError.

    Example:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from paddle.vision.datasets import ImageFolder
        >>> root = tempfile.mkdtemp()
        >>> np.save(os.path.join(root, "a.npy"), np.ones((2, 2, 3), "uint8"))
        >>> ds = ImageFolder(root, loader=np.load, extensions=(".npy",))
        >>> len(ds), ds[0][0].shape
        (1, (2, 2, 3))
    """

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        _check_root(root, "ImageFolder")
        self.root = root
        samples = _files_under(os.path.expanduser(root), _file_filter(extensions, is_valid_file))
        _set_samples(self, samples, loader, extensions)
        self.transform = transform

    def __getitem__(self, index):
        sample = self.loader(self.samples[index])
        if self.transform is not None:
            sample = self.transform(sample)
        return [sample]

    def __len__(self):
        return len(self.samples)
