"""paddle.vision.transforms: callable image transforms (numpy HWC arrays, PIL
images, CHW Tensors) that can be chained with Compose. Random ones draw from
Python's `random` (and numpy's for RandomResizedCrop), as PaddlePaddle does,
so random.seed / numpy.random.seed make them repeatable."""
import math
import numbers
import random
from collections.abc import Sequence

import numpy as np

from . import functional as F

__all__ = ["BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop",
           "RandomHorizontalFlip", "RandomVerticalFlip", "Transpose", "Normalize",
           "BrightnessTransform", "ContrastTransform", "RandomCrop", "Pad", "Grayscale",
           "ToTensor", "RandomErasing", "SaturationTransform", "HueTransform", "ColorJitter",
           "RandomRotation", "RandomAffine", "RandomPerspective"]

_PAD_MODES = ("constant", "edge", "reflect", "symmetric")


def _image_size(img):
    """(width, height), the order PaddlePaddle's crop parameters use."""
    h, w = F._size_hw(img)
    return w, h


def _pair(size, name):
    if isinstance(size, numbers.Integral):
        return int(size), int(size)
    if isinstance(size, Sequence) and len(size) == 2:
        return int(size[0]), int(size[1])
    raise TypeError(f"{name}: size must be an int or a (height, width) pair, got {size!r}")


class Compose:
    """Applies transforms one after another.

    Args:
        transforms (list|tuple): The transforms (callables) to apply, first to last; each
            gets the previous one's output.

    Returns:
        callable: Called with data, returns the last transform's output.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Compose, Resize, ToTensor
        >>> t = Compose([Resize((8, 8)), ToTensor()])
        >>> t(np.zeros((16, 16, 3), "uint8")).shape
        paddle.Size([3, 8, 8])
    """

    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, data):
        for f in self.transforms:
            data = f(data)
        return data

    def __repr__(self):
        inner = "".join(f"\n    {t}" for t in self.transforms)
        return f"{type(self).__name__}({inner}\n)"


class BaseTransform:
    """Base of the transforms: calls `_apply_<key>` for each input of a tuple,
    with keys naming the inputs (default ('image',)); inputs past the keys pass
    through. `_get_params` runs once per call so random choices are shared by
    every input (an image and its mask are cropped alike).

    Args:
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with an input or a tuple of inputs, returns the transformed input,
            or a tuple of the transformed inputs followed by those past the keys.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import BaseTransform
        >>> class AddOne(BaseTransform):
        ...     def _apply_image(self, image):
        ...         return image + 1
        >>> AddOne()((np.zeros(2), "label"))[0].tolist()
        [1.0, 1.0]
    """

    def __init__(self, keys=None):
        if keys is None:
            keys = ("image",)
        elif not isinstance(keys, Sequence):
            raise ValueError(f"keys should be a sequence, but got keys={keys}")
        for k in keys:
            if self._get_apply(k) is None:
                raise NotImplementedError(f"{k} is unsupported data structure")
        self.keys = keys
        self.params = None

    def _get_params(self, inputs):
        return None

    def __call__(self, inputs):
        if not isinstance(inputs, tuple):
            inputs = (inputs,)
        self.params = self._get_params(inputs)
        outputs = [self._get_apply(key)(x) for key, x in zip(self.keys, inputs)]
        outputs.extend(inputs[len(self.keys):])
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _get_apply(self, key):
        return getattr(self, f"_apply_{key}", None)

    def _apply_image(self, image):
        raise NotImplementedError


class ToTensor(BaseTransform):
    """A numpy HWC array or PIL image as a Tensor: CHW (or HWC with data_format),
    uint8 scaled to [0, 1] float32. See functional.to_tensor.

    Args:
        data_format (str, optional): The output layout, 'CHW' (the default) or 'HWC'; other
            values raise ValueError when called.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns a
            Tensor (float32 in [0, 1] for uint8 input).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ToTensor
        >>> ToTensor()(np.zeros((4, 5, 3), "uint8")).shape
        paddle.Size([3, 4, 5])
    """

    def __init__(self, data_format="CHW", keys=None):
        super().__init__(keys)
        self.data_format = data_format

    def _apply_image(self, img):
        return F.to_tensor(img, self.data_format)


class Resize(BaseTransform):
    """Resizes to size (h, w), or the shorter side to an int size keeping the
    aspect ratio. See functional.resize.

    Args:
        size (int|list|tuple): The output (height, width), or an int for the shorter side,
            the longer one scaled to keep the aspect ratio; anything else raises TypeError.
        interpolation (str, optional): 'bilinear' (the default), 'nearest' or 'bicubic'
            (numpy arrays); Tensors take 'nearest' and 'bilinear', PIL images also 'box',
            'lanczos' and 'hamming'.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns the
            resized image of the same kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Resize
        >>> Resize((4, 6))(np.zeros((8, 8, 3), "uint8")).shape
        (4, 6, 3)
    """

    def __init__(self, size, interpolation="bilinear", keys=None):
        super().__init__(keys)
        if not (isinstance(size, numbers.Integral)
                or (isinstance(size, Sequence) and len(size) == 2)):
            raise TypeError(f"Resize: size must be an int or a (height, width) pair, "
                            f"got {size!r}")
        self.size = size
        self.interpolation = interpolation

    def _apply_image(self, img):
        return F.resize(img, self.size, self.interpolation)


class RandomResizedCrop(BaseTransform):
    """Crops a random region (area a fraction in `scale` of the image, aspect
    ratio in `ratio`, log-uniform) and resizes it to size. After 10 failed
    draws it takes the central crop with the ratio clamped into `ratio`.

    Args:
        size (int|list|tuple): The output (height, width), or an int for a square.
        scale (list|tuple, optional): The (min, max) fraction of the image's area to crop;
            min > max raises ValueError. Default (0.08, 1.0).
        ratio (list|tuple, optional): The (min, max) aspect ratio (width / height) of the
            crop; min > max raises ValueError. Default (3/4, 4/3).
        interpolation (str, optional): The resize method, 'bilinear' (the default),
            'nearest' or 'bicubic'; see Resize.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns the
            resized crop of the same kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomResizedCrop
        >>> RandomResizedCrop(8)(np.zeros((20, 30, 3), "uint8")).shape
        (8, 8, 3)
    """

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4, 4.0 / 3),
                 interpolation="bilinear", keys=None):
        super().__init__(keys)
        self.size = _pair(size, "RandomResizedCrop")
        if scale[0] > scale[1]:
            raise ValueError(f"scale should be of kind (min, max), got {scale}")
        if ratio[0] > ratio[1]:
            raise ValueError(f"ratio should be of kind (min, max), got {ratio}")
        self.scale = scale
        self.ratio = ratio
        self.interpolation = interpolation

    def _get_param(self, image, attempts=10):
        width, height = _image_size(image)
        area = height * width
        log_ratio = (math.log(self.ratio[0]), math.log(self.ratio[1]))
        for _ in range(attempts):
            target_area = np.random.uniform(*self.scale) * area
            aspect_ratio = math.exp(np.random.uniform(*log_ratio))
            w = int(round(math.sqrt(target_area * aspect_ratio)))
            h = int(round(math.sqrt(target_area / aspect_ratio)))
            if 0 < w <= width and 0 < h <= height:
                return random.randint(0, height - h), random.randint(0, width - w), h, w
        in_ratio = width / height
        w, h = width, height
        if in_ratio < min(self.ratio):
            h = int(round(w / min(self.ratio)))
        elif in_ratio > max(self.ratio):
            w = int(round(h * max(self.ratio)))
        return (height - h) // 2, (width - w) // 2, h, w

    def _apply_image(self, img):
        i, j, h, w = self._get_param(img)
        return F.resize(F.crop(img, i, j, h, w), self.size, self.interpolation)


class CenterCrop(BaseTransform):
    """The central size (int or (h, w)) region.

    Args:
        size (int|list|tuple): The crop's (height, width), or an int for a square crop;
            anything else raises TypeError.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns its
            central region.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import CenterCrop
        >>> CenterCrop(2)(np.zeros((5, 5, 1))).shape
        (2, 2, 1)
    """

    def __init__(self, size, keys=None):
        super().__init__(keys)
        self.size = _pair(size, "CenterCrop")

    def _apply_image(self, img):
        return F.center_crop(img, self.size)


def _check_prob(prob, name):
    if not 0 <= prob <= 1:
        raise ValueError(f"{name}: probability must be between 0 and 1, got {prob}")
    return prob


class RandomHorizontalFlip(BaseTransform):
    """Mirrors left to right with probability prob (random.random() < prob).

    Args:
        prob (float, optional): The probability of flipping, in [0, 1] (else ValueError).
            Default 0.5.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns it
            flipped or unchanged.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomHorizontalFlip
        >>> RandomHorizontalFlip(1.0)(np.array([[1, 2]])).tolist()
        [[2, 1]]
    """

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        self.prob = _check_prob(prob, "RandomHorizontalFlip")

    def _apply_image(self, img):
        return F.hflip(img) if random.random() < self.prob else img


class RandomVerticalFlip(BaseTransform):
    """Mirrors top to bottom with probability prob (random.random() < prob).

    Args:
        prob (float, optional): The probability of flipping, in [0, 1] (else ValueError).
            Default 0.5.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns it
            flipped or unchanged.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomVerticalFlip
        >>> RandomVerticalFlip(1.0)(np.array([[1], [2]])).tolist()
        [[2], [1]]
    """

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        self.prob = _check_prob(prob, "RandomVerticalFlip")

    def _apply_image(self, img):
        return F.vflip(img) if random.random() < self.prob else img


class Transpose(BaseTransform):
    """Permutes the axes (default HWC to CHW); a 2-D array gets a channel axis
    first. Tensors are transposed too.

    Args:
        order (list|tuple, optional): The permutation of the axes; (2, 0, 1), the default,
            turns HWC into CHW.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy array, a PIL image (as an array) or a Tensor, returns
            it with its axes permuted (a numpy array, or a Tensor for a Tensor).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Transpose
        >>> Transpose()(np.zeros((4, 5, 3))).shape
        (3, 4, 5)
    """

    def __init__(self, order=(2, 0, 1), keys=None):
        super().__init__(keys)
        self.order = order

    def _apply_image(self, img):
        if F._is_tensor_image(img):
            return img.transpose(list(self.order))
        if F._is_pil_image(img):
            img = np.asarray(img)
        if not isinstance(img, np.ndarray):
            raise TypeError(f"Transpose: img should be an ndarray, PIL Image or Tensor, "
                            f"got {type(img)}")
        if img.ndim == 2:
            img = img[..., np.newaxis]
        return img.transpose(self.order)


class Normalize(BaseTransform):
    """(img - mean) / std per channel; a number for mean or std is used for all
    three channels. See functional.normalize.

    Args:
        mean (float|list|tuple, optional): The per-channel mean; a number is used for all
            three channels. Default 0.0.
        std (float|list|tuple, optional): The per-channel standard deviation; a number is
            used for all three channels. Default 1.0.
        data_format (str, optional): Where the channels are, 'CHW' (the default) or 'HWC';
            other values raise ValueError.
        to_rgb (bool, optional): Reverse the channel order (BGR to RGB) first. Default False.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with an image, returns it normalized: a Tensor stays a Tensor, a
            numpy array or PIL image becomes a float32 numpy array.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Normalize
        >>> Normalize(mean=127.5, std=127.5)(np.full((3, 1, 1), 255.0)).ravel().tolist()
        [1.0, 1.0, 1.0]
    """

    def __init__(self, mean=0.0, std=1.0, data_format="CHW", to_rgb=False, keys=None):
        super().__init__(keys)
        if isinstance(mean, numbers.Number):
            mean = [mean, mean, mean]
        if isinstance(std, numbers.Number):
            std = [std, std, std]
        if data_format not in ("CHW", "HWC"):
            raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
        self.mean = mean
        self.std = std
        self.data_format = data_format
        self.to_rgb = to_rgb

    def _apply_image(self, img):
        return F.normalize(img, self.mean, self.std, self.data_format, self.to_rgb)


def _check_padding(padding, fill, padding_mode, name):
    if not isinstance(padding, (numbers.Number, list, tuple)):
        raise TypeError(f"{name}: padding must be an int or a sequence, got {padding!r}")
    if isinstance(padding, (list, tuple)) and len(padding) not in (2, 4):
        raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                         f"{len(padding)} element tuple")
    if not isinstance(fill, (numbers.Number, str, list, tuple)):
        raise TypeError(f"{name}: fill must be a number or a sequence, got {fill!r}")
    if padding_mode not in _PAD_MODES:
        raise ValueError(f"{name}: padding_mode should be one of {list(_PAD_MODES)}, "
                         f"got {padding_mode!r}")
    return tuple(padding) if isinstance(padding, list) else padding


class RandomCrop(BaseTransform):
    """Crops a random size (int or (h, w)) region, after padding by `padding`
    (see functional.pad) and, with pad_if_needed, padding a too small image up
    to size (on the right/bottom and left/top alike).

    Args:
        size (int|list|tuple): The crop's (height, width), or an int for a square crop.
        padding (int|list|tuple, optional): Padding added first (see functional.pad: an int
            for all sides, 2 values for left/right and top/bottom, or 4 values); None (the
            default) adds none.
        pad_if_needed (bool, optional): Pad an image smaller than size up to size instead of
            raising ValueError. Default False.
        fill (int|float|tuple, optional): The value of padded pixels in 'constant' mode.
            Default 0.
        padding_mode (str, optional): 'constant' (the default), 'edge', 'reflect' or
            'symmetric'.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns the
            cropped region.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomCrop
        >>> RandomCrop(6, padding=2)(np.zeros((4, 4, 3), "uint8")).shape
        (6, 6, 3)
    """

    def __init__(self, size, padding=None, pad_if_needed=False, fill=0,
                 padding_mode="constant", keys=None):
        super().__init__(keys)
        self.size = _pair(size, "RandomCrop")
        if padding is not None:
            padding = _check_padding(padding, fill, padding_mode, "RandomCrop")
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.fill = fill
        self.padding_mode = padding_mode

    def _get_param(self, img, output_size):
        w, h = _image_size(img)
        th, tw = output_size
        if w == tw and h == th:
            return 0, 0, h, w
        if h < th or w < tw:
            raise ValueError(f"RandomCrop: crop size {output_size} is larger than the image "
                             f"({h}, {w}); set padding or pad_if_needed=True")
        return random.randint(0, h - th), random.randint(0, w - tw), th, tw

    def _apply_image(self, img):
        if self.padding is not None:
            img = F.pad(img, self.padding, self.fill, self.padding_mode)
        w, h = _image_size(img)
        if self.pad_if_needed and w < self.size[1]:
            img = F.pad(img, (self.size[1] - w, 0), self.fill, self.padding_mode)
        if self.pad_if_needed and h < self.size[0]:
            img = F.pad(img, (0, self.size[0] - h), self.fill, self.padding_mode)
        i, j, h, w = self._get_param(img, self.size)
        return F.crop(img, i, j, h, w)


class Pad(BaseTransform):
    """Pads the borders; see functional.pad for padding, fill and padding_mode.

    Args:
        padding (int|list|tuple): An int for all four sides, (left/right, top/bottom), or
            (left, top, right, bottom); another length raises ValueError.
        fill (int|float|tuple, optional): The value of padded pixels in 'constant' mode.
            Default 0.
        padding_mode (str, optional): 'constant' (the default), 'edge' (repeat the border),
            'reflect' (mirror without the border) or 'symmetric' (mirror with it).
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns the
            padded image of the same kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Pad
        >>> Pad(1, padding_mode="edge")(np.zeros((2, 3, 3), "uint8")).shape
        (4, 5, 3)
    """

    def __init__(self, padding, fill=0, padding_mode="constant", keys=None):
        padding = _check_padding(padding, fill, padding_mode, "Pad")
        super().__init__(keys)
        self.padding = padding
        self.fill = tuple(fill) if isinstance(fill, list) else fill
        self.padding_mode = padding_mode

    def _apply_image(self, img):
        return F.pad(img, self.padding, self.fill, self.padding_mode)


def _factor_range(value, name, center=1, bound=(0, float("inf"))):
    """[low, high] for a random factor: a number v means [center - v, center + v]
    (low clipped at 0 when center is 1), a pair within bound is taken as is;
    None when the range is just the center (nothing to do)."""
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"If {name} is a single number, it must be non negative.")
        value = [center - value, center + value]
        if center == 1:
            value[0] = max(value[0], 0)
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        if not bound[0] <= value[0] <= value[1] <= bound[1]:
            raise ValueError(f"{name} values should be between {bound}, low first, "
                             f"got {value}")
        value = list(value)
    else:
        raise TypeError(f"{name} should be a single number or a list/tuple with length 2.")
    return None if value[0] == value[1] == center else value


class _RandomFactorTransform(BaseTransform):
    """Applies `_adjust(img, factor)` with a factor drawn uniformly
    (random.uniform) from the range `_factor_range` made of value."""

    _name = ""
    _center, _bound = 1, (0, float("inf"))

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _factor_range(value, self._name, self._center, self._bound)

    def _apply_image(self, img):
        if self.value is None:
            return img
        return self._adjust(img, random.uniform(*self.value))


class BrightnessTransform(_RandomFactorTransform):
    """Brightness scaled by a factor drawn uniformly (random.uniform) from
    [max(0, 1 - value), 1 + value], or from value given as (low, high).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import BrightnessTransform
        >>> BrightnessTransform(0.4)(np.full((2, 2, 3), 100, "uint8")).shape
        (2, 2, 3)
    """

    _name = "brightness"
    _adjust = staticmethod(F.adjust_brightness)


class ContrastTransform(_RandomFactorTransform):
    """Contrast scaled by a factor drawn uniformly (random.uniform) from
    [max(0, 1 - value), 1 + value], or from value given as (low, high).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ContrastTransform
        >>> ContrastTransform(0.0)(np.full((2, 2, 3), 100, "uint8"))[0, 0].tolist()
        [100, 100, 100]
    """

    _name = "contrast"
    _adjust = staticmethod(F.adjust_contrast)


class SaturationTransform(_RandomFactorTransform):
    """Saturation scaled by a factor drawn uniformly (random.uniform) from
    [max(0, 1 - value), 1 + value], or from value given as (low, high).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import SaturationTransform
        >>> SaturationTransform(0.4)(np.full((2, 2, 3), 100, "uint8")).shape
        (2, 2, 3)
    """

    _name = "saturation"
    _adjust = staticmethod(F.adjust_saturation)


class HueTransform(_RandomFactorTransform):
    """Hue rotated by a factor drawn uniformly (random.uniform) from
    [-value, value] (value at most 0.5), or from value given as (low, high)
    within [-0.5, 0.5].

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import HueTransform
        >>> HueTransform(0.1)(np.full((2, 2, 3), 100, "uint8")).shape
        (2, 2, 3)
    """

    _name = "hue"
    _center, _bound = 0, (-0.5, 0.5)
    _adjust = staticmethod(F.adjust_hue)


class ColorJitter(BaseTransform):
    """Brightness, contrast, saturation and hue jitter (see the four
    transforms) applied in a random order (random.shuffle) on each call.

    Args:
        brightness (float|list|tuple, optional): The brightness jitter, see
            BrightnessTransform; 0 (the default) leaves it.
        contrast (float|list|tuple, optional): The contrast jitter, see ContrastTransform;
            0 (the default) leaves it.
        saturation (float|list|tuple, optional): The saturation jitter, see
            SaturationTransform; 0 (the default) leaves it.
        hue (float|list|tuple, optional): The hue jitter, at most 0.5, see HueTransform;
            0 (the default) leaves it.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns the
            jittered image of the same kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import ColorJitter
        >>> ColorJitter(0.4, 0.4, 0.4, 0.1)(np.full((2, 2, 3), 100, "uint8")).shape
        (2, 2, 3)
    """

    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0, keys=None):
        super().__init__(keys)
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.hue = hue

    def _apply_image(self, img):
        transforms = [BrightnessTransform(self.brightness, self.keys),
                      ContrastTransform(self.contrast, self.keys),
                      SaturationTransform(self.saturation, self.keys),
                      HueTransform(self.hue, self.keys)]
        random.shuffle(transforms)
        return Compose(transforms)(img)


class Grayscale(BaseTransform):
    """An RGB image as gray with num_output_channels (1 or 3) channels; see
    functional.to_grayscale.

    Args:
        num_output_channels (int, optional): 1 (the default) or 3 identical channels; other
            values raise ValueError.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with an RGB a numpy HWC array, a PIL image or a CHW Tensor, returns
            the gray image of the same kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import Grayscale
        >>> Grayscale()(np.zeros((4, 5, 3), "uint8")).shape
        (4, 5, 1)
    """

    def __init__(self, num_output_channels=1, keys=None):
        super().__init__(keys)
        if num_output_channels not in (1, 3):
            raise ValueError("num_output_channels should be either 1 or 3, "
                             f"got {num_output_channels}")
        self.num_output_channels = num_output_channels

    def _apply_image(self, img):
        return F.to_grayscale(img, self.num_output_channels)


class RandomErasing(BaseTransform):
    """With probability prob (random.random() < prob) erases a random rectangle:
    its area a fraction in `scale` of the image, its aspect ratio log-uniform in
    `ratio` (numpy.random draws), up to 10 tries to fit strictly inside. value:
    a number, one per channel, or 'random' (normal noise: times 255 for numpy
    arrays, paddle.normal for Tensors). Images are numpy HWC, PIL or CHW Tensors.

    Args:
        prob (float, optional): The probability of erasing, in [0, 1]. Default 0.5.
        scale (list|tuple, optional): The (min, max) fraction of the image's area to erase,
            within [0, 1]. Default (0.02, 0.33).
        ratio (list|tuple, optional): The (min, max) aspect ratio of the erased region.
            Default (0.3, 3.3).
        value (int|float|list|tuple|str, optional): The fill: a number, one value per
            channel (1 or 3 values), or 'random' for normal noise. Default 0.
        inplace (bool, optional): Erase numpy arrays and Tensors in place. Default False.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array, a PIL image or a CHW Tensor, returns it
            with the region erased (or unchanged).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomErasing
        >>> out = RandomErasing(prob=1.0, value=0)(np.ones((8, 8, 3), "uint8"))
        >>> bool((out == 0).any()), out.shape
        (True, (8, 8, 3))
    """

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False,
                 keys=None):
        super().__init__(keys)
        if not isinstance(scale, (tuple, list)) or not 0 <= scale[0] <= scale[1] <= 1:
            raise ValueError(f"scale should be of kind (min, max) and in range [0, 1], "
                             f"got {scale}")
        if not isinstance(ratio, (tuple, list)) or not 0 <= ratio[0] <= ratio[1]:
            raise ValueError(f"ratio should be of kind (min, max), got {ratio}")
        _check_prob(prob, "RandomErasing")
        if not isinstance(value, (numbers.Number, str, tuple, list)):
            raise TypeError(f"value should be a number, tuple, list or str, got {value!r}")
        if isinstance(value, str) and value != "random":
            raise ValueError("value must be 'random' when type is str")
        if isinstance(value, (tuple, list)) and len(value) not in (1, 3):
            raise ValueError("Value should be a single number or a sequence with length "
                             "equals to image's channel.")
        self.prob = prob
        self.scale = scale
        self.ratio = ratio
        self.value = value
        self.inplace = inplace

    def _get_param(self, img, value):
        """(top, left, height, width, fill); the whole image and itself when no
        draw fits, so that erasing changes nothing."""
        if F._is_tensor_image(img):
            c, h, w = img.shape[-3:]
        else:
            h, w, c = np.asarray(img).shape[-3:]
        log_ratio = np.log(self.ratio)
        for _ in range(10):
            area = np.random.uniform(*self.scale) * h * w
            aspect = np.exp(np.random.uniform(*log_ratio))
            eh, ew = int(round(np.sqrt(area * aspect))), int(round(np.sqrt(area / aspect)))
            if eh >= h or ew >= w:
                continue
            if F._is_tensor_image(img):
                from ... import tensor as _tensor
                fill = (_tensor.normal(shape=[c, eh, ew]).astype(img.dtype) if value is None
                        else _tensor.to_tensor(value, dtype=img.dtype)[:, None, None])
            else:
                fill = (np.random.normal(size=[eh, ew, c]) * 255 if value is None
                        else np.array(value)[None, None, :])
            top = np.random.randint(0, h - eh + 1)
            left = np.random.randint(0, w - ew + 1)
            return top, left, eh, ew, fill
        return 0, 0, h, w, img

    def _apply_image(self, img):
        if random.random() >= self.prob:
            return img
        value = (None if isinstance(self.value, str)
                 else [self.value] if isinstance(self.value, numbers.Number) else self.value)
        top, left, h, w, fill = self._get_param(img, value)
        return F.erase(img, top, left, h, w, fill, self.inplace)


class RandomRotation(BaseTransform):
    """Rotates by an angle drawn uniformly (random.uniform) from degrees, a
    (min, max) pair or a number d for (-d, d); see functional.rotate for
    interpolation, expand, center and fill.

    Args:
        degrees (int|float|list|tuple): The (min, max) angle range in degrees, or a number d
            for (-d, d); a negative number or another length raises ValueError.
        interpolation (str, optional): 'nearest' (the default), 'bilinear' or 'bicubic'
            (also 'box', 'lanczos', 'hamming' when applied).
        expand (bool, optional): Grow the output to hold the whole rotated image. Default
            False.
        center (list|tuple, optional): The (x, y) centre of rotation; None (the default)
            means the image centre.
        fill (int|float|tuple, optional): The value of uncovered pixels (one per channel,
            or one for all). Default 0.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array or a PIL image, returns the rotated image of
            the same kind (Tensors raise TypeError).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomRotation
        >>> RandomRotation(15)(np.zeros((4, 6, 3), "uint8")).shape
        (4, 6, 3)
    """

    def __init__(self, degrees, interpolation="nearest", expand=False, center=None, fill=0,
                 keys=None):
        if isinstance(degrees, numbers.Number):
            if degrees < 0:
                raise ValueError("If degrees is a single number, it must be positive.")
            degrees = (-degrees, degrees)
        elif not isinstance(degrees, Sequence) or len(degrees) != 2:
            raise ValueError("If degrees is a sequence, it must be of len 2.")
        super().__init__(keys)
        self.degrees = degrees
        self.interpolation = interpolation
        self.expand = expand
        self.center = center
        self.fill = fill

    def _apply_image(self, img):
        angle = random.uniform(self.degrees[0], self.degrees[1])
        return F.rotate(img, angle, self.interpolation, self.expand, self.center, self.fill)


def _angle_range(value, name, sizes=(2,)):
    """A number d as [-d, d], or a sequence of one of sizes lengths, as floats."""
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"If {name} is a single number, it must be positive.")
        return [-float(value), float(value)]
    if not isinstance(value, Sequence) or len(value) not in sizes:
        raise ValueError(f"{name} should be a number or a sequence of length "
                         f"{' or '.join(map(str, sizes))}, got {value!r}")
    return [float(v) for v in value]


class RandomAffine(BaseTransform):
    """A random affine warp: angle from degrees, translation up to translate
    (fractions of width and height, whole pixels), scale from the scale range,
    shear x (and y with four values) from shear; each drawn with random.uniform.
    See functional.affine.

    Args:
        degrees (int|float|list|tuple): The (min, max) rotation in degrees, or a number d for
            (-d, d).
        translate (list|tuple, optional): The largest (dx, dy) shift as fractions of the
            width and height, each in [0, 1]; None (the default) does not translate.
        scale (list|tuple, optional): The (min, max) positive scale factor; None (the
            default) keeps the scale.
        shear (int|float|list|tuple, optional): A number d for an x shear in (-d, d), (min,
            max) for x, or 4 values for x then y, in degrees; None (the default) no shear.
        interpolation (str, optional): 'nearest' (the default), 'bilinear' or 'bicubic';
            others raise ValueError.
        fill (int|float|tuple, optional): The value of uncovered pixels (one per channel,
            or one for all). Default 0.
        center (list|tuple, optional): The (x, y) centre of the warp; None (the default)
            means the image centre.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array or a PIL image, returns the warped image of
            the same kind and size (Tensors raise TypeError).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomAffine
        >>> t = RandomAffine(15, translate=(0.1, 0.1), scale=(0.9, 1.1))
        >>> t(np.zeros((8, 8, 3), "uint8")).shape
        (8, 8, 3)
    """

    def __init__(self, degrees, translate=None, scale=None, shear=None, interpolation="nearest",
                 fill=0, center=None, keys=None):
        self.degrees = _angle_range(degrees, "degrees")
        super().__init__(keys)
        if interpolation not in ("nearest", "bilinear", "bicubic"):
            raise ValueError(f"RandomAffine: interpolation must be 'nearest', 'bilinear' or "
                             f"'bicubic', got {interpolation!r}")
        if translate is not None and (len(translate) != 2
                                      or not all(0.0 <= t <= 1.0 for t in translate)):
            raise ValueError(f"translate should be two values between 0 and 1, got {translate}")
        if scale is not None and (len(scale) != 2 or not all(s > 0 for s in scale)):
            raise ValueError(f"scale should be two positive values, got {scale}")
        if center is not None and len(center) != 2:
            raise ValueError(f"center should be a sequence of length 2, got {center}")
        if fill is not None and not isinstance(fill, (Sequence, numbers.Number)):
            raise TypeError("Fill should be either a sequence or a number.")
        self.interpolation = interpolation
        self.translate = translate
        self.scale = scale
        self.shear = None if shear is None else _angle_range(shear, "shear", (2, 4))
        self.fill = 0 if fill is None else fill
        self.center = center

    def _get_param(self, img_size):
        angle = random.uniform(*self.degrees)
        translations = (0, 0)
        if self.translate is not None:
            max_dx = float(self.translate[0] * img_size[0])
            max_dy = float(self.translate[1] * img_size[1])
            translations = (int(random.uniform(-max_dx, max_dx)),
                            int(random.uniform(-max_dy, max_dy)))
        scale = 1.0 if self.scale is None else random.uniform(*self.scale)
        shear = [0.0, 0.0]
        if self.shear is not None:
            shear[0] = random.uniform(self.shear[0], self.shear[1])
            if len(self.shear) == 4:
                shear[1] = random.uniform(self.shear[2], self.shear[3])
        return angle, translations, scale, shear

    def _apply_image(self, img):
        angle, translations, scale, shear = self._get_param(_image_size(img))
        return F.affine(img, angle, translations, scale, shear, interpolation=self.interpolation,
                        fill=self.fill, center=self.center)


class RandomPerspective(BaseTransform):
    """With probability prob, a perspective warp moving each corner inwards by up
    to distortion_scale of half the width / height (random.uniform draws).

    Args:
        prob (float, optional): The probability of warping, in [0, 1]. Default 0.5.
        distortion_scale (float, optional): How far the corners may move, in [0, 1], as a
            fraction of half the width / height. Default 0.5.
        interpolation (str, optional): 'nearest' (the default), 'bilinear' or 'bicubic';
            others raise ValueError.
        fill (int|float|tuple, optional): The value of uncovered pixels (one per channel,
            or one for all). Default 0.
        keys (list[str]|tuple[str], optional): The names of the inputs when called on a
            tuple, one `_apply_<key>` method each; None (the default) means ('image',).

    Returns:
        callable: Called with a numpy HWC array or a PIL image, returns the warped image of
            the same kind and size (Tensors raise TypeError).

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import RandomPerspective
        >>> RandomPerspective(prob=1.0)(np.zeros((8, 8, 3), "uint8")).shape
        (8, 8, 3)
    """

    def __init__(self, prob=0.5, distortion_scale=0.5, interpolation="nearest", fill=0,
                 keys=None):
        super().__init__(keys)
        _check_prob(prob, "RandomPerspective")
        if not 0 <= distortion_scale <= 1:
            raise ValueError(f"distortion_scale must be between 0 and 1, got {distortion_scale}")
        if interpolation not in ("nearest", "bilinear", "bicubic"):
            raise ValueError(f"RandomPerspective: interpolation must be 'nearest', 'bilinear' "
                             f"or 'bicubic', got {interpolation!r}")
        if not isinstance(fill, (numbers.Number, str, list, tuple)):
            raise TypeError(f"fill must be a number or a sequence, got {fill!r}")
        self.prob = prob
        self.distortion_scale = distortion_scale
        self.interpolation = interpolation
        self.fill = fill

    def get_params(self, width, height, distortion_scale):
        """(startpoints, endpoints): the corners, and each moved inwards at random."""
        dx, dy = int(distortion_scale * (width // 2)), int(distortion_scale * (height // 2))

        def near(low_side, size, margin):
            # a coordinate within margin of the low (0) or high (size) edge
            if low_side:
                return int(random.uniform(0, margin + 1))
            return int(random.uniform(size - margin - 1, size))
        corners = [(True, True), (False, True), (False, False), (True, False)]
        endpoints = [[near(left, width, dx), near(top, height, dy)] for left, top in corners]
        startpoints = [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]]
        return startpoints, endpoints

    def _apply_image(self, img):
        width, height = _image_size(img)
        if random.random() < self.prob:
            start, end = self.get_params(width, height, self.distortion_scale)
            return F.perspective(img, start, end, self.interpolation, self.fill)
        return img
