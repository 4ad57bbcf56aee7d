"""The paddle.vision models that tools/oracle/record_vision_models.py records
with PaddlePaddle 3.3.1 and test_vision_models.py rebuilds, and the seeded
weights and inputs both sides use. Pure numpy, so the recorder can import it."""
import zlib

import numpy as np

# name -> (factory name in paddle.vision.models, keyword arguments)
LAYOUT_CASES = {
    "lenet": ("LeNet", {}),
    "lenet_features": ("LeNet", {"num_classes": 0}),
    "resnet18": ("resnet18", {}),
    "resnet34": ("resnet34", {"num_classes": 10}),
    "resnet50": ("resnet50", {}),
    "resnet18_headless": ("resnet18", {"num_classes": 0, "with_pool": False}),
    "resnext50_32x4d": ("resnext50_32x4d", {}),
    "resnext101_64x4d": ("resnext101_64x4d", {"num_classes": 0}),
    "wide_resnet50_2": ("wide_resnet50_2", {"num_classes": 10}),
    "mobilenet_v1": ("mobilenet_v1", {}),
    "mobilenet_v1_half": ("mobilenet_v1", {"scale": 0.5, "num_classes": 10}),
    "mobilenet_v2": ("mobilenet_v2", {}),
    "mobilenet_v2_half": ("mobilenet_v2", {"scale": 0.5, "num_classes": 10}),
    "mobilenet_v2_wide": ("MobileNetV2", {"scale": 1.4, "num_classes": 0}),
    "mobilenet_v3_small": ("mobilenet_v3_small", {}),
    "mobilenet_v3_large": ("mobilenet_v3_large", {"scale": 0.75, "num_classes": 10}),
    "mobilenet_v3_large_headless": ("MobileNetV3Large", {"num_classes": 0, "with_pool": False}),
    "shufflenet_v2_x1_0": ("shufflenet_v2_x1_0", {}),
    "shufflenet_v2_x0_33": ("shufflenet_v2_x0_33", {"num_classes": 10}),
    "shufflenet_v2_swish": ("shufflenet_v2_swish", {"num_classes": 0, "with_pool": False}),
    "googlenet": ("googlenet", {}),
    "googlenet_features": ("GoogLeNet", {"num_classes": 0, "with_pool": False}),
    "inception_v3": ("inception_v3", {}),
    "densenet121": ("densenet121", {}),
    "densenet161": ("densenet161", {"num_classes": 0, "with_pool": False}),
    "densenet_dropout": ("DenseNet", {"layers": 121, "bn_size": 2, "dropout": 0.2,
                                      "num_classes": 10}),
    "vgg11": ("vgg11", {}),
    "alexnet": ("alexnet", {"num_classes": 10}),
    "alexnet_features": ("AlexNet", {"num_classes": 0}),
    "squeezenet1_0": ("squeezenet1_0", {}),
    "squeezenet1_1": ("squeezenet1_1", {"num_classes": 10, "with_pool": False}),
    "vgg13_bn": ("vgg13", {"batch_norm": True, "num_classes": 0}),
    "vgg16": ("vgg16", {"num_classes": 0}),
    "vgg19_bn": ("vgg19", {"batch_norm": True, "num_classes": 0, "with_pool": False}),
}

# name -> input shape; eval-mode outputs recorded with seeded_state weights
OUTPUT_CASES = {
    "lenet": [2, 1, 28, 28],
    "resnet18": [1, 3, 64, 64],
    "resnext50_32x4d": [1, 3, 32, 32],
    "mobilenet_v1_half": [1, 3, 32, 32],
    "mobilenet_v2_half": [2, 3, 32, 32],
    "vgg13_bn": [1, 3, 32, 32],
    "mobilenet_v3_small": [2, 3, 32, 32],
    "mobilenet_v3_large": [1, 3, 48, 48],
    "shufflenet_v2_x0_33": [2, 3, 32, 32],
    "shufflenet_v2_swish": [1, 3, 64, 64],
    "googlenet": [1, 3, 224, 224],
    "inception_v3": [1, 3, 75, 75],
    "densenet_dropout": [1, 3, 64, 64],
    "alexnet": [1, 3, 224, 224],
    "squeezenet1_0": [1, 3, 64, 64],
    "squeezenet1_1": [2, 3, 48, 48],
}

# cases whose initial weights under paddle.seed(INIT_SEED) are recorded (per key:
# the float64 sum and the first values): the same draws in the same order
INIT_SEED = 2024
INIT_CASES = ["lenet", "resnet18", "resnext50_32x4d", "mobilenet_v1_half", "mobilenet_v2_half",
              "mobilenet_v3_small", "alexnet", "squeezenet1_1", "vgg13_bn",
              "shufflenet_v2_x0_33", "densenet121"]


def init_summary(state_dict):
    """{key: [sum as float64, first four values]} of a state_dict."""
    out = {}
    for key, value in state_dict.items():
        arr = value.numpy()
        out[key] = [float(arr.astype("float64").sum()), arr.ravel()[:4].tolist()]
    return out


def seeded_state(state_shapes):
    """Weights for every state_dict entry, each from a generator seeded by its
    key, scaled by fan-in so activations stay near unit size through deep nets
    (batch norm in eval mode does not renormalise)."""
    out = {}
    for key, shape in state_shapes:
        rng = np.random.default_rng(zlib.crc32(key.encode()))
        if len(shape) == 4:  # conv weight [out, in/groups, kh, kw]
            fan_in = int(np.prod(shape[1:]))
            v = rng.uniform(-1, 1, shape) * np.sqrt(3.0 / fan_in)
        elif len(shape) == 2:  # linear weight [in, out]
            v = rng.uniform(-1, 1, shape) * np.sqrt(3.0 / shape[0])
        elif key.endswith("_variance") or key.endswith(".weight"):
            v = rng.uniform(0.5, 1.5, shape)  # batch-norm variance and scale
        else:
            v = rng.uniform(-0.1, 0.1, shape)  # biases and running means
        out[key] = v.astype("float32")
    return out


def seeded_input(shape, seed=7):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype("float32")
