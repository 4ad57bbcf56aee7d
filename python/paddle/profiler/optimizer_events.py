"""'Optimization Step' events: each optimizer's step() recorded as an
Optimization span, as PaddlePaddle does, for the summary's model view."""
import functools

from paddle import _core

from .event_types import TracerEventType

__all__ = []

_wrapped = False


def _recorded_step(step):
    @functools.wraps(step)
    def wrapper(*args, **kwargs):
        if not _core.profiler_enabled():
            return step(*args, **kwargs)
        event = _core._RecordEvent("Optimization Step", TracerEventType.Optimization.value)
        try:
            return step(*args, **kwargs)
        finally:
            event.end()

    return wrapper


def wrap_optimizers():
    """Wraps once the step() of every paddle.optimizer class that defines its own."""
    global _wrapped
    if _wrapped:
        return
    from paddle import optimizer

    for name in optimizer.__all__:
        cls = getattr(optimizer, name)
        if "step" in vars(cls):
            cls.step = _recorded_step(cls.step)
    _wrapped = True
