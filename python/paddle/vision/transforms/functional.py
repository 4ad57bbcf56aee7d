"""paddle.vision.transforms.functional: image transforms as functions on numpy
HWC arrays (OpenCV's conventions), PIL images (when Pillow is installed) and
CHW Tensors."""
import importlib.util
import numbers
from collections.abc import Sequence

import numpy as np

from ... import tensor as _tensor
from ...framework import dtypes
from ...tensor._helpers import Tensor as _Tensor
from . import _numpy_ops

__all__ = ["to_tensor", "hflip", "vflip", "resize", "pad", "crop", "center_crop", "normalize",
           "to_grayscale", "adjust_brightness", "adjust_contrast", "adjust_saturation",
           "adjust_hue", "erase", "rotate", "affine", "perspective"]

_HAS_PIL = importlib.util.find_spec("PIL") is not None
_PAD_MODES = ("constant", "edge", "reflect", "symmetric")


def _is_pil_image(img):
    if not _HAS_PIL:
        return False
    from . import _pil_ops
    return _pil_ops.is_pil_image(img)


def _is_tensor_image(img):
    return isinstance(img, _Tensor)


def _is_numpy_image(img):
    return isinstance(img, np.ndarray) and img.ndim in (2, 3)


def _kernels(img, fn):
    """The module implementing `fn` for img's kind; TypeError for anything else."""
    if _is_pil_image(img):
        from . import _pil_ops
        return _pil_ops
    if _is_numpy_image(img):
        return _numpy_ops
    raise TypeError(f"{fn}: img should be PIL Image or Tensor Image or ndarray with "
                    f"dim=[2 or 3]. Got {type(img)}")


def _size_hw(img):
    """(height, width) of a numpy HWC array, a PIL image or a CHW Tensor."""
    if _is_pil_image(img):
        return img.size[1], img.size[0]
    if _is_tensor_image(img):
        return tuple(img.shape[-2:])
    return img.shape[:2]


def to_tensor(pic, data_format="CHW"):
    """An image as a float Tensor: a numpy HWC (or HW) array or a PIL image becomes
    CHW (data_format 'CHW') or HWC, and uint8 pixels are scaled to [0, 1]; other
    dtypes keep their values. A Tensor is returned as is (CHW) or transposed to HWC.

    Args:
        pic (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        data_format (str, optional): The output layout, 'CHW' (the default) or 'HWC'; other
            values raise ValueError.

    Returns:
        Tensor: The image in data_format; float32 in [0, 1] for uint8 input, else the
            input's dtype.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> t = F.to_tensor(np.full((2, 3, 3), 255, "uint8"))
        >>> t.shape
        paddle.Size([3, 2, 3])
        >>> float(t.max())
        1.0
    """
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if _is_tensor_image(pic):
        return pic if data_format == "CHW" else _tensor.transpose(pic, [1, 2, 0])
    if _is_pil_image(pic):
        from . import _pil_ops
        arr = _pil_ops.to_array(pic)
    elif _is_numpy_image(pic):
        arr = pic if pic.ndim == 3 else pic[:, :, None]
    else:
        raise TypeError("pic should be PIL Image or Tensor Image or ndarray with dim=[2 or 3]. "
                        f"Got {type(pic)}")
    if data_format == "CHW":
        arr = arr.transpose(2, 0, 1)
    if arr.dtype == np.uint8:
        arr = arr.astype(np.float32) / np.float32(255.0)
    return _tensor.to_tensor(np.ascontiguousarray(arr))


def _output_size(h, w, size):
    """(out_h, out_w): size (h, w) as given, or an int for the shorter side with
    the longer one scaled to keep the aspect ratio (truncated)."""
    if isinstance(size, numbers.Integral):
        if w < h:
            return int(size * h / w), size
        return size, int(size * w / h)
    return int(size[0]), int(size[1])


def resize(img, size, interpolation="bilinear"):
    """Resizes an image to size (h, w), or with an int size its shorter side to
    size keeping the aspect ratio. interpolation: 'nearest', 'bilinear' or
    'bicubic' for numpy arrays (pixel centres, as cv2.resize); 'nearest' or
    'bilinear' for Tensors; PIL images also take 'box', 'lanczos', 'hamming'.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        size (int|list|tuple): The output (height, width), or an int for the shorter side,
            the longer one scaled to keep the aspect ratio; anything else raises TypeError.
        interpolation (str, optional): 'bilinear' (the default), 'nearest' or 'bicubic'
            for numpy arrays; 'nearest' or 'bilinear' for Tensors; PIL images also take
            'box', 'lanczos' and 'hamming'. Others raise ValueError.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The resized image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.resize(np.zeros((20, 40, 3), "uint8"), 10).shape
        (10, 20, 3)
    """
    if not (isinstance(size, numbers.Integral)
            or (isinstance(size, Sequence) and len(size) == 2)):
        raise TypeError(f"Got inappropriate size arg: {size}")
    if _is_tensor_image(img):
        kernels, supported = None, ("nearest", "bilinear")
    else:
        kernels = _kernels(img, "resize")
        supported = kernels.INTERPOLATIONS
    if interpolation not in supported:
        raise ValueError(f"resize: interpolation must be one of {sorted(supported)} for "
                         f"{type(img).__name__} images, got {interpolation!r}")
    h, w = _size_hw(img)
    if isinstance(size, numbers.Integral) and min(h, w) == size:
        return img
    out_h, out_w = _output_size(h, w, size)
    if kernels is None:
        from ...nn.functional import interpolate
        batched = img.unsqueeze(0) if img.ndim == 3 else img
        out = interpolate(batched, size=[out_h, out_w], mode=interpolation,
                          align_corners=False)
        return out.squeeze(0) if img.ndim == 3 else out
    return kernels.resize(img, out_h, out_w, interpolation)


def _pad_widths(padding):
    """(left, top, right, bottom) from an int, (left/right, top/bottom) or 4 values."""
    if isinstance(padding, numbers.Integral):
        return (int(padding),) * 4
    if isinstance(padding, Sequence) and len(padding) == 2:
        return int(padding[0]), int(padding[1]), int(padding[0]), int(padding[1])
    return tuple(int(p) for p in padding)


def pad(img, padding, fill=0, padding_mode="constant"):
    """Pads an image on its borders. padding: an int for all four sides, (left
    and right, top and bottom), or (left, top, right, bottom). padding_mode
    'constant' fills with `fill`: one value per channel, or a single number for
    the first channel only (the others 0, as PaddlePaddle's OpenCV and PIL
    paths do); 'edge' repeats
    the border pixel, 'reflect' mirrors without it, 'symmetric' mirrors with it.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        padding (int|list|tuple): An int for all four sides, (left/right, top/bottom), or
            (left, top, right, bottom); another length or a negative width raises ValueError.
        fill (int|float|tuple, optional): The value of padded pixels in 'constant' mode.
            Default 0.
        padding_mode (str, optional): 'constant' (the default), 'edge', 'reflect' or
            'symmetric' (not for Tensors); others raise ValueError.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The padded image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.pad(np.ones((2, 2, 3), "uint8"), (1, 2)).shape
        (6, 4, 3)
    """
    if not isinstance(padding, (numbers.Number, list, tuple)):
        raise TypeError("Got inappropriate padding arg")
    if not isinstance(fill, (numbers.Number, str, list, tuple)):
        raise TypeError("Got inappropriate fill arg")
    if not isinstance(padding_mode, str):
        raise TypeError("Got inappropriate padding_mode arg")
    if isinstance(padding, Sequence) and len(padding) not in (2, 4):
        raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                         f"{len(padding)} element tuple")
    if padding_mode not in _PAD_MODES:
        raise ValueError(f"Padding mode should be either constant, edge, reflect or symmetric, "
                         f"got {padding_mode!r}")
    left, top, right, bottom = _pad_widths(padding)
    if min(left, top, right, bottom) < 0:
        raise ValueError(f"padding must not be negative, got {padding}")
    if _is_tensor_image(img):
        return _pad_tensor(img, [left, right, top, bottom], fill, padding_mode)
    return _kernels(img, "pad").pad(img, left, top, right, bottom, fill, padding_mode)


def _pad_tensor(img, widths, fill, padding_mode):
    """A CHW Tensor padded with paddle.nn.functional.pad (so gradients flow); the
    fill is one number for every channel, as PaddlePaddle's tensor path has it."""
    if padding_mode == "symmetric":
        raise ValueError("pad: padding_mode 'symmetric' is not supported for Tensor images")
    if img.ndim != 3:
        raise ValueError(f"pad: a Tensor image must be CHW (3-D), got shape {img.shape}")
    from ...nn.functional import pad as nn_pad
    mode = "replicate" if padding_mode == "edge" else padding_mode
    out = nn_pad(img.unsqueeze(0), widths, mode=mode, value=float(fill), data_format="NCHW")
    return out.squeeze(0)


def crop(img, top, left, height, width):
    """The region [top, top + height) x [left, left + width) of an image.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        top (int): The row of the region's top-left corner.
        left (int): The column of the region's top-left corner.
        height (int): The region's height.
        width (int): The region's width.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The region, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.crop(np.arange(16).reshape(4, 4), 1, 2, 2, 2).tolist()
        [[6, 7], [10, 11]]
    """
    if _is_tensor_image(img):
        return img[..., top:top + height, left:left + width]
    return _kernels(img, "crop").crop(img, top, left, height, width)


def center_crop(img, output_size):
    """The central output_size (an int for a square, or (h, w)) region of an image.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        output_size (int|list|tuple): The crop's (height, width), or an int for a square.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The central region, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.center_crop(np.zeros((10, 8, 3)), 4).shape
        (4, 4, 3)
    """
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    if not _is_tensor_image(img):
        _kernels(img, "center_crop")
    h, w = _size_hw(img)
    th, tw = output_size
    return crop(img, int(round((h - th) / 2.0)), int(round((w - tw) / 2.0)), th, tw)


def hflip(img):
    """The image mirrored left to right.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The mirrored image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.hflip(np.array([[1, 2, 3]])).tolist()
        [[3, 2, 1]]
    """
    if _is_tensor_image(img):
        return _tensor.flip(img, [-1])
    return _kernels(img, "hflip").hflip(img)


def vflip(img):
    """The image mirrored top to bottom.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The mirrored image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.vflip(np.array([[1], [2]])).tolist()
        [[2], [1]]
    """
    if _is_tensor_image(img):
        return _tensor.flip(img, [-2])
    return _kernels(img, "vflip").vflip(img)


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    """(img - mean) / std per channel. A Tensor stays a Tensor; a numpy array or
    PIL image becomes a float32 numpy array. data_format says where the channel
    axis is ('CHW' or 'HWC'); to_rgb reverses the channel order first (BGR to RGB).

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        mean (list|tuple): The per-channel mean.
        std (list|tuple): The per-channel standard deviation.
        data_format (str, optional): Where the channels are, 'CHW' (the default) or 'HWC';
            other values raise ValueError.
        to_rgb (bool, optional): Reverse the channel order (BGR to RGB) first. Default False.

    Returns:
        numpy.ndarray|Tensor: The normalized image: a Tensor for a Tensor, else a float32
            numpy array.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.normalize(np.full((3, 1, 1), 2.0), [1, 1, 1], [2, 2, 2]).ravel().tolist()
        [0.5, 0.5, 0.5]
    """
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    shape = [-1, 1, 1] if data_format == "CHW" else [1, 1, -1]
    channel_axis = -3 if data_format == "CHW" else -1
    mean = np.asarray(mean, np.float32).reshape(shape)
    std = np.asarray(std, np.float32).reshape(shape)
    if _is_tensor_image(img):
        if to_rgb:
            img = _tensor.flip(img, [channel_axis])
        return (img - _tensor.to_tensor(mean, dtype=img.dtype)) / _tensor.to_tensor(
            std, dtype=img.dtype)
    if _is_pil_image(img):
        img = np.asarray(img).astype(np.float32)
    elif not isinstance(img, np.ndarray):
        raise TypeError(f"normalize: img should be a Tensor, ndarray or PIL Image, got {type(img)}")
    if to_rgb:
        img = np.flip(img, channel_axis)
    return (img - mean) / std


# luma weights PaddlePaddle's tensor path uses
_TENSOR_GRAY_WEIGHTS = [0.2989, 0.5870, 0.1140]


def _tensor_gray(img):
    weights = _tensor.to_tensor(np.array(_TENSOR_GRAY_WEIGHTS, np.float32).reshape(3, 1, 1))
    return _tensor.sum(img.astype("float32") * weights, axis=-3, keepdim=True)


def _blend(img, target, ratio):
    """target + ratio * (img - target), clipped to the image's range, in img's dtype."""
    high = 1.0 if dtypes.is_floating_point(img.dtype) else 255.0
    out = target + (img.astype("float32") - target) * float(ratio)
    return _tensor.clip(out, 0.0, high).astype(img.dtype)


def _check_channels(img, fn, allowed):
    channels = img.shape[-3] if _is_tensor_image(img) else (
        len(img.getbands()) if _is_pil_image(img) else (img.shape[2] if img.ndim == 3 else 1))
    if channels not in allowed:
        raise ValueError(f"{fn}: the image must have {' or '.join(map(str, allowed))} "
                         f"channels, got {channels}")


def to_grayscale(img, num_output_channels=1):
    """An RGB image as gray (ITU-R 601 luma), with 1 or 3 identical channels.
    numpy arrays follow cv2.cvtColor (uint8 in fixed point), PIL images
    Image.convert('L'), CHW Tensors weigh 0.2989, 0.5870, 0.1140.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        num_output_channels (int, optional): 1 (the default) or 3 identical channels; other
            values raise ValueError.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The gray image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.to_grayscale(np.array([[[255, 0, 0], [0, 255, 0], [0, 0, 255]]], "uint8"))[..., 0]
        array([[ 76, 150,  29]], dtype=uint8)
    """
    if num_output_channels not in (1, 3):
        raise ValueError("num_output_channels should be either 1 or 3")
    if _is_tensor_image(img):
        _check_channels(img, "to_grayscale", (3,))
        gray = _tensor_gray(img).astype(img.dtype)
        return _tensor.expand(gray, img.shape[:-3] + [num_output_channels] + img.shape[-2:])
    kernels = _kernels(img, "to_grayscale")
    if not _is_pil_image(img):
        _check_channels(img, "to_grayscale", (3, 4))
    return kernels.to_grayscale(img, num_output_channels)


def _check_factor(factor, name):
    if not isinstance(factor, numbers.Number) or factor < 0:
        raise ValueError(f"{name} should be a non-negative number, got {factor!r}")


def adjust_brightness(img, brightness_factor):
    """Brightness scaled by brightness_factor (0 black, 1 unchanged). numpy
    arrays are taken as uint8 and mapped through a table, as PaddlePaddle's
    OpenCV path does.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        brightness_factor (float): The non-negative factor; 0 gives black, 1 the input.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The adjusted image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_brightness(np.array([[100, 200]], "uint8"), 1.5).tolist()
        [[150, 255]]
    """
    _check_factor(brightness_factor, "brightness_factor")
    if _is_tensor_image(img):
        _check_channels(img, "adjust_brightness", (1, 3))
        return _blend(img, 0.0, brightness_factor)
    return _kernels(img, "adjust_brightness").adjust_brightness(img, brightness_factor)


def adjust_contrast(img, contrast_factor):
    """Contrast scaled by contrast_factor (0 flat gray, 1 unchanged): about the
    mean gray level for PIL images and Tensors, about 74 for numpy uint8 arrays
    (PaddlePaddle's OpenCV path).

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        contrast_factor (float): The non-negative factor; 0 gives flat gray, 1 the input.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The adjusted image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.adjust_contrast(np.array([[100, 10]], "uint8"), 2.0).tolist()
        [[126, 0]]
    """
    _check_factor(contrast_factor, "contrast_factor")
    if _is_tensor_image(img):
        _check_channels(img, "adjust_contrast", (1, 3))
        gray = _tensor_gray(img) if img.shape[-3] == 3 else img.astype("float32")
        mean = _tensor.mean(gray, axis=[-3, -2, -1], keepdim=True)
        return _blend(img, mean, contrast_factor)
    return _kernels(img, "adjust_contrast").adjust_contrast(img, contrast_factor)


def adjust_saturation(img, saturation_factor):
    """Colour saturation scaled by saturation_factor (0 gray, 1 unchanged): a
    blend with the gray image for PIL images and Tensors. numpy arrays follow
    PaddlePaddle's OpenCV path, which draws the blend weight at random from
    [max(0, 1 - factor), 1 + factor] with numpy.random.

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        saturation_factor (float): The non-negative factor; 0 gives gray, 1 the input.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The adjusted image, of the input's kind.

    Example:
        >>> import paddle
        >>> from paddle.vision.transforms import functional as F
        >>> img = paddle.to_tensor([[[1.0]], [[0.0]], [[0.0]]])
        >>> [round(v, 4) for v in F.adjust_saturation(img, 0.0).flatten().tolist()]
        [0.2989, 0.2989, 0.2989]
    """
    _check_factor(saturation_factor, "saturation_factor")
    if _is_tensor_image(img):
        _check_channels(img, "adjust_saturation", (1, 3))
        if img.shape[-3] == 1:
            return img
        return _blend(img, _tensor_gray(img), saturation_factor)
    return _kernels(img, "adjust_saturation").adjust_saturation(img, saturation_factor)


def adjust_hue(img, hue_factor):
    """Hue rotated by hue_factor (in [-0.5, 0.5]) of a full turn. PIL images use
    PIL's 8-bit HSV (gray modes unchanged); CHW Tensors a float HSV round trip
    (uint8 ones through [0, 1]); numpy arrays go through PIL (PaddlePaddle's own
    numpy path uses OpenCV's HSV, which rounds slightly differently).

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        hue_factor (float): The hue shift, a fraction of a full turn in [-0.5, 0.5]; others
            raise ValueError.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The adjusted image, of the input's kind.

    Example:
        >>> import paddle
        >>> from paddle.vision.transforms import functional as F
        >>> red = paddle.to_tensor([[[1.0]], [[0.0]], [[0.0]]])
        >>> [round(v, 4) for v in F.adjust_hue(red, 1 / 3).flatten().tolist()]
        [0.0, 1.0, 0.0]
    """
    if not isinstance(hue_factor, numbers.Number) or not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
    if _is_tensor_image(img):
        _check_channels(img, "adjust_hue", (1, 3))
        if img.shape[-3] == 1:
            return img
        from ._tensor_hsv import adjust_hue as tensor_hue
        return tensor_hue(img, hue_factor)
    if _is_pil_image(img):
        from . import _pil_ops
        return _pil_ops.adjust_hue(img, hue_factor)
    _kernels(img, "adjust_hue")
    if not _HAS_PIL:
        raise ImportError("adjust_hue on numpy arrays needs Pillow (pip install pillow)")
    from PIL import Image
    from . import _pil_ops
    shifted = _pil_ops.adjust_hue(Image.fromarray(img.astype(np.uint8)), hue_factor)
    return np.asarray(shifted).astype(img.dtype)


def erase(img, i, j, h, w, v, inplace=False):
    """The region [i, i + h) x [j, j + w) of an image set to v (broadcast over
    it: a value per channel, or an array of the region's shape). A new image
    unless inplace (numpy arrays and Tensors; PIL images are always copied).

    Args:
        img (PIL.Image|numpy.ndarray|Tensor): The image: a numpy HWC (or HW) array, a PIL
            image or a CHW Tensor; anything else raises TypeError.
        i (int): The row of the region's top-left corner.
        j (int): The column of the region's top-left corner.
        h (int): The region's height.
        w (int): The region's width.
        v (int|float|numpy.ndarray|Tensor): The value written, broadcast over the region.
        inplace (bool, optional): Write into numpy arrays and Tensors in place. Default False.

    Returns:
        PIL.Image|numpy.ndarray|Tensor: The erased image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.erase(np.ones((3, 3, 1), "uint8"), 1, 1, 2, 2, np.array([0]))[..., 0].tolist()
        [[1, 1, 1], [1, 0, 0], [1, 0, 0]]
    """
    if _is_tensor_image(img):
        out = img if inplace else img.clone()
        out[..., i:i + h, j:j + w] = v
        return out
    if _is_pil_image(img):
        from PIL import Image
        arr = np.array(img, dtype=np.uint8)
        arr[i:i + h, j:j + w, ...] = v
        return Image.fromarray(arr)
    _kernels(img, "erase")
    out = img if inplace else img.copy()
    out[i:i + h, j:j + w, ...] = v
    return out


def _warp_through_pil(img, fn, warp):
    """warp(pil_image) for a PIL image, or for a numpy array converted to PIL and
    back; Tensors are refused (no grid_sample here)."""
    if _is_tensor_image(img):
        raise TypeError(f"{fn}: Tensor images are not supported (paddle has no grid_sample "
                        "yet); warp the numpy array or PIL image before ToTensor")
    kernels = _kernels(img, fn)
    if not _HAS_PIL:
        raise ImportError(f"{fn} needs Pillow (pip install pillow)")
    from . import _pil_ops
    if kernels is _pil_ops:
        return warp(img)
    from PIL import Image
    return np.asarray(warp(Image.fromarray(img))).copy()


def _check_warp_interpolation(interpolation, fn):
    from . import _pil_ops
    if interpolation not in _pil_ops.INTERPOLATIONS:
        raise ValueError(f"{fn}: interpolation must be one of {sorted(_pil_ops.INTERPOLATIONS)}, "
                         f"got {interpolation!r}")


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    """The image rotated by angle degrees counter-clockwise about center (x, y;
    default the image centre), grown to hold the whole result when expand,
    uncovered pixels set to fill. PIL images and numpy arrays (rotated through
    PIL: uint8 HWC/HW or float32 HW; PaddlePaddle's numpy path uses OpenCV,
    whose sampling rounds differently). Tensors are not supported (no
    grid_sample here).

    Args:
        img (PIL.Image|numpy.ndarray): The image: a PIL image or a numpy array (uint8
            HWC/HW, or float32 HW); Tensors raise TypeError.
        angle (float): The counter-clockwise rotation in degrees.
        interpolation (str, optional): 'nearest' (the default), 'bilinear', 'bicubic',
            'box', 'lanczos' or 'hamming'; others raise ValueError.
        expand (bool, optional): Grow the output to hold the whole rotated image. Default
            False.
        center (list|tuple, optional): The (x, y) centre of rotation; None (the default)
            means the image centre.
        fill (int|float|tuple, optional): The value of uncovered pixels (one per channel,
            or one for all). Default 0.

    Returns:
        PIL.Image|numpy.ndarray: The rotated image, of the input's kind.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.rotate(np.arange(4, dtype="uint8").reshape(2, 2), 90).tolist()
        [[1, 3], [0, 2]]
    """
    _check_warp_interpolation(interpolation, "rotate")
    center = tuple(center) if isinstance(center, list) else center
    fill = tuple(fill) if isinstance(fill, list) else fill

    def warp(pil):
        from . import _pil_ops
        return _pil_ops.rotate(pil, angle, interpolation, expand, center, fill)
    return _warp_through_pil(img, "rotate", warp)


def affine(img, angle, translate, scale, shear, interpolation="nearest", fill=0, center=None):
    """The image rotated by angle degrees, scaled by scale, sheared by shear
    degrees (a number for x, or (x, y)) about center (x, y; default the image
    centre) and moved by translate (dx, dy) pixels; uncovered pixels set to fill
    (PaddlePaddle's PIL path ignores fill and leaves them 0). PIL images and
    numpy arrays (through PIL); Tensors are not supported.

    Args:
        img (PIL.Image|numpy.ndarray): The image: a PIL image or a numpy array (uint8
            HWC/HW, or float32 HW); Tensors raise TypeError.
        angle (int|float): The rotation in degrees; other types raise TypeError.
        translate (list|tuple): The (dx, dy) shift in pixels.
        scale (float): The positive scale factor.
        shear (float|list|tuple): The shear in degrees: a number for x, or (x, y).
        interpolation (str, optional): 'nearest' (the default), 'bilinear', 'bicubic',
            'box', 'lanczos' or 'hamming'; others raise ValueError.
        fill (int|float|tuple, optional): The value of uncovered pixels (one per channel,
            or one for all). Default 0.
        center (list|tuple, optional): The (x, y) centre of the warp; None (the default)
            means the image centre.

    Returns:
        PIL.Image|numpy.ndarray: The warped image, of the input's kind and size.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> F.affine(np.eye(3, dtype="uint8"), 0, (1, 0), 1.0, 0).tolist()
        [[0, 1, 0], [0, 0, 1], [0, 0, 0]]
    """
    if not isinstance(angle, (int, float)):
        raise TypeError("Argument angle should be int or float")
    if not isinstance(translate, (list, tuple)):
        raise TypeError("Argument translate should be a sequence")
    if len(translate) != 2:
        raise ValueError("Argument translate should be a sequence of length 2")
    if scale <= 0.0:
        raise ValueError("Argument scale should be positive")
    if isinstance(shear, numbers.Number):
        shear = [shear, 0.0]
    if not isinstance(shear, (list, tuple)) or len(shear) not in (1, 2):
        raise ValueError(f"Shear should be a number or a sequence of one or two values, "
                         f"got {shear}")
    shear = [shear[0], shear[0]] if len(shear) == 1 else list(shear)
    if center is not None and not isinstance(center, (list, tuple)):
        raise TypeError("Argument center should be a sequence")
    _check_warp_interpolation(interpolation, "affine")
    from . import _warp

    def warp(pil):
        from . import _pil_ops
        c = (pil.size[0] * 0.5, pil.size[1] * 0.5) if center is None else center
        matrix = _warp.inverse_affine_matrix(c, float(angle), translate, scale, shear)
        return _pil_ops.transform(pil, "affine", matrix, interpolation, fill)
    return _warp_through_pil(img, "affine", warp)


def perspective(img, startpoints, endpoints, interpolation="nearest", fill=0):
    """The image warped so that the four startpoints (x, y: top-left, top-right,
    bottom-right, bottom-left corners) move to the four endpoints; uncovered
    pixels set to fill (PaddlePaddle's PIL path ignores it and leaves them 0).
    PIL images and numpy arrays (through PIL); Tensors are not supported.

    Args:
        img (PIL.Image|numpy.ndarray): The image: a PIL image or a numpy array (uint8
            HWC/HW, or float32 HW); Tensors raise TypeError.
        startpoints (list): The four [x, y] corners: top-left, top-right, bottom-right,
            bottom-left.
        endpoints (list): The four [x, y] points the startpoints move to.
        interpolation (str, optional): 'nearest' (the default), 'bilinear', 'bicubic',
            'box', 'lanczos' or 'hamming'; others raise ValueError.
        fill (int|float|tuple, optional): The value of uncovered pixels (one per channel,
            or one for all). Default 0.

    Returns:
        PIL.Image|numpy.ndarray: The warped image, of the input's kind and size.

    Example:
        >>> import numpy as np
        >>> from paddle.vision.transforms import functional as F
        >>> corners = [[0, 0], [3, 0], [3, 3], [0, 3]]
        >>> F.perspective(np.eye(4, dtype="uint8"), corners, corners).tolist()[1]
        [0, 1, 0, 0]
    """
    if len(startpoints) != 4 or len(endpoints) != 4:
        raise ValueError("perspective: startpoints and endpoints must be four (x, y) points")
    _check_warp_interpolation(interpolation, "perspective")
    from . import _warp
    coeffs = _warp.perspective_coeffs(startpoints, endpoints)

    def warp(pil):
        from . import _pil_ops
        return _pil_ops.transform(pil, "perspective", coeffs, interpolation, fill)
    return _warp_through_pil(img, "perspective", warp)
