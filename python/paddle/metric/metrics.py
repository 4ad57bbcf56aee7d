"""The metrics: a Metric accumulates over batches (update), reports the running
value (accumulate) and starts over (reset). ``compute`` runs on Tensors
before ``update`` so that the heavy part of the work stays in tensor ops."""
import abc
import numbers

import numpy as np

from .. import _core
from ..tensor import attribute as _attribute
from ..tensor import creation as _creation
from ..tensor import manipulation as _manip
from ..tensor import search as _search

Tensor = _core.Tensor

__all__ = ["Metric", "Accuracy", "Precision", "Recall", "Auc", "accuracy"]


def _as_array(value, what):
    """A Tensor or numpy value as an ndarray; anything else is refused."""
    if isinstance(value, Tensor):
        return np.array(value.numpy())
    if isinstance(value, (np.ndarray, np.generic)):
        return np.asarray(value)
    raise ValueError(f"The '{what}' must be a numpy ndarray or Tensor.")


def _one_per_sample(array, what):
    """[N] or [N, 1] values as a flat [N] array: one value per sample."""
    if array.ndim == 0 or array.reshape(array.shape[0], -1).shape[1] != 1:
        raise ValueError(f"The '{what}' must hold one value per sample, shape [N] or [N, 1], "
                         f"got shape {list(array.shape)}")
    return array.reshape(-1)


class Metric(metaclass=abc.ABCMeta):
    """The base class of metrics: subclasses define ``reset``, ``update``,
    ``accumulate`` and ``name``; ``compute`` (optional) turns the network's
    outputs and the labels into what ``update`` takes.

    paddle.Model calls, for each batch, ``update(*compute(*outputs, *labels))``
    and logs ``accumulate()`` under ``name()``.

    Example:
        >>> class Mean(paddle.metric.Metric):
        ...     def __init__(self):
        ...         self.reset()
        ...     def reset(self):
        ...         self.total, self.count = 0.0, 0
        ...     def update(self, values):
        ...         self.total += float(values.sum()); self.count += values.size
        ...     def accumulate(self):
        ...         return self.total / self.count
        ...     def name(self):
        ...         return "mean"
        >>> m = Mean()
        >>> m.update(np.array([1.0, 3.0]))
        >>> m.accumulate()
        2.0
    """

    def __init__(self):
        pass

    @abc.abstractmethod
    def reset(self):
        """Forgets everything accumulated so far."""
        raise NotImplementedError(f"function 'reset' not implemented in {type(self).__name__}.")

    @abc.abstractmethod
    def update(self, *args):
        """Adds one batch's statistics."""
        raise NotImplementedError(f"function 'update' not implemented in {type(self).__name__}.")

    @abc.abstractmethod
    def accumulate(self):
        """The metric over every batch since the last reset."""
        raise NotImplementedError(
            f"function 'accumulate' not implemented in {type(self).__name__}.")

    @abc.abstractmethod
    def name(self):
        """The name (or list of names) the metric is logged under."""
        raise NotImplementedError(f"function 'name' not implemented in {type(self).__name__}.")

    def compute(self, *args):
        """Preprocesses the network's outputs and labels for ``update``
        (default: passes them through)."""
        return args


class Accuracy(Metric):
    """Top-k classification accuracy.

    Args:
        topk (tuple[int]): the k's to report, e.g. ``(1, 5)``.
        name (str, optional): the log name (default ``acc``; with a k other
            than 1, one name per k: ``acc_top1``, ``acc_top5``).

    Example:
        >>> m = paddle.metric.Accuracy()
        >>> pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
        >>> label = paddle.to_tensor([[1], [1], [1]])
        >>> m.update(m.compute(pred, label))
        0.6666666666666666
    """

    def __init__(self, topk=(1,), name=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        topk = tuple(topk) if isinstance(topk, (list, tuple)) else (topk,)
        if not topk or not all(isinstance(k, numbers.Integral) and k > 0 for k in topk):
            raise ValueError(f"Accuracy topk must be positive ints, got {topk}")
        self.topk = topk
        self.maxk = max(topk)
        base = name or "acc"
        self._name = [f"{base}_top{k}" for k in topk] if self.maxk != 1 else [base]
        self.reset()

    def compute(self, pred, label, *args):
        """A float32 [N, maxk] Tensor: 1 where the i-th best class is the label.

        Example:
            >>> m = paddle.metric.Accuracy(topk=(1, 2))
            >>> m.compute(paddle.to_tensor([[0.2, 0.5, 0.3]]), paddle.to_tensor([[2]])).numpy()
            array([[0., 1.]], dtype=float32)
        """
        order = _search.argsort(pred, descending=True)
        if self.maxk > order.shape[-1]:
            raise ValueError(f"Accuracy topk {self.maxk} exceeds the {order.shape[-1]} classes "
                             "of pred")
        best = order[..., :self.maxk]
        if label.ndim == 1 or (label.ndim == 2 and label.shape[-1] == 1):
            label = _manip.reshape(label, [-1, 1])
        else:  # one-hot (or soft) labels: the class with the highest score
            label = _search.argmax(label, axis=-1, keepdim=True)
        return _manip.cast(best == label.astype(best.dtype), "float32")

    def update(self, correct, *args):
        """Adds a batch's ``compute`` result; returns the batch's accuracy (a
        list with one entry per k when several k's are reported)."""
        correct = _as_array(correct, "correct")
        num_samples = int(np.prod(correct.shape[:-1]))
        accs = []
        for i, k in enumerate(self.topk):
            hits = correct[..., :k].sum()
            accs.append(float(hits) / num_samples)
            self.total[i] += hits
            self.count[i] += num_samples
        return accs[0] if len(self.topk) == 1 else accs

    def reset(self):
        """Forgets the counts."""
        self.total = [0.0] * len(self.topk)
        self.count = [0] * len(self.topk)

    def accumulate(self):
        """The accuracy since the last reset (a list for several k's)."""
        res = [float(t) / c if c > 0 else 0.0 for t, c in zip(self.total, self.count)]
        return res[0] if len(self.topk) == 1 else res

    def name(self):
        """The log names, one per k."""
        return self._name


def _binary_batch(preds, labels):
    """A binary metric's batch as (flat predictions, flat labels == 1)."""
    preds = _one_per_sample(_as_array(preds, "preds"), "preds")
    labels = _one_per_sample(_as_array(labels, "labels"), "labels")
    return preds, labels == 1


class Precision(Metric):
    """Binary precision, TP / (TP + FP): predictions are probabilities of the
    positive class, rounded half up.

    Args:
        name (str, optional): The log name ``name()`` returns. Default ``"precision"``.
        *args: Passed on to ``Metric``'s constructor, which takes none: leave empty.
        **kwargs: Passed on to ``Metric``'s constructor, which takes none: leave empty.

    Returns:
        Precision: The metric, its counts at zero.

    Example:
        >>> m = paddle.metric.Precision()
        >>> m.update(np.array([0.1, 0.6, 0.8, 0.9]), np.array([0, 1, 0, 1]))
        >>> m.accumulate()
        0.6666666666666666
    """

    def __init__(self, name="precision", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._name = name
        self.reset()

    def update(self, preds, labels):
        """Adds a batch: ``preds`` [N] or [N, 1] floats, ``labels`` [N] or [N, 1] 0/1."""
        preds, positive = _binary_batch(preds, labels)
        predicted_positive = np.floor(preds + 0.5).astype("int32") == 1
        self.tp += int(np.sum(predicted_positive & positive))
        self.fp += int(np.sum(predicted_positive & ~positive))

    def reset(self):
        """Forgets the counts."""
        self.tp = 0
        self.fp = 0

    def accumulate(self):
        """TP / (TP + FP), 0.0 when nothing was predicted positive."""
        predicted = self.tp + self.fp
        return float(self.tp) / predicted if predicted != 0 else 0.0

    def name(self):
        """The log name."""
        return self._name


class Recall(Metric):
    """Binary recall, TP / (TP + FN): predictions are probabilities of the
    positive class, rounded half to even (as numpy.rint).

    Args:
        name (str, optional): The log name ``name()`` returns. Default ``"recall"``.
        *args: Passed on to ``Metric``'s constructor, which takes none: leave empty.
        **kwargs: Passed on to ``Metric``'s constructor, which takes none: leave empty.

    Returns:
        Recall: The metric, its counts at zero.

    Example:
        >>> m = paddle.metric.Recall()
        >>> m.update(np.array([0.1, 0.6, 0.8, 0.2]), np.array([0, 1, 0, 1]))
        >>> m.accumulate()
        0.5
    """

    def __init__(self, name="recall", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._name = name
        self.reset()

    def update(self, preds, labels):
        """Adds a batch: ``preds`` [N] or [N, 1] floats, ``labels`` [N] or [N, 1] 0/1."""
        preds, positive = _binary_batch(preds, labels)
        predicted_positive = np.rint(preds).astype("int32") == 1
        self.tp += int(np.sum(positive & predicted_positive))
        self.fn += int(np.sum(positive & ~predicted_positive))

    def accumulate(self):
        """TP / (TP + FN), 0.0 when there was no positive label."""
        positives = self.tp + self.fn
        return float(self.tp) / positives if positives != 0 else 0.0

    def reset(self):
        """Forgets the counts."""
        self.tp = 0
        self.fn = 0

    def name(self):
        """The log name."""
        return self._name


class Auc(Metric):
    """Area under the ROC curve, from histograms of the positive-class scores
    in ``num_thresholds + 1`` buckets.

    Args:
        curve (str): 'ROC' (the area computed; 'PR' is accepted as PaddlePaddle does).
        num_thresholds (int): the number of buckets less one.
        name (str): the log name.

    Example:
        >>> m = paddle.metric.Auc()
        >>> preds = np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.3, 0.7]])
        >>> m.update(preds, np.array([[0], [1], [1], [0]]))
        >>> print(m.accumulate())
        0.75
    """

    def __init__(self, curve="ROC", num_thresholds=4095, name="auc", *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not isinstance(num_thresholds, numbers.Integral) or num_thresholds <= 0:
            raise ValueError(f"Auc num_thresholds must be a positive int, got {num_thresholds}")
        self._curve = curve
        self._num_thresholds = int(num_thresholds)
        self._name = name
        self.reset()

    def update(self, preds, labels):
        """Adds a batch: ``preds`` [N, 2] class probabilities (column 1 is the
        positive class), ``labels`` [N] or [N, 1] 0/1."""
        labels = _one_per_sample(_as_array(labels, "labels"), "labels")
        preds = _as_array(preds, "preds")
        if preds.ndim != 2 or preds.shape[1] < 2 or preds.shape[0] != labels.shape[0]:
            raise ValueError(f"Auc preds must be [N, 2] with N = {labels.shape[0]} labels, got "
                             f"shape {list(preds.shape)}")
        scores = preds[:, 1]
        if np.any(scores < 0) or np.any(scores > 1):
            raise ValueError("Auc preds must be probabilities in [0, 1]")
        buckets = (scores * self._num_thresholds).astype(np.int64)
        positive = labels != 0
        np.add.at(self._stat_pos, buckets[positive], 1.0)
        np.add.at(self._stat_neg, buckets[~positive], 1.0)

    @staticmethod
    def trapezoid_area(x1, x2, y1, y2):
        """The area of the trapezoid between x1 and x2 under heights y1 and y2."""
        return abs(x1 - x2) * (y1 + y2) / 2.0

    def accumulate(self):
        """The area under the ROC curve (0.0 without both classes seen)."""
        # Walk the thresholds from the highest bucket down: running counts of
        # positives (y) and negatives (x) trace the curve.
        tot_pos = np.cumsum(self._stat_pos[::-1])
        tot_neg = np.cumsum(self._stat_neg[::-1])
        prev_pos = np.concatenate([[0.0], tot_pos[:-1]])
        prev_neg = np.concatenate([[0.0], tot_neg[:-1]])
        auc = float(np.sum(self.trapezoid_area(tot_neg, prev_neg, tot_pos, prev_pos)))
        pos, neg = tot_pos[-1], tot_neg[-1]
        return auc / pos / neg if pos > 0.0 and neg > 0.0 else 0.0

    def reset(self):
        """Empties the histograms."""
        self._stat_pos = np.zeros(self._num_thresholds + 1)
        self._stat_neg = np.zeros(self._num_thresholds + 1)

    def name(self):
        """The log name."""
        return self._name


def accuracy(input, label, k=1, correct=None, total=None, name=None):  # noqa: A002
    """Top-k accuracy of a batch: the fraction of rows of ``input`` whose k
    highest scores include ``label``. A 0-D float32 Tensor, not differentiable.

    Args:
        input (Tensor): [N, C] scores.
        label (Tensor): [N, 1] (or [N]) int class indices.
        k (int): how many of the best classes count.
        correct, total (Tensor, optional): int32 tensors that receive the number
            of correct rows and of rows.

    Example:
        >>> pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2]])
        >>> paddle.metric.accuracy(pred, paddle.to_tensor([[1], [1]])).item()
        0.5
    """
    if not isinstance(input, Tensor) or not isinstance(label, Tensor):
        raise TypeError("[accuracy] input and label must be Tensors, got "
                        f"{type(input).__name__} and {type(label).__name__}")
    if input.ndim != 2:
        raise ValueError(f"[accuracy] input must be [N, C], got shape {input.shape}")
    if input._static_ref() is not None:
        return _static_accuracy(input, label, k, correct, total)
    if label.size != input.shape[0]:
        raise ValueError(f"[accuracy] label must hold one class per row of input ({input.shape[0]}),"
                         f" got shape {label.shape}")
    if not isinstance(k, numbers.Integral) or not 0 < k <= input.shape[1]:
        raise ValueError(f"[accuracy] k must be in [1, {input.shape[1]}], got {k}")
    _, indices = _search.topk(input.detach(), k=int(k))
    labels = _manip.reshape(label.detach(), [-1, 1]).astype(indices.dtype)
    hits = (indices == labels).astype("int32").sum(axis=1)
    num_correct = int((hits > 0).astype("int32").sum().item())
    rows = input.shape[0]
    if correct is not None:
        correct._assign_from(_creation.to_tensor(num_correct, dtype="int32"))
    if total is not None:
        total._assign_from(_creation.to_tensor(rows, dtype="int32"))
    return _creation.to_tensor(num_correct / rows, dtype="float32")


def _static_accuracy(input, label, k, correct, total):
    """accuracy() built into a static program: the batch size is known only
    when it runs, so the counts are ops too."""
    if not isinstance(k, numbers.Integral) or k <= 0:
        raise ValueError(f"[accuracy] k must be a positive int, got {k}")
    _, indices = _search.topk(input, k=int(k))
    labels = _manip.reshape(label, [-1, 1]).astype(indices.dtype)
    hits = (indices == labels).astype("int32").sum(axis=1)
    num_correct = (hits > 0).astype("int32").sum()
    rows = _attribute.shape(hits).astype("int32").sum()
    if correct is not None:
        correct._assign_from(num_correct)
    if total is not None:
        total._assign_from(rows)
    return num_correct.astype("float32") / rows.astype("float32")
