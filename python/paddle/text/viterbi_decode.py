"""paddle.text's Viterbi decoding: the highest-scoring tag sequence of a
linear-chain CRF, by the viterbi_decode op (core/ops/viterbi_decode_op.cc), in
eager mode and in static programs."""
from ..nn.layer.layers import Layer
from ..tensor._helpers import check_tensor, op

__all__ = ["viterbi_decode", "ViterbiDecoder"]

_FN = "viterbi_decode"
_viterbi_decode = op("viterbi_decode", ["Input", "Transition", "Length"], ["include_bos_eos_tag"],
                     ["Scores", "Path"])


def _check(potentials, transition_params, lengths, include_bos_eos_tag):
    check_tensor(potentials, "potentials", _FN)
    check_tensor(transition_params, "transition_params", _FN)
    check_tensor(lengths, "lengths", _FN)
    for name, t in (("potentials", potentials), ("transition_params", transition_params)):
        if t.dtype.name not in ("float32", "float64"):
            raise TypeError(f"[{_FN}] {name} must be float32 or float64, got {t.dtype.name}")
    if transition_params.dtype != potentials.dtype:
        raise TypeError(f"[{_FN}] transition_params must have potentials' dtype "
                        f"{potentials.dtype.name}, got {transition_params.dtype.name}")
    if lengths.dtype.name != "int64":
        raise TypeError(f"[{_FN}] lengths must be int64, got {lengths.dtype.name}")
    if not isinstance(include_bos_eos_tag, bool):
        raise TypeError(f"[{_FN}] include_bos_eos_tag must be a bool, got "
                        f"{type(include_bos_eos_tag).__name__}")
    if potentials.ndim != 3:
        raise ValueError(f"[{_FN}] potentials must be 3-D [batch_size, sequence_length, "
                         f"num_tags], got shape {potentials.shape}")
    batch, _, tags = potentials.shape
    if tags >= 0 and transition_params.shape != [tags, tags]:
        raise ValueError(f"[{_FN}] transition_params must be [{tags}, {tags}] (num_tags "
                         f"squared), got shape {transition_params.shape}")
    if lengths.ndim != 1 or min(batch, lengths.shape[0]) >= 0 and lengths.shape[0] != batch:
        raise ValueError(f"[{_FN}] lengths must be 1-D [{batch}] (batch_size), got shape "
                         f"{lengths.shape}")
    if include_bos_eos_tag and 0 <= tags < 2:
        raise ValueError(f"[{_FN}] include_bos_eos_tag needs at least 2 tags (start and "
                         f"stop), got {tags}")


def viterbi_decode(potentials, transition_params, lengths, include_bos_eos_tag=True, name=None):
    """Decodes the highest-scoring tag sequence of each batch entry from the
    emission scores ``potentials`` and the tag-to-tag scores ``transition_params``.

    With ``include_bos_eos_tag`` the last tag is the start tag (its row of
    transitions is added at the first step) and the second-to-last the stop tag
    (its row is added after the last step). Path entries past a sequence's
    length are 0. No gradient flows through it.

    Args:
        potentials (Tensor): Emission scores [batch_size, sequence_length, num_tags],
            float32 or float64.
        transition_params (Tensor): Transition scores [num_tags, num_tags] of the same
            dtype: entry [i, j] scores tag i followed by tag j.
        lengths (Tensor): A 1-D int64 Tensor [batch_size], each sequence's length, in
            [1, sequence_length].
        include_bos_eos_tag (bool, optional): Whether the last two tags are the stop and
            start tags. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        tuple: ``(scores, paths)``: the best scores [batch_size] of potentials' dtype, and
        the best tag paths [batch_size, max(lengths)], int64.

    Example:
        >>> emission = paddle.to_tensor([[[1.0, 0.0], [0.0, 2.0], [3.0, 0.0]]])
        >>> transition = paddle.to_tensor([[0.5, 0.0], [0.0, 0.5]])
        >>> scores, path = paddle.text.viterbi_decode(emission, transition,
        ...                                           paddle.to_tensor([3]), False)
        >>> scores.numpy(), path.numpy()
        (array([6.], dtype=float32), array([[0, 1, 0]]))
    """
    _check(potentials, transition_params, lengths, include_bos_eos_tag)
    return _viterbi_decode(potentials, transition_params, lengths, include_bos_eos_tag)


class ViterbiDecoder(Layer):
    """A layer holding a transition matrix that decodes the highest-scoring tag
    sequences of emission scores with ``paddle.text.viterbi_decode``.

    Args:
        transitions (Tensor): Transition scores [num_tags, num_tags], float32 or float64.
        include_bos_eos_tag (bool, optional): Whether the last two tags are the stop and
            start tags. Default True.
        name (str, optional): For PaddlePaddle compatibility; unused. Default None.

    Returns:
        ViterbiDecoder: A layer called as ``decoder(potentials, lengths)``, returning
        ``(scores, paths)`` as ``viterbi_decode`` does.

    Example:
        >>> transition = paddle.to_tensor([[0.5, 0.0], [0.0, 0.5]])
        >>> decoder = paddle.text.ViterbiDecoder(transition, include_bos_eos_tag=False)
        >>> emission = paddle.to_tensor([[[1.0, 0.0], [0.0, 2.0]]])
        >>> scores, path = decoder(emission, paddle.to_tensor([2]))
        >>> path.numpy()
        array([[0, 1]])
    """

    def __init__(self, transitions, include_bos_eos_tag=True, name=None):
        super().__init__()
        self.transitions = transitions
        self.include_bos_eos_tag = include_bos_eos_tag
        self.name = name

    def forward(self, potentials, lengths):
        """Decodes potentials [batch_size, sequence_length, num_tags] with lengths
        [batch_size] (int64).

        Args:
            potentials (Tensor): Emission scores [batch_size, sequence_length, num_tags].
            lengths (Tensor): A 1-D int64 Tensor, each sequence's length.

        Returns:
            tuple: ``(scores, paths)`` as ``paddle.text.viterbi_decode`` returns them.
        """
        return viterbi_decode(potentials, self.transitions, lengths, self.include_bos_eos_tag,
                              self.name)
