"""One tensor in PaddlePaddle's C++ stream format: what
``paddle.save(tensor, path, use_binary_format=True)`` writes, and what
``paddle.load`` reads when a file is not a pickle. Little-endian:

    uint32 version (0)
    uint64 LoD levels, each: uint64 byte size, that many bytes of offsets
    uint32 tensor version (0)
    int32 size of the TensorDesc proto, the proto (data_type, dims)
    the raw data
"""
import struct

import numpy as np
from google.protobuf.message import DecodeError

from .. import _core
from ..proto import framework_pb2
from . import _saved_format as _fmt


def write(tensor, f):
    desc = framework_pb2.VarType.TensorDesc()
    desc.data_type = tensor.dtype.code
    desc.dims.extend(int(d) for d in tensor.shape)
    proto = desc.SerializeToString()
    f.write(struct.pack("<IQI", 0, 0, 0))
    f.write(struct.pack("<i", len(proto)))
    f.write(proto)
    f.write(np.ascontiguousarray(_fmt.tensor_to_numpy(tensor)).tobytes())


def read(data):
    """The ndarray (bfloat16 as uint16 bits) a whole stream holds; ValueError
    when ``data`` is not exactly one such tensor."""
    try:
        version, levels = struct.unpack_from("<IQ", data, 0)
        at = 12
        if version != 0 or levels > 16:
            raise ValueError("not a tensor stream")
        for _ in range(levels):
            (size,) = struct.unpack_from("<Q", data, at)
            at += 8 + size
        tensor_version, proto_size = struct.unpack_from("<Ii", data, at)
        at += 8
        if tensor_version != 0 or not 0 <= proto_size <= len(data) - at:
            raise ValueError("not a tensor stream")
        desc = framework_pb2.VarType.TensorDesc.FromString(data[at:at + proto_size])
        at += proto_size
        dtype = _core.dtype_from_code(desc.data_type)
    except (struct.error, ValueError, DecodeError) as e:
        raise ValueError(f"not a tensor stream ({e})") from None
    np_dtype = np.dtype(np.uint16) if dtype.name == "bfloat16" else np.dtype(dtype.name)
    shape = tuple(int(d) for d in desc.dims)
    if any(d < 0 for d in shape) or len(data) - at != np_dtype.itemsize * int(np.prod(shape)):
        raise ValueError(f"not a tensor stream (its {len(data) - at} data bytes do not fill "
                         f"shape {list(shape)} of {dtype.name})")
    return np.frombuffer(data, np_dtype, offset=at).reshape(shape).copy()
