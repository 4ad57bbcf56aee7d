"""paddle.async_save: paddle.save on a background thread, so training goes on
while a checkpoint is written; clear_async_save_task_queue waits for them."""
import threading
import warnings

from . import _saved_format as _fmt
from .io import save

__all__ = ["async_save", "clear_async_save_task_queue"]

_tasks = []  # (thread, [the exception it raised, if any])
_tasks_lock = threading.Lock()


def _snapshot(obj):
    """``obj`` with its Tensors copied (same names), so later in-place updates
    (an optimizer step) cannot reach the data being written."""
    if isinstance(obj, _fmt.Tensor):
        from ..tensor.creation import to_tensor

        copy = to_tensor(obj)
        copy.name = obj.name
        return copy
    if isinstance(obj, dict):
        return type(obj)((k, _snapshot(v)) for k, v in obj.items())
    return obj


def async_save(obj, path, protocol=4, sync_other_task=False, **configs):
    """Saves ``obj`` (a state_dict or a Tensor) as :func:`paddle.save` does,
    on a background thread. The tensors are copied first, so the file holds
    their values at the time of the call. Errors of the write are raised by
    :func:`clear_async_save_task_queue`.

    Args:
        obj (dict|Tensor): what to save.
        path (str|BytesIO): where, as for paddle.save.
        protocol (int, optional): the pickle protocol, 2, 3 or 4. Default 4.
        sync_other_task (bool, optional): wait for the earlier saves to finish first.
        **configs: not supported in async mode; given ones are ignored with a warning.

    Example:
        >>> import os
        >>> import tempfile
        >>> import paddle
        >>> layer = paddle.nn.Linear(2, 3)
        >>> path = os.path.join(tempfile.mkdtemp(), "linear.pdparams")
        >>> paddle.async_save(layer.state_dict(), path)
        >>> paddle.clear_async_save_task_queue()
        >>> sorted(paddle.load(path))
        ['bias', 'weight']
    """
    if configs:
        warnings.warn("configs are not supported in async mode, will be overridden by default "
                      "settings.")
    if not isinstance(obj, (dict, _fmt.Tensor)):
        raise TypeError(f"currently async_save does not support this type: {type(obj)}")
    snapshot = _snapshot(obj)
    if sync_other_task:
        clear_async_save_task_queue()
    error = []

    def run():
        try:
            save(snapshot, path, protocol)
        except BaseException as e:  # raised again by clear_async_save_task_queue
            error.append(e)

    thread = threading.Thread(target=run, name="paddle.async_save", daemon=False)
    with _tasks_lock:
        _tasks.append((thread, error))
    thread.start()


def clear_async_save_task_queue():
    """Waits until every :func:`async_save` started so far has written its
    file; raises the first error one of them met.

    Example:
        >>> import paddle
        >>> paddle.clear_async_save_task_queue()
    """
    with _tasks_lock:
        tasks = list(_tasks)
        _tasks.clear()
    errors = []
    for thread, error in tasks:
        thread.join()
        errors += error
    if errors:
        raise errors[0]
