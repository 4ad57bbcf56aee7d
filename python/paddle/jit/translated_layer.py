"""paddle.jit.TranslatedLayer: a loaded inference program run op by op in
eager mode (core/eager/program_runner.h), so it can be fine-tuned."""
from .. import _core


class TranslatedLayer:
    """What ``paddle.jit.load`` returns: call it like the saved model's forward.

    Args:
        program_bytes (bytes): The saved ProgramDesc (a ``.pdmodel`` file's content).
        params (dict): Parameter name -> Tensor, the saved parameters; they are made
            trainable (``stop_gradient`` False).

    Returns:
        TranslatedLayer: The layer; calling it with the inputs returns the output (a list
        when the program has several).

    Example:
        >>> paddle.jit.save(paddle.nn.Linear(784, 10), "out/model",
        ...                 input_spec=[paddle.static.InputSpec([None, 784], "float32", "x")])
        >>> layer = paddle.jit.load("out/model")
        >>> layer(paddle.rand([2, 784])).shape
        paddle.Size([2, 10])
        >>> [p.shape for p in layer.parameters()]
        [paddle.Size([784, 10]), paddle.Size([10])]
    """

    def __init__(self, program_bytes, params):
        self._runner = _core.ProgramRunner(program_bytes)
        self._params = dict(params)
        for p in self._params.values():
            p.stop_gradient = False
        self.training = True

    def __call__(self, *inputs):
        outs = self._runner.run(list(inputs), self._params)
        return outs[0] if len(outs) == 1 else outs

    forward = __call__

    def parameters(self, include_sublayers=True):
        """The loaded parameters, in the program's order."""
        return [self._params[n] for n in self._runner.param_names]

    def state_dict(self):
        """Parameters by their saved names."""
        return dict(self._params)

    def eval(self):
        self.training = False
        return self

    def train(self):
        self.training = True
        return self

    @property
    def input_names(self):
        return list(self._runner.feed_names)

    @property
    def output_names(self):
        return list(self._runner.fetch_names)
