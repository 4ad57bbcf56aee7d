"""paddle.sysconfig: where the installed package keeps its C/C++ headers and its shared
library, for building programs against it (``-I`` and ``-L`` paths)."""
import os

__all__ = ["get_include", "get_lib"]

_ROOT = os.path.dirname(os.path.abspath(__file__))


def get_include():
    """The directory of the installed headers: ``paddle_inference_api.h`` (C++) and
    ``pd_inference_api.h`` (C), whose functions the library in :func:`get_lib` exports.

    Returns:
        str: an absolute path (the ``include`` folder of the installed package).

    Example:
        >>> import os
        >>> os.path.exists(os.path.join(paddle.sysconfig.get_include(), "paddle_inference_api.h"))
        True
    """
    return os.path.join(_ROOT, "include")


def get_lib():
    """The directory of the installed shared library ``libpaddle_core.so`` (link with
    ``-L<dir> -lpaddle_core``).

    Returns:
        str: an absolute path (the installed package's folder).

    Example:
        >>> import os
        >>> os.path.exists(os.path.join(paddle.sysconfig.get_lib(), "libpaddle_core.so"))
        True
    """
    return _ROOT
