"""paddle.utils.require_version: checks this build's version
(``paddle.version.full_version``) against a required range."""
import re

__all__ = ["require_version"]

_FORMAT = re.compile(r"\d+(\.\d+){0,3}")


def _parts(version, what):
    if not isinstance(version, str):
        raise TypeError(f"[require_version] {what} must be a str, got {type(version).__name__}")
    if not _FORMAT.fullmatch(version):
        raise ValueError(f"[require_version] {what} must look like '1.5.2.0' (1 to 4 dotted "
                         f"numbers), got {version!r}")
    numbers = [int(p) for p in version.split(".")]
    return numbers + [0] * (4 - len(numbers))


def require_version(min_version, max_version=None):
    """RuntimeError unless the installed version (``paddle.version.full_version``)
    is at least ``min_version`` (and at most ``max_version``); a development
    build (``0.0.0``) passes.

    Args:
        min_version (str): The lowest version, 1 to 4 dotted numbers such as ``"0.1"``.
        max_version (str, optional): The highest version; None (the default) means no limit.

    Returns:
        None.

    Example:
        >>> paddle.utils.require_version("0.0.1")
    """
    from .. import version

    low = _parts(min_version, "min_version")
    high = None if max_version is None else _parts(max_version, "max_version")
    installed = version.full_version.split("+")[0]
    if installed == "0.0.0":
        return None
    have = (_parts(installed, "the installed version") if _FORMAT.fullmatch(installed)
            else [0, 0, 0, 0])
    if high is not None and not low <= have <= high:
        raise RuntimeError(f"VersionError: paddle version in [{min_version}, {max_version}] "
                           f"required, but {installed} installed.")
    if have < low:
        raise RuntimeError(f"VersionError: paddle version {min_version} or higher is required, "
                           f"but {installed} installed, please upgrade paddle to "
                           f"{min_version} or other higher version.")
    return None
