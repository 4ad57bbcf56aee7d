"""What the text datasets share: the mode check, the file lookup (nothing is
downloaded: vision's _local_file), and members read out of a tar archive."""
import tarfile

from ...vision.datasets import _local_file

DATA_HOME = _local_file.DATA_HOME


def check_mode(mode, modes, dataset):
    """mode lowercased, one of modes; else ValueError."""
    if not isinstance(mode, str) or mode.lower() not in modes:
        raise ValueError(f"{dataset}: mode should be {' or '.join(repr(m) for m in modes)}, "
                         f"but got {mode!r}")
    return mode.lower()


def resolve(path, url, dataset, download, argument="data_file"):
    """The local file to read: path, or the download cache's copy of url."""
    return _local_file.resolve(path, url, dataset, download, argument)


def open_tar(path, dataset):
    try:
        return tarfile.open(path, mode="r")
    except tarfile.ReadError as err:
        raise ValueError(f"{dataset}: {path} is not a tar archive: {err}") from None


def member(tar, name, path, dataset):
    """The file object of member name; KeyError names the archive and member."""
    try:
        return tar.extractfile(name)
    except KeyError:
        raise KeyError(f"{dataset}: {path} has no member {name!r}") from None


def positive(value, argument, dataset):
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"{dataset}: {argument} should be a positive int, got {value!r}")
    return value
