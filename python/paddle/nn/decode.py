"""Decoding loops: the Decoder interface, BeamSearchDecoder (a cell's
outputs scored and pruned to the beam_size best sequences per step) and
dynamic_decode (a decoder stepped until every sequence is finished), composed
of tensor ops in eager mode, as PaddlePaddle's imperative path."""
import collections
import numbers

import numpy as np

from ..framework.dtypes import get_default_dtype
from ..tensor.creation import full, to_tensor, zeros_like
from ..tensor.gather_scatter import gather_nd
from ..tensor.layout import tile
from ..tensor.manipulation import cast, reshape, stack, transpose, unsqueeze
from ..tensor.math import log
from ..tensor.search import topk, where
from ..utils.nest import flatten, map_structure
from .functional.activation import softmax
from .functional.gather_tree import gather_tree

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle

_KINF = 1e9  # the log-probability score of an impossible choice, as PaddlePaddle's


class Decoder:
    """The interface dynamic_decode drives: initialize() once, step() until
    every entry is finished, then finalize() if the subclass has one.

    Subclasses define initialize(inits) returning (initial_inputs,
    initial_states, finished), step(time, inputs, states, **kwargs) returning
    (outputs, next_states, next_inputs, finished), and optionally
    finalize(outputs, final_states, sequence_lengths) and tracks_own_finished.

    Example:
        >>> issubclass(paddle.nn.BeamSearchDecoder, paddle.nn.decode.Decoder)
        True
    """

    def initialize(self, inits):
        """The first step's inputs, the initial states and the finished flags.

        Args:
            inits (object): what the caller of dynamic_decode passed as inits.

        Returns:
            tuple: (initial_inputs, initial_states, finished).

        Example:
            >>> paddle.nn.decode.Decoder().initialize(None)
            Traceback (most recent call last):
            ...
            NotImplementedError: Decoder.initialize is defined by subclasses
        """
        raise NotImplementedError("Decoder.initialize is defined by subclasses")

    def step(self, time, inputs, states, **kwargs):
        """One decoding step.

        Args:
            time (Tensor): the int64 step number, [1].
            inputs (Tensor): this step's inputs.
            states (object): the states after the previous step.
            **kwargs: what the caller of dynamic_decode passed on.

        Returns:
            tuple: (outputs, next_states, next_inputs, finished).

        Example:
            >>> paddle.nn.decode.Decoder().step(None, None, None)
            Traceback (most recent call last):
            ...
            NotImplementedError: Decoder.step is defined by subclasses
        """
        raise NotImplementedError("Decoder.step is defined by subclasses")

    def finalize(self, outputs, final_states, sequence_lengths):
        """Turns the stacked step outputs into the final outputs (optional).

        Args:
            outputs (object): every step's outputs stacked, [time, batch, ...].
            final_states (object): the states after the last step.
            sequence_lengths (Tensor): the decoded lengths.

        Returns:
            tuple: (final_outputs, final_states).

        Example:
            >>> paddle.nn.decode.Decoder().finalize(None, None, None)
            Traceback (most recent call last):
            ...
            NotImplementedError: Decoder.finalize is optional
        """
        raise NotImplementedError("Decoder.finalize is optional")

    @property
    def tracks_own_finished(self):
        """Whether the decoder keeps its own finished flags (then dynamic_decode
        leaves them and the lengths to it). False here."""
        return False


class BeamSearchDecoder(Decoder):
    """Beam search over a cell: each step the cell's outputs (through
    output_fn) are log-softmaxed, added to each beam's score, and the
    beam_size best (beam, token) pairs of each batch entry kept; a beam that
    emitted end_token stays finished (all its mass on end_token). Inputs and
    states of the cell are [batch * beam_size, ...]; tensors the cell uses
    besides them need tile_beam_merge_with_batch.

    Args:
        cell (RNNCellBase): the cell: cell(inputs, states) -> (outputs, new states).
        start_token (int): the first input token.
        end_token (int): the token that finishes a beam.
        beam_size (int): the number of beams kept.
        embedding_fn (callable): maps token ids to the cell's inputs (an
            Embedding); None feeds the ids themselves. Default None.
        output_fn (callable): maps the cell's outputs to vocabulary scores (a
            Linear); None uses them as they are. Default None.

    Returns:
        A decoder for paddle.nn.dynamic_decode.

    Example:
        >>> cell = paddle.nn.GRUCell(input_size=8, hidden_size=8)
        >>> decoder = paddle.nn.BeamSearchDecoder(cell, start_token=0, end_token=1,
        ...     beam_size=3, embedding_fn=paddle.nn.Embedding(10, 8),
        ...     output_fn=paddle.nn.Linear(8, 10))
        >>> ids, states = paddle.nn.dynamic_decode(decoder, cell.get_initial_states(
        ...     paddle.zeros([2, 8])), max_step_num=4)
        >>> ids.shape[0], ids.shape[2]
        (2, 3)
    """

    OutputWrapper = collections.namedtuple("OutputWrapper", ["scores", "predicted_ids",
                                                             "parent_ids"])
    OutputWrapper.__doc__ = """What a beam search step outputs, each [batch, beam_size].

    Args:
        scores (Tensor): each kept beam's total log-probability.
        predicted_ids (Tensor): the int64 token each beam chose.
        parent_ids (Tensor): the int64 beam each continues.

    Returns:
        OutputWrapper: A named tuple (scores, predicted_ids, parent_ids).

    Example:
        >>> out = paddle.nn.BeamSearchDecoder.OutputWrapper(1.0, 2, 0)
        >>> out.predicted_ids
        2
    """
    OutputWrapper.scores.__doc__ = "Each kept beam's total log-probability."
    OutputWrapper.predicted_ids.__doc__ = "The token each beam chose (int64)."
    OutputWrapper.parent_ids.__doc__ = "The beam each continues (int64)."
    StateWrapper = collections.namedtuple("StateWrapper", ["cell_states", "log_probs",
                                                           "finished", "lengths"])
    StateWrapper.__doc__ = """The beams' states between steps.

    Args:
        cell_states (object): the cell's states, [batch, beam_size, ...] each.
        log_probs (Tensor): each beam's total log-probability, [batch, beam_size].
        finished (Tensor): whether each beam has emitted end_token (bool).
        lengths (Tensor): each beam's length so far (int64).

    Returns:
        StateWrapper: A named tuple (cell_states, log_probs, finished, lengths).

    Example:
        >>> state = paddle.nn.BeamSearchDecoder.StateWrapper(None, 0.0, False, 3)
        >>> state.lengths
        3
    """
    StateWrapper.cell_states.__doc__ = "The cell's states, [batch, beam_size, ...] each."
    StateWrapper.log_probs.__doc__ = "Each beam's total log-probability, [batch, beam_size]."
    StateWrapper.finished.__doc__ = "Whether each beam has emitted end_token (bool)."
    StateWrapper.lengths.__doc__ = "Each beam's length so far (int64)."

    def __init__(self, cell, start_token, end_token, beam_size, embedding_fn=None,
                 output_fn=None):
        for what, v in (("start_token", start_token), ("end_token", end_token),
                        ("beam_size", beam_size)):
            if isinstance(v, bool) or not isinstance(v, numbers.Integral):
                raise TypeError(f"[BeamSearchDecoder] {what} must be an int, got "
                                f"{type(v).__name__}")
        if beam_size < 1:
            raise ValueError(f"[BeamSearchDecoder] beam_size must be positive, got {beam_size}")
        self.cell = cell
        self.embedding_fn = embedding_fn
        self.output_fn = output_fn
        self.start_token = int(start_token)
        self.end_token = int(end_token)
        self.beam_size = int(beam_size)

    @staticmethod
    def tile_beam_merge_with_batch(x, beam_size):
        """x [batch, ...] with each entry repeated beam_size times in place:
        [batch * beam_size, ...] (t[0], t[0], ..., t[1], t[1], ...).

        Args:
            x (Tensor): [batch, ...].
            beam_size (int): the repetitions.

        Returns:
            Tensor: [batch * beam_size, ...], of x's dtype.

        Example:
            >>> x = paddle.to_tensor([[1, 2], [3, 4]])
            >>> paddle.nn.BeamSearchDecoder.tile_beam_merge_with_batch(x, 2).numpy()
            array([[1, 2],
                   [1, 2],
                   [3, 4],
                   [3, 4]])
        """
        return reshape(_expand(x, beam_size), [-1, *x.shape[1:]])

    def _split(self, x):
        return reshape(x, [-1, self.beam_size, *x.shape[1:]])

    def _merge(self, x):
        return reshape(x, [-1, *x.shape[2:]])

    def _gather(self, x, beams):
        """x [batch, beam, ...] at beams [batch, beam]: x[b, beams[b, k]]."""
        batch = beams.shape[0]
        rows = tile(unsqueeze(to_tensor(np.arange(batch, dtype="int64")), 1), [1, self.beam_size])
        coordinates = stack([rows, cast(beams, "int64")], axis=2)
        if x.dtype.name == "bool":  # gather_nd moves numbers: flags go as int32
            return cast(gather_nd(cast(x, "int32"), coordinates), "bool")
        return gather_nd(x, coordinates)

    def initialize(self, initial_cell_states):
        """Tiles the cell states to the beams and starts every beam at start_token.

        Args:
            initial_cell_states (object): the cell's initial states, [batch, ...] each.

        Returns:
            tuple: (initial_inputs, StateWrapper(cell_states [batch, beam, ...],
            log_probs [batch, beam] (0 for beam 0, -1e9 for the others),
            finished (False), lengths (0)), finished).

        Example:
            >>> cell = paddle.nn.GRUCell(2, 2)
            >>> decoder = paddle.nn.BeamSearchDecoder(cell, 0, 1, beam_size=2)
            >>> inputs, states, finished = decoder.initialize(paddle.zeros([3, 2]))
            >>> inputs.shape, states.cell_states.shape
            (paddle.Size([3, 2]), paddle.Size([3, 2, 2]))
        """
        batch = flatten(initial_cell_states)[0].shape[0]
        cell_states = map_structure(lambda s: _expand(s, self.beam_size), initial_cell_states)
        inputs = full([batch, self.beam_size], self.start_token, "int64")
        dtype = "float64" if get_default_dtype() == "float64" else "float32"
        first = np.array([[0.0] + [-_KINF] * (self.beam_size - 1)], dtype="float32")
        log_probs = cast(to_tensor(np.tile(first, [batch, 1])), dtype)
        finished = full([batch, self.beam_size], False, "bool")
        lengths = zeros_like(inputs)
        if self.embedding_fn is not None:
            inputs = self.embedding_fn(inputs)
        return inputs, self.StateWrapper(cell_states, log_probs, finished, lengths), finished

    def _beam_search_step(self, logits, next_cell_states, beam_state):
        vocab = logits.shape[-1]
        step_log_probs = log(softmax(logits))
        # a finished beam puts all its mass on end_token
        ended = np.full([vocab], -_KINF, dtype="float32")
        ended[self.end_token] = 0.0
        ended = cast(to_tensor(ended), step_log_probs.dtype)
        step_log_probs = where(unsqueeze(beam_state.finished, 2), ended, step_log_probs)
        log_probs = step_log_probs + unsqueeze(beam_state.log_probs, 2)
        scores = reshape(log_probs, [-1, self.beam_size * vocab])
        top_scores, top_indices = topk(scores, k=self.beam_size)
        beams = top_indices // vocab
        tokens = top_indices % vocab
        next_cell_states = map_structure(lambda s: self._gather(s, beams), next_cell_states)
        finished = self._gather(beam_state.finished, beams)
        lengths = self._gather(beam_state.lengths, beams)
        lengths = lengths + cast(~finished, lengths.dtype)
        finished = finished | (tokens == self.end_token)
        output = self.OutputWrapper(top_scores, tokens, beams)
        return output, self.StateWrapper(next_cell_states, top_scores, finished, lengths)

    def step(self, time, inputs, states, **kwargs):
        """Runs the cell on every beam and keeps the beam_size best continuations.

        Args:
            time (Tensor): the int64 step number, [1].
            inputs (Tensor): [batch, beam, ...] inputs (ids, or embedding_fn's output).
            states (StateWrapper): the beams' states.
            **kwargs: passed on to the cell.

        Returns:
            tuple: (OutputWrapper(scores, predicted_ids, parent_ids), the next
            StateWrapper, the next inputs, finished), each [batch, beam].

        Example:
            >>> cell = paddle.nn.GRUCell(2, 2)
            >>> decoder = paddle.nn.BeamSearchDecoder(cell, 0, 1, beam_size=2,
            ...     embedding_fn=paddle.nn.Embedding(4, 2), output_fn=paddle.nn.Linear(2, 4))
            >>> inputs, states, _ = decoder.initialize(paddle.zeros([3, 2]))
            >>> out, states, inputs, finished = decoder.step(paddle.zeros([1], "int64"),
            ...                                              inputs, states)
            >>> out.predicted_ids.shape
            paddle.Size([3, 2])
        """
        inputs = map_structure(self._merge, inputs)
        cell_states = map_structure(self._merge, states.cell_states)
        outputs, next_cell_states = self.cell(inputs, cell_states, **kwargs)
        outputs = map_structure(self._split, outputs)
        next_cell_states = map_structure(self._split, next_cell_states)
        if self.output_fn is not None:
            outputs = self.output_fn(outputs)
        output, state = self._beam_search_step(outputs, next_cell_states, states)
        ids = output.predicted_ids
        ids.stop_gradient = True
        next_inputs = self.embedding_fn(ids) if self.embedding_fn is not None else ids
        return output, state, next_inputs, state.finished

    def finalize(self, outputs, final_states, sequence_lengths):
        """Backtraces the beams (gather_tree) into whole sequences.

        Args:
            outputs (OutputWrapper): every step's outputs stacked, [time, batch, beam].
            final_states (StateWrapper): the states after the last step.
            sequence_lengths (Tensor): the decoded lengths (unused).

        Returns:
            tuple: (predicted_ids [time, batch, beam] int64, final_states).

        Example:
            >>> decoder = paddle.nn.BeamSearchDecoder(paddle.nn.GRUCell(2, 2), 0, 1, 1)
            >>> ids = paddle.to_tensor([[[2]], [[3]]])
            >>> out = decoder.OutputWrapper(None, ids, paddle.zeros_like(ids))
            >>> decoder.finalize(out, None, None)[0].shape
            paddle.Size([2, 1, 1])
        """
        ids = gather_tree(outputs.predicted_ids, outputs.parent_ids)
        return cast(ids, outputs.predicted_ids.dtype), final_states

    @property
    def tracks_own_finished(self):
        """True: the beams reorder their finished flags themselves."""
        return True


def _expand(x, beam_size):
    """x [batch, ...] as [batch, beam_size, ...], each entry repeated."""
    return tile(unsqueeze(x, 1), [1, beam_size] + [1] * (x.ndim - 1))


def _keep_finished(state, new_state, finished):
    """new_state where not finished, state where finished (rows of [batch, ...])."""
    mask = reshape(finished, [-1] + [1] * (state.ndim - 1))
    return where(mask, state, new_state)


def dynamic_decode(decoder, inits=None, max_step_num=None, output_time_major=False,
                   impute_finished=False, is_test=False, return_length=False, **kwargs):
    """Runs decoder.initialize(inits), then decoder.step() until every entry
    is finished (or max_step_num + 1 steps ran), stacks the steps' outputs
    and passes them through decoder.finalize() when it has one. Eager mode
    only.

    Args:
        decoder (Decoder): the decoder, e.g. a BeamSearchDecoder.
        inits (object): passed to decoder.initialize. Default None.
        max_step_num (int): stop after step max_step_num (steps count from 0);
            None runs until all are finished. Default None.
        output_time_major (bool): outputs as [time, batch, ...] instead of
            [batch, time, ...]. Default False.
        impute_finished (bool): for a decoder that does not track its own
            finished flags, keep a finished entry's states as they were. Default False.
        is_test (bool): accepted for PaddlePaddle compatibility. Default False.
        return_length (bool): also return the decoded lengths. Default False.
        **kwargs: passed on to decoder.step.

    Returns:
        tuple: (final_outputs, final_states), and the sequence lengths when
        return_length.

    Example:
        >>> cell = paddle.nn.GRUCell(input_size=4, hidden_size=4)
        >>> decoder = paddle.nn.BeamSearchDecoder(cell, start_token=0, end_token=1, beam_size=2,
        ...     embedding_fn=paddle.nn.Embedding(6, 4), output_fn=paddle.nn.Linear(4, 6))
        >>> ids, states, lengths = paddle.nn.dynamic_decode(decoder, paddle.zeros([3, 4]),
        ...     max_step_num=5, return_length=True)
        >>> ids.shape[0], ids.shape[2], lengths.shape
        (3, 2, paddle.Size([3, 2]))
    """
    from ..static.mode import in_dynamic_mode  # here: paddle.static imports paddle.nn
    if not in_dynamic_mode():
        raise NotImplementedError("[dynamic_decode] runs in eager (dynamic) mode only")
    if not isinstance(decoder, Decoder):
        raise TypeError(f"[dynamic_decode] decoder must be a paddle.nn.decode.Decoder, got "
                        f"{type(decoder).__name__}")
    if max_step_num is not None and (isinstance(max_step_num, bool)
                                     or not isinstance(max_step_num, numbers.Integral)):
        raise TypeError(f"[dynamic_decode] max_step_num must be an int or None, got "
                        f"{type(max_step_num).__name__}")
    inputs, states, finished = decoder.initialize(inits)
    lengths = cast(zeros_like(finished), "int64")
    steps = []
    step = 0
    while not bool(finished.all().item()):
        time = full([1], step, "int64")
        outputs, next_states, next_inputs, next_finished = decoder.step(time, inputs, states,
                                                                        **kwargs)
        if decoder.tracks_own_finished:
            next_lengths = getattr(next_states, "lengths", lengths)
        else:
            next_finished = next_finished | finished
            next_lengths = lengths + cast(~finished, lengths.dtype)
            if impute_finished:
                next_states = map_structure(lambda s, n: _keep_finished(s, n, finished), states,
                                            next_states)
        steps.append(outputs)
        inputs, states, finished, lengths = next_inputs, next_states, next_finished, next_lengths
        step += 1
        if max_step_num is not None and step > max_step_num:
            break
    if not steps:
        raise ValueError("[dynamic_decode] every entry is finished at the start: nothing to decode")
    final_outputs = map_structure(lambda *xs: stack(list(xs), axis=0), *steps)
    final_states = states
    try:
        final_outputs, final_states = decoder.finalize(final_outputs, final_states, lengths)
    except NotImplementedError:
        pass
    if not output_time_major:
        final_outputs = map_structure(
            lambda x: transpose(x, [1, 0, *range(2, x.ndim)]), final_outputs)
    if return_length:
        return final_outputs, final_states, lengths
    return final_outputs, final_states
