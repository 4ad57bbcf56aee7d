"""The progress bar paddle.Model prints while it trains, evaluates and
predicts, in PaddlePaddle's format: ``step 3/10 [====>...] - loss: 0.5123 -
ETA: 2s - 10ms/step`` (verbose=1, redrawn in place) or one line per update
(verbose=2)."""
import shutil
import sys
import time

import numpy as np

__all__ = []


def _format_number(v):
    """4 decimals, or scientific notation for magnitudes up to 1e-3."""
    return f" {v:.4f}" if abs(v) > 1e-3 else f" {v:.4e}"


def _format_values(values, scalar_arrays):
    info = ""
    for key, val in values:
        info += f" - {key}:"
        for v in (val if isinstance(val, list) else [val]):
            if isinstance(v, (float, np.float32, np.float64)):
                info += _format_number(v)
            elif (scalar_arrays and isinstance(v, np.ndarray) and v.size == 1
                  and v.dtype in (np.float32, np.float64)):
                info += _format_number(v.item())
            else:
                info += f" {v}"
    return info


def _format_rate(seconds_per_step, unit):
    if seconds_per_step >= 1 or seconds_per_step == 0:
        return f" - {seconds_per_step:.0f}s/{unit}"
    if seconds_per_step >= 1e-3:
        return f" - {seconds_per_step * 1e3:.0f}ms/{unit}"
    return f" - {seconds_per_step * 1e6:.0f}us/{unit}"


def _format_eta(seconds):
    if seconds > 3600:
        return f"{seconds // 3600}:{(seconds % 3600) // 60:02}:{seconds % 60:02}"
    if seconds > 60:
        return f"{seconds // 60}:{seconds % 60:02}"
    return f"{seconds}s"


class ProgressBar:
    """A progress bar over ``num`` steps (None: unknown).

    Args:
        num (int|None): the number of steps.
        width (int): the bar's width in characters (at most 60% of the terminal).
        verbose (int): 1 redraws one line; 2 (or 3) prints a line per update.
        start (bool): start the clock now.
        file: where to write (default: the current sys.stdout).
        name (str): the unit's name, ``step``.

    Example:
        >>> from paddle.hapi.progressbar import ProgressBar
        >>> bar = ProgressBar(num=2, verbose=2)
        >>> bar.update(1, [("loss", 0.5)])  # doctest: +ELLIPSIS
        step 1/2 - loss: 0.5000 - ...
    """

    def __init__(self, num=None, width=30, verbose=1, start=True, file=None, name="step"):
        if isinstance(num, int) and num <= 0:
            raise TypeError("num should be None or integer (> 0)")
        self._num = num
        terminal_width = shutil.get_terminal_size().columns or 80
        self._width = min(width, min(int(terminal_width * 0.6), terminal_width - 50))
        self._total_width = 0
        self._verbose = verbose
        self._file = file
        self._start = time.time() if start else None
        self._last_update = 0
        self.name = name

    @property
    def file(self):
        return self._file if self._file is not None else sys.stdout

    def start(self):
        """Restarts the clock."""
        self.file.flush()
        self._start = time.time()

    def _bar(self, current_num):
        digits = int(np.log10(self._num)) + 1
        text = f"{self.name} {current_num:{digits}d}/{self._num} ["
        filled = int(self._width * float(current_num) / self._num)
        if filled > 0:
            text += "=" * (filled - 1) + (">" if current_num < self._num else "=")
        return text + "." * (self._width - filled) + "]"

    def update(self, current_num, values=()):
        """Shows step ``current_num`` with ``values``, a list of (name, value)."""
        now = time.time()
        start = self._start if self._start is not None else now
        per_step = (now - start) / current_num if current_num else 0
        rate = _format_rate(per_step, self.name)
        out = self.file
        if self._verbose == 1:
            prev_total_width = self._total_width
            # Redraw over the previous line.
            out.write("\b" * prev_total_width + "\r")
            bar = self._bar(current_num) if self._num is not None else \
                f"{self.name} {current_num:3}"
            self._total_width = len(bar)
            out.write(bar)
            info = _format_values(values, scalar_arrays=False)
            if self._num is not None and current_num < self._num:
                info += f" - ETA: {_format_eta(int(per_step * (self._num - current_num)))}"
            info += rate
            self._total_width += len(info)
            if prev_total_width > self._total_width:
                info += " " * (prev_total_width - self._total_width)
            if self._num is None or current_num >= self._num:
                info += "\n"
            out.write(info)
            out.flush()
            self._last_update = now
        elif self._verbose in (2, 3):
            if self._num:
                digits = int(np.log10(self._num)) + 1
                count = f"{self.name} {current_num:{digits}d}/{self._num}"
            else:
                count = f"{self.name} {current_num:3}"
            out.write(count + _format_values(values, scalar_arrays=True) + rate + "\n")
            out.flush()
