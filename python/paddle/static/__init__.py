"""paddle.static: declarative (static-graph) mode. Today: InputSpec, which
paddle.jit.save and paddle.jit.to_static take to describe a model's inputs."""
from .input import InputSpec  # noqa: F401

__all__ = ["InputSpec"]
