"""paddle.utils: helpers that are not tensor math (unique names)."""
from . import unique_name  # noqa: F401

__all__ = ["unique_name"]
