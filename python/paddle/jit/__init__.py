"""paddle.jit: export an eager model to an inference program (save), load one
back as a callable layer (load), and mark functions for export (to_static).
Export traces the model's ops once on example inputs (core/eager/tracer.h)."""
from .api import load, save, to_static  # noqa: F401
from .options import (enable_to_static, ignore_module, not_to_static,  # noqa: F401
                      set_code_level, set_verbosity)
from .translated_layer import TranslatedLayer  # noqa: F401

__all__ = ["save", "load", "to_static", "TranslatedLayer", "ignore_module", "set_code_level",
           "set_verbosity", "not_to_static", "enable_to_static"]
