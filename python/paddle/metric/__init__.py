"""paddle.metric: the metrics paddle.Model reports while it trains and
evaluates (Accuracy, Precision, Recall, Auc) and the accuracy function."""
from .metrics import Accuracy, Auc, Metric, Precision, Recall, accuracy

__all__ = ["Metric", "Accuracy", "Precision", "Recall", "Auc", "accuracy"]
