"""paddle.utils.try_import: an optional dependency imported on first use,
with an error that says what to install."""
import importlib

__all__ = ["try_import"]


def try_import(module_name, err_msg=None):
    """Imports ``module_name``; ImportError saying to install it if absent.

    Args:
        module_name (str): The module's dotted name.
        err_msg (str, optional): The ImportError's message; None (the default) suggests
            ``pip install <module_name>``.

    Returns:
        module: The imported module.

    Example:
        >>> paddle.utils.try_import("json").dumps([1])
        '[1]'
    """
    if not isinstance(module_name, str):
        raise TypeError(f"[try_import] module_name must be a str, got "
                        f"{type(module_name).__name__}")
    install_name = module_name.split(".")[0]
    if install_name == "cv2":
        install_name = "opencv-python"
    try:
        return importlib.import_module(module_name)
    except ImportError as e:
        raise ImportError(err_msg or (
            f"Failed importing {module_name}. This likely means that some paddle modules "
            f"require additional dependencies that have to be manually installed (usually "
            f"with `pip install {install_name}`).")) from e
