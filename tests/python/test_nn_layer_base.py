"""paddle.nn.Layer: registration by attribute, walking parameters, sublayers
and buffers, state_dict round trips, train/eval, hooks, repr, to(dtype)."""
import collections
import warnings

import numpy as np
import pytest

import paddle
import paddle.nn as nn
from paddle.utils import unique_name


class Net(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 4)
        self.bn = nn.BatchNorm1D(4)
        self.seq = nn.Sequential(nn.ReLU(), nn.Linear(4, 2, bias_attr=False))
        self.register_buffer("steps", paddle.zeros([1]))
        self.scratch = paddle.ones([2])  # a plain tensor attribute: a non-persistable buffer

    def forward(self, x):
        return self.seq(self.bn(self.fc(x)))


def test_attributes_register_parameters_sublayers_and_buffers():
    net = Net()
    assert [n for n, _ in net.named_parameters()] == [
        "fc.weight", "fc.bias", "bn.weight", "bn.bias", "bn._mean", "bn._variance",
        "seq.1.weight"]
    assert [n for n, _ in net.named_sublayers()] == ["fc", "bn", "seq", "seq.0", "seq.1"]
    assert [n for n, _ in net.named_children()] == ["fc", "bn", "seq"]
    assert [type(c).__name__ for c in net.children()] == ["Linear", "BatchNorm1D", "Sequential"]
    assert net.sublayers(include_self=True)[0] is net
    assert [n for n, _ in net.named_buffers()] == ["steps", "scratch"]
    assert len(net.parameters(include_sublayers=False)) == 0
    assert net.fc.weight is net._sub_layers["fc"]._parameters["weight"]
    assert isinstance(net.fc.weight, paddle.base.framework.EagerParamBase)
    assert isinstance(net.fc.weight, paddle.Tensor)


def test_state_dict_has_parameters_and_persistable_buffers_by_structured_name():
    net = Net()
    sd = net.state_dict()
    # PaddlePaddle's order (checked with 3.3.1): a layer's own parameters and
    # buffers before its sublayers'.
    assert list(sd) == ["steps", "fc.weight", "fc.bias", "bn.weight", "bn.bias", "bn._mean",
                        "bn._variance", "seq.1.weight"]
    assert sd["fc.weight"] is net.fc.weight  # the tensors themselves, not copies
    assert net.bn._mean.stop_gradient and not net.bn._mean.trainable
    assert not net.fc.weight.stop_gradient


def test_parameter_names_are_unique_per_layer_type():
    with unique_name.guard():
        a, b = nn.Linear(2, 2), nn.Linear(2, 2)
        conv, prelu = nn.Conv2D(1, 1, 1), nn.PReLU()
        bn = nn.BatchNorm2D(2)
    assert (a.weight.name, a.bias.name, b.weight.name) == ("linear_0.w_0", "linear_0.b_0",
                                                           "linear_1.w_0")
    assert (a.full_name(), conv.full_name(), prelu.full_name()) == ("linear_0", "conv2d_0",
                                                                    "p_re_lu_0")
    assert [p.name for p in bn.parameters()] == ["batch_norm2d_0.w_0", "batch_norm2d_0.b_0",
                                                 "batch_norm2d_0.w_1", "batch_norm2d_0.w_2"]


def test_set_state_dict_round_trip_keeps_the_parameter_objects():
    src, dst = Net(), Net()
    weight = dst.fc.weight
    missing, unexpected = dst.set_state_dict(src.state_dict())
    assert (missing, unexpected) == ([], [])
    assert dst.fc.weight is weight
    for (n, a), (_, b) in zip(src.state_dict().items(), dst.state_dict().items()):
        np.testing.assert_array_equal(a.numpy(), b.numpy(), err_msg=n)
    assert not dst.fc.weight.stop_gradient and dst.bn._mean.stop_gradient
    x = paddle.rand([5, 3])
    src.eval(), dst.eval()
    np.testing.assert_allclose(src(x).numpy(), dst(x).numpy())


def test_set_state_dict_accepts_numpy_and_tensor_names():
    layer = nn.Linear(2, 3)
    layer.set_state_dict({"weight": np.full([2, 3], 2.0, "float32"),
                          "bias": paddle.ones([3])})
    np.testing.assert_array_equal(layer.weight.numpy(), np.full([2, 3], 2.0))
    by_name = {layer.weight.name: np.zeros([2, 3], "float32"), layer.bias.name: np.zeros([3], "float32")}
    assert layer.set_state_dict(by_name, use_structured_name=False) == ([], [])
    assert float(layer.weight.abs().sum()) == 0.0


def test_set_state_dict_skips_missing_and_misshapen_entries_with_warnings():
    layer = nn.Linear(2, 3)
    before = layer.weight.numpy().copy()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        missing, unexpected = layer.set_state_dict({"weight": np.zeros([3, 2], "float32"),
                                                    "extra": np.zeros([1])})
    assert missing == ["weight", "bias"] and unexpected == ["weight", "extra"]
    text = " ".join(str(w.message) for w in caught)
    assert "weight receives a shape [3, 2], but the expected shape is [2, 3]" in text
    assert "bias is not found in the provided dict" in text
    np.testing.assert_array_equal(layer.weight.numpy(), before)


def test_set_state_dict_rejects_a_wrong_dtype():
    layer = nn.Linear(2, 3)
    with pytest.raises(TypeError, match="dtype"):
        layer.set_state_dict({"weight": np.zeros([2, 3], "float64"),
                              "bias": np.zeros([3], "float32")})
    with pytest.raises(TypeError):
        layer.set_state_dict([("weight", np.zeros([2, 3]))])


def test_train_and_eval_reach_every_sublayer():
    net = Net()
    assert all(layer.training for layer in net.sublayers(include_self=True))
    assert net.eval() is net
    assert not any(layer.training for layer in net.sublayers(include_self=True))
    net.train()
    assert net.seq[1].training


def test_forward_hooks_change_inputs_and_outputs_until_removed():
    layer = nn.Linear(2, 2, weight_attr=nn.initializer.Constant(1.0))
    calls = []
    pre = layer.register_forward_pre_hook(lambda l, inputs: (inputs[0] * 2,))
    post = layer.register_forward_post_hook(lambda l, inputs, out: calls.append(out.shape) or out + 1)
    x = paddle.ones([1, 2])
    np.testing.assert_array_equal(layer(x).numpy(), [[5.0, 5.0]])
    assert calls == [[1, 2]]
    pre.remove()
    post.remove()
    np.testing.assert_array_equal(layer(x).numpy(), [[2.0, 2.0]])
    with pytest.raises(TypeError):
        layer.register_forward_pre_hook("not callable")


def test_hooks_with_kwargs_prepend_and_always_call():
    class Scale(nn.Layer):
        def forward(self, x, factor=1.0):
            if factor < 0:
                raise ValueError("negative factor")
            return x * factor
    layer = Scale()
    order = []
    layer.register_forward_pre_hook(lambda l, args: order.append("second"))
    layer.register_forward_pre_hook(lambda l, args: order.append("first"), prepend=True)
    layer.register_forward_pre_hook(lambda l, args, kwargs: (args, {"factor": 3.0}),
                                    with_kwargs=True)
    seen = []
    layer.register_forward_post_hook(lambda l, args, kwargs, out: seen.append(kwargs) or out + 1,
                                     with_kwargs=True, always_call=True)
    out = layer(paddle.ones([1]), factor=2.0)
    assert order == ["first", "second"]
    assert out.item() == 4.0 and seen == [{"factor": 3.0}]
    bad = Scale()
    calls = []
    bad.register_forward_post_hook(lambda l, args, out: calls.append(out), always_call=True)
    with pytest.raises(ValueError, match="negative"):
        bad(paddle.ones([1]), factor=-1.0)
    assert calls == [None]
    bad.register_forward_pre_hook(lambda l, args, kwargs: "not a pair", with_kwargs=True)
    with pytest.raises(RuntimeError):
        bad(paddle.ones([1]))


def test_repr_matches_paddlepaddle():
    class Small(nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 4)
            self.conv = nn.Conv2D(2, 3, 3)
            self.bn = nn.BatchNorm2D(3)
            self.seq = nn.Sequential(nn.ReLU(), nn.Linear(4, 2, bias_attr=False))
            self.ln = nn.LayerNorm(4)
            self.emb = nn.Embedding(5, 3, padding_idx=0)
            self.pr = nn.PReLU()
    # Printed by PaddlePaddle 3.3.1 for the same class.
    assert repr(Small()) == """Small(
  (fc): Linear(in_features=3, out_features=4, dtype=float32)
  (conv): Conv2D(2, 3, kernel_size=[3, 3], data_format=NCHW)
  (bn): BatchNorm2D(num_features=3, momentum=0.9, epsilon=1e-05)
  (seq): Sequential(
    (0): ReLU()
    (1): Linear(in_features=4, out_features=2, dtype=float32)
  )
  (ln): LayerNorm(normalized_shape=[4], epsilon=1e-05)
  (emb): Embedding(5, 3, padding_idx=0, sparse=False, scale_grad_by_freq=False)
  (pr): PReLU(num_parameters=1, data_format=NCHW, init=0.25, dtype=float32)
)"""
    assert repr(nn.Conv2D(2, 3, 3, stride=2, padding=1)) == (
        "Conv2D(2, 3, kernel_size=[3, 3], stride=[2, 2], padding=1, data_format=NCHW)")
    assert repr(nn.Dropout(0.3)) == "Dropout(p=0.3, axis=None, mode=upscale_in_train, inplace=False)"
    assert repr(nn.MaxPool2D(2)) == "MaxPool2D(kernel_size=2, stride=None, padding=0)"
    assert repr(nn.BatchNorm1D(3)) == (
        "BatchNorm1D(num_features=3, momentum=0.9, epsilon=1e-05, data_format=NCL)")
    assert repr(nn.Softplus()) == "Softplus(beta=1, threshold=20)"
    assert repr(nn.AdaptiveMaxPool2D(2)) == "AdaptiveMaxPool2D(output_size=2, return_mask=False)"


def test_apply_visits_sublayers_then_self():
    seen = []
    net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ReLU()))
    assert net.apply(lambda layer: seen.append(type(layer).__name__)) is net
    assert seen == ["Linear", "ReLU", "Sequential", "Sequential"]


def test_to_converts_floating_parameters_and_buffers_in_place():
    net = Net()
    weight = net.fc.weight
    values = weight.numpy().astype("float64")
    assert net.to(dtype="float64") is net
    assert net.fc.weight is weight and weight.dtype == paddle.float64
    np.testing.assert_array_equal(weight.numpy(), values)
    assert net.steps.dtype == paddle.float64 and not weight.stop_gradient
    out = net(paddle.rand([2, 3], dtype="float64"))
    assert out.dtype == paddle.float64
    with pytest.raises(TypeError):
        net.to(dtype="int32")
    with pytest.raises(ValueError):
        net.to(device="gpu:0")


def test_float_double_astype_and_excluded_layers():
    net = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1D(2))
    net.double()
    assert {p.dtype for p in net.parameters()} == {paddle.float64}
    net.float(excluded_layers=[nn.BatchNorm1D])
    assert net[0].weight.dtype == paddle.float32 and net[1].weight.dtype == paddle.float64
    net.float(excluded_layers=net[0])
    assert net[1]._mean.dtype == paddle.float32
    assert net.astype("float64")[0].bias.dtype == paddle.float64


def test_lookups_by_dotted_path_and_pytorch_spellings():
    net = nn.Sequential(("block", nn.Sequential(nn.Linear(2, 3))), ("bn", nn.BatchNorm1D(3)))
    net.register_buffer("count", paddle.zeros([1]))
    assert net.get_parameter("block.0.bias") is net.block[0].bias
    assert net.get_sublayer("block.0") is net.block[0] and net.get_sublayer("") is net
    assert net.get_buffer("count") is net.count
    for bad in (lambda: net.get_parameter("block.0.nope"), lambda: net.get_sublayer("missing.0"),
                lambda: net.get_buffer("block.count")):
        with pytest.raises(AttributeError):
            bad()
    assert [n for n, _ in net.named_modules()] == ["", "block", "block.0", "bn"]
    assert list(net.modules())[0] is net
    net.add_module("act", nn.ReLU())
    net.register_parameter("scale", paddle.create_parameter([1], "float32"))
    assert "act" in dict(net.named_children()) and "scale" in dict(net.named_parameters())
    assert net.requires_grad_(False) is net
    assert all(p.stop_gradient for p in net.parameters())
    net.requires_grad_()
    assert not net.block[0].weight.stop_gradient
    layer = nn.Linear(2, 2)
    layer(paddle.ones([1, 2])).sum().backward()
    layer.zero_grad()
    assert layer.weight.grad is None
    out = []
    layer.register_forward_hook(lambda l, inputs, o: out.append(o.shape))
    layer(paddle.ones([3, 2]))
    assert out == [[3, 2]]


def test_clear_gradients_zeroes_or_drops():
    layer = nn.Linear(2, 2)
    layer(paddle.ones([1, 2])).sum().backward()
    assert float(layer.weight.grad.abs().sum()) > 0
    layer.clear_gradients()
    assert float(layer.weight.grad.abs().sum()) == 0
    layer.clear_gradients(set_to_zero=False)
    assert layer.weight.grad is None


def test_add_parameter_sublayer_and_buffer():
    layer = nn.Layer()
    p = paddle.create_parameter([2], "float32")
    assert layer.add_parameter("w", p) is p
    relu = nn.ReLU()
    assert layer.add_sublayer("act", relu) is relu
    layer.register_buffer("kept", paddle.ones([1]))
    layer.register_buffer("temp", paddle.ones([1]), persistable=False)
    assert list(layer.state_dict()) == ["w", "kept"]
    assert [n for n, _ in layer.named_buffers()] == ["kept", "temp"]
    del layer.temp
    assert [n for n, _ in layer.named_buffers()] == ["kept"]
    layer.w = None
    assert layer.parameters() == []
    layer.act = None
    layer.kept = None
    assert layer.sublayers() == [] and layer.buffers() == [] and layer.act is None


@pytest.mark.parametrize("call, error", [
    (lambda l: l.register_buffer(3, paddle.ones([1])), TypeError),
    (lambda l: l.register_buffer("a.b", paddle.ones([1])), KeyError),
    (lambda l: l.register_buffer("", paddle.ones([1])), KeyError),
    (lambda l: l.register_buffer("x", 3), TypeError),
    (lambda l: l.register_buffer("weight", paddle.ones([1])), KeyError),
    (lambda l: l.add_parameter("p", paddle.ones([1])), TypeError),
    (lambda l: l.add_parameter("weight", paddle.create_parameter([1], "float32")), None),
    (lambda l: l.add_sublayer("s", 3), TypeError),
    (lambda l: setattr(l, "weight", paddle.ones([2])), TypeError),
    (lambda l: l.add_sublayer("act", nn.ReLU()) and setattr(l, "act", 3), TypeError),
    (lambda l: l.register_buffer("buf", paddle.ones([1])) or setattr(l, "buf", [1.0]), TypeError),
    (lambda l: l.missing_attribute, AttributeError),
])
def test_bad_registrations_raise_typed_errors(call, error):
    layer = nn.Linear(2, 2)
    if error is None:
        call(layer)  # replacing a registered parameter by name is allowed
    else:
        with pytest.raises(error):
            call(layer)


def test_assigning_before_super_init_is_an_error():
    class Broken(nn.Layer):
        def __init__(self):
            self.fc = nn.Linear(1, 1)
    with pytest.raises(ValueError, match="super"):
        Broken()


def test_forward_must_be_defined():
    with pytest.raises(NotImplementedError):
        nn.Layer()(paddle.ones([1]))


def test_unique_name_guard_restarts_and_restores_the_counters():
    with unique_name.guard():
        assert unique_name.generate("fc") == "fc_0"
        assert unique_name.generate("fc") == "fc_1"
        with unique_name.guard("pre_"):
            assert unique_name.generate("fc") == "pre_fc_0"
        assert unique_name.generate("fc") == "fc_2"
    with pytest.raises(TypeError):
        unique_name.generate(3)


def test_state_dict_destination_and_prefix():
    dest = collections.OrderedDict()
    out = nn.Linear(1, 1).state_dict(destination=dest, structured_name_prefix="m.")
    assert out is dest and list(dest) == ["m.weight", "m.bias"]


def test_state_dict_lists_a_shared_tensor_under_each_name():
    # As PaddlePaddle 3.3.1 does (checked with it): no de-duplication by identity.
    holder = paddle.nn.Layer()
    holder.a = paddle.nn.Linear(2, 2)
    holder.b = paddle.nn.Linear(2, 2)
    holder.b.weight = holder.a.weight
    assert list(holder.state_dict()) == ["a.weight", "a.bias", "b.weight", "b.bias"]
    assert [n for n, _ in holder.named_parameters()] == ["a.weight", "a.bias", "b.bias"]
    twice = paddle.nn.Sequential(holder.a, holder.a)
    assert list(twice.state_dict()) == ["0.weight", "0.bias", "1.weight", "1.bias"]


def test_nn_parameter_from_a_tensor_registers_and_trains():
    # paddle.nn.Parameter is PaddlePaddle's EagerParamBase; given a Tensor it takes its values,
    # the second argument being requires_grad (3.3.1's behaviour, checked by hand there).
    assert nn.Parameter is paddle.base.framework.EagerParamBase
    t = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    p = nn.Parameter(t)
    assert p.trainable and not p.stop_gradient and p.shape == [2, 2]
    np.testing.assert_array_equal(p.numpy(), t.numpy())
    assert not nn.Parameter(t, False).trainable
    assert not nn.Parameter(t, requires_grad=False).trainable

    class Scale(nn.Layer):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(paddle.full([2], 3.0))

        def forward(self, x):
            return x * self.w

    net = Scale()
    assert [n for n, _ in net.named_parameters()] == ["w"]
    net(paddle.to_tensor([1.0, 2.0])).sum().backward()
    np.testing.assert_array_equal(net.w.grad.numpy(), [1.0, 2.0])
    with pytest.raises(TypeError, match=r"\[Parameter\] requires_grad must be a bool"):
        nn.Parameter(t, "yes")
