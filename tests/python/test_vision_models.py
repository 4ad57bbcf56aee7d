"""paddle.vision.models against PaddlePaddle 3.3.1 (recorded by
tools/oracle/record_vision_models.py into tests/data/vision): the same
state_dict keys, parameter names, shapes and dtypes, so PaddlePaddle's
.pdparams load, and with the same seeded weights the same eval-mode outputs."""
import json
import pathlib

import numpy as np
import pytest

import paddle
import paddle.vision.models as models
from paddle.utils import unique_name
from vision_cases import (INIT_CASES, INIT_SEED, LAYOUT_CASES, OUTPUT_CASES, init_summary,
                          seeded_input, seeded_state)

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vision"
LAYOUTS = json.loads((DATA / "model_layouts.json").read_text())
OUTPUTS = np.load(DATA / "model_outputs.npz")
INITS = json.loads((DATA / "model_init.json").read_text())


def _build(name):
    factory, kwargs = LAYOUT_CASES[name]
    with unique_name.guard():
        return getattr(models, factory)(**kwargs)


@pytest.mark.parametrize("name", sorted(LAYOUT_CASES))
def test_state_dict_layout_matches_paddlepaddle(name):
    got = [[k, v.name, list(v.shape), v.dtype.name]
           for k, v in _build(name).state_dict().items()]
    assert got == LAYOUTS[name]


@pytest.mark.parametrize("name", sorted(OUTPUT_CASES))
def test_eval_output_matches_paddlepaddle(name):
    model = _build(name)
    state = seeded_state([(k, list(v.shape)) for k, v in model.state_dict().items()])
    model.set_state_dict({k: paddle.to_tensor(a) for k, a in state.items()})
    model.eval()
    with paddle.no_grad():
        out = model(paddle.to_tensor(seeded_input(OUTPUT_CASES[name])))
    out = np.stack([o.numpy() for o in out]) if isinstance(out, tuple) else out.numpy()
    np.testing.assert_allclose(out, OUTPUTS[name], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("name", INIT_CASES)
def test_seeded_initial_weights_match_paddlepaddle(name):
    paddle.seed(INIT_SEED)
    got = init_summary(_build(name).state_dict())
    want = INITS[name]
    assert list(got) == list(want)
    for key, (total, first) in want.items():
        np.testing.assert_allclose(got[key][1], first, rtol=1e-6, atol=1e-7, err_msg=key)
        np.testing.assert_allclose(got[key][0], total, rtol=1e-5, atol=1e-4, err_msg=key)


def test_lenet_loads_paddlepaddle_pdparams():
    model = models.LeNet()
    model.set_state_dict(paddle.load(str(DATA / "lenet_seeded.pdparams")))
    model.eval()
    out = model(paddle.to_tensor(seeded_input(OUTPUT_CASES["lenet"]))).numpy()
    np.testing.assert_allclose(out, OUTPUTS["lenet"], rtol=1e-4, atol=1e-4)


def test_training_step_reaches_every_parameter():
    model = models.mobilenet_v2(scale=0.25, num_classes=3)
    model.train()
    loss = model(paddle.to_tensor(seeded_input([2, 3, 32, 32]))).sum()
    loss.backward()
    trainable = [(n, p) for n, p in model.named_parameters() if not p.stop_gradient]
    assert len(trainable) == 158  # conv weights, batch-norm scales/shifts, the Linear
    for name, p in trainable:
        assert p.grad is not None, name
        assert list(p.grad.shape) == list(p.shape), name


def test_lenet_gradient_matches_finite_difference():
    model = models.LeNet()
    x = paddle.to_tensor(seeded_input([1, 1, 28, 28]))
    bias = model.fc[2].bias
    model(x).square().sum().backward()
    analytic = bias.grad.numpy()
    base = bias.numpy().copy()
    numeric = np.zeros_like(base)
    eps = 1e-2
    for i in range(base.size):
        for sign in (1, -1):
            shifted = base.copy()
            shifted[i] += sign * eps
            state = {k: paddle.to_tensor(v.numpy()) for k, v in model.state_dict().items()}
            state["fc.2.bias"] = paddle.to_tensor(shifted)
            model.set_state_dict(state)
            numeric[i] += sign * float(model(x).square().sum()) / (2 * eps)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-2, atol=1e-3)


def test_headless_models_return_feature_maps():
    x = paddle.to_tensor(seeded_input([1, 3, 64, 64]))
    assert models.resnet18(num_classes=0, with_pool=False)(x).shape == [1, 512, 2, 2]
    assert models.resnet18(num_classes=0)(x).shape == [1, 512, 1, 1]
    assert models.LeNet(num_classes=0)(paddle.rand([1, 1, 28, 28])).shape == [1, 16, 5, 5]
    assert models.mobilenet_v1(scale=0.25, num_classes=0)(x).shape == [1, 256, 1, 1]


@pytest.mark.parametrize("factory", ["resnet18", "resnet34", "resnet50", "resnet101",
                                     "resnet152", "resnext50_32x4d", "resnext50_64x4d",
                                     "resnext101_32x4d", "resnext101_64x4d", "resnext152_32x4d",
                                     "resnext152_64x4d", "wide_resnet50_2", "wide_resnet101_2",
                                     "vgg11", "vgg13", "vgg16", "vgg19",
                                     "mobilenet_v1", "mobilenet_v2", "alexnet",
                                     "squeezenet1_0", "squeezenet1_1", "mobilenet_v3_small",
                                     "mobilenet_v3_large", "shufflenet_v2_x0_25",
                                     "shufflenet_v2_swish", "googlenet", "inception_v3",
                                     "densenet121", "densenet161", "densenet169",
                                     "densenet201", "densenet264"])
def test_pretrained_weights_are_refused(factory):
    with pytest.raises(RuntimeError, match="pretrained=True"):
        getattr(models, factory)(pretrained=True)


def test_bad_arguments_raise():
    from paddle.vision.models.mobilenetv2 import InvertedResidual
    from paddle.vision.models.resnet import BasicBlock
    with pytest.raises(ValueError, match="depth"):
        models.ResNet(BasicBlock, depth=20)
    with pytest.raises(NotImplementedError, match="Dilation"):
        BasicBlock(8, 8, dilation=2)
    with pytest.raises(ValueError, match="stride"):
        InvertedResidual(8, 8, 3, 6)
    with pytest.raises(ValueError, match="supported versions"):
        models.SqueezeNet("1.2")
    from paddle.vision.models.mobilenetv3 import InvertedResidualConfig
    with pytest.raises(RuntimeError, match="activation function is not supported"):
        InvertedResidualConfig(16, 3, 16, 16, True, "gelu", 1)
    with pytest.raises(ValueError, match="supported layers"):
        models.DenseNet(layers=100)
    with pytest.raises(NotImplementedError, match="scale"):
        models.ShuffleNetV2(scale=0.75)
    with pytest.raises(RuntimeError, match="activation function is not supported"):
        models.ShuffleNetV2(act="gelu")
