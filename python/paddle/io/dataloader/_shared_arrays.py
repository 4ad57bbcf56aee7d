"""Numpy arrays across processes through one POSIX shared-memory segment per
batch: the worker copies the arrays in and sends only a small descriptor;
the main process copies them out and unlinks the segment. Arrays of Python
objects cannot live in shared memory and travel pickled inside the descriptor."""
import os

import numpy as np

_ALIGN = 64  # each array starts on a cache-line boundary


class Packet:
    """What crosses the queue for a batch's arrays: the segment's name (None
    when no array needed one) and, per array, (offset, shape, dtype) or the
    pickled array itself."""

    __slots__ = ("segment", "entries")

    def __init__(self, segment, entries):
        self.segment = segment
        self.entries = entries

    def __getstate__(self):
        return self.segment, self.entries

    def __setstate__(self, state):
        self.segment, self.entries = state


def _shared_memory():
    # Imported on first use: it costs `import paddle` a few ms (hashlib, secrets).
    from multiprocessing import shared_memory

    return shared_memory


def _in_shared_memory(array):
    # Empty arrays pickle to a few bytes, and would need no room in the segment.
    return not array.dtype.hasobject and array.nbytes > 0


def segment_prefix(owner_pid):
    """The name prefix of the segments made for process ``owner_pid``: the
    owner of a segment left behind can be told from /dev/shm."""
    return f"pdio_{owner_pid}_"


def _new_segment(size, owner_pid):
    import secrets  # on first use, as _shared_memory

    while True:
        name = segment_prefix(owner_pid) + secrets.token_hex(4)
        try:
            return _shared_memory().SharedMemory(name=name, create=True, size=size)
        except FileExistsError:  # the 32 random bits met a live segment: draw again
            continue


def pack(arrays, owner_pid=None):
    """A Packet holding ``arrays`` (numpy arrays) in a new segment for the
    process ``owner_pid`` (default: this one) to read; the caller (a worker)
    keeps no handle: the receiver owns and unlinks the segment."""
    arrays = [np.asarray(a) for a in arrays]
    offsets, size = [], 0
    for array in arrays:
        if _in_shared_memory(array):
            size = -(-size // _ALIGN) * _ALIGN
            offsets.append(size)
            size += array.nbytes
        else:
            offsets.append(None)
    if size == 0:
        return Packet(None, [("pickled", a) for a in arrays])
    segment = _new_segment(size, os.getpid() if owner_pid is None else owner_pid)
    try:
        entries = []
        for array, offset in zip(arrays, offsets):
            if offset is None:
                entries.append(("pickled", array))
                continue
            view = np.ndarray(array.shape, array.dtype, buffer=segment.buf, offset=offset)
            view[...] = array
            del view  # the segment cannot close while a view exports its buffer
            entries.append((offset, array.shape, array.dtype.str))
        return Packet(segment.name, entries)
    except BaseException:
        segment.unlink()
        raise
    finally:
        segment.close()


def unpack(packet):
    """The arrays of ``packet`` (copies), unlinking its segment."""
    if packet.segment is None:
        return [array for _, array in packet.entries]
    segment = _shared_memory().SharedMemory(name=packet.segment)
    try:
        arrays = []
        for entry in packet.entries:
            if entry[0] == "pickled":
                arrays.append(entry[1])
                continue
            offset, shape, dtype = entry
            arrays.append(np.ndarray(shape, dtype, buffer=segment.buf, offset=offset).copy())
        return arrays
    finally:
        segment.close()
        segment.unlink()


def release(packet):
    """Unlinks the segment of a packet that will never be read."""
    if packet.segment is None:
        return
    try:
        segment = _shared_memory().SharedMemory(name=packet.segment)
    except FileNotFoundError:
        return
    segment.close()
    segment.unlink()
