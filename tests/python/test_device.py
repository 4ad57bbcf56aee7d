"""paddle.device and paddle.device.cuda in this CPU build: the names
PaddlePaddle 3.3.1 lists, its answers on a CPU (no accelerators, nothing
compiled in but the distributed runtime), the CPU allocator's statistics,
the random generator's state, and clear errors for GPU-only calls."""
import pytest

import paddle


def test_lists_the_names_of_3_3_1():
    names = {"get_cudnn_version", "set_device", "get_device", "is_compiled_with_xpu",
             "is_compiled_with_ipu", "is_compiled_with_cinn", "is_compiled_with_cuda",
             "is_compiled_with_rocm", "is_compiled_with_distribute",
             "is_compiled_with_custom_device", "get_all_device_type", "get_all_custom_device_type",
             "get_available_device", "get_available_custom_device", "get_device_properties",
             "Stream", "Event", "current_stream", "set_stream", "stream_guard", "device_guard",
             "synchronize", "device_count", "empty_cache", "max_memory_allocated",
             "max_memory_reserved", "reset_max_memory_allocated", "reset_max_memory_reserved",
             "memory_allocated", "memory_reserved", "is_available", "get_device_name",
             "get_device_capability", "get_rng_state", "set_rng_state", "is_bf16_supported",
             "manual_seed", "reset_peak_memory_stats"}
    assert names <= set(paddle.device.__all__)
    for name in paddle.device.__all__ + paddle.device.cuda.__all__:
        assert hasattr(paddle.device, name) or hasattr(paddle.device.cuda, name), name


def test_answers_as_a_cpu_package():
    d = paddle.device
    assert [d.is_compiled_with_cuda(), d.is_compiled_with_xpu(), d.is_compiled_with_ipu(),
            d.is_compiled_with_cinn(), d.is_compiled_with_rocm()] == [False] * 5
    assert d.is_compiled_with_distribute() is True
    assert d.is_compiled_with_custom_device("npu") is False
    assert d.get_all_device_type() == d.get_available_device() == []
    assert d.get_all_custom_device_type() == d.get_available_custom_device() == []
    assert d.get_cudnn_version() is None and d.is_available() is False
    assert d.current_device() == 0 and d.device_count() == 0 and d.cuda.device_count() == 0
    assert d.is_bf16_supported() == paddle.amp.is_bfloat16_supported()
    with pytest.raises(TypeError, match="device_type must be a str"):
        d.is_compiled_with_custom_device(1)


def test_gpu_queries_raise_value_errors():
    for fn in (paddle.device.get_device_properties, paddle.device.get_device_name,
               paddle.device.get_device_capability, paddle.device.cuda.memory_allocated,
               paddle.device.cuda.max_memory_allocated, paddle.device.cuda.memory_reserved,
               paddle.device.cuda.max_memory_reserved, paddle.device.cuda.get_device_name,
               paddle.device.cuda.reset_max_memory_allocated, paddle.device.cuda.vmm_compact,
               paddle.device.cuda.memory_summary, paddle.device.cuda.get_device_properties):
        with pytest.raises(ValueError, match="not supported in CPU-only PaddlePaddle"):
            fn()
    assert paddle.device.cuda.empty_cache() is None


def test_streams_and_events():
    for make in (paddle.device.Stream, paddle.device.Event, paddle.device.current_stream):
        with pytest.raises(RuntimeError, match="not compiled with any"):
            make()
    with pytest.raises(RuntimeError, match="not compiled with any"):
        paddle.device.set_stream(None)
    for make in (paddle.device.cuda.Stream, paddle.device.cuda.Event,
                 paddle.device.cuda.current_stream, paddle.device.cuda.synchronize):
        with pytest.raises(RuntimeError, match="not compiled with CUDA"):
            make()
    with paddle.device.stream_guard(None), paddle.device.cuda.stream_guard():
        y = paddle.ones([2]) * 2
    assert y.numpy().tolist() == [2.0, 2.0]
    with pytest.raises(TypeError, match=r"\[stream_guard\] stream must be"):
        paddle.device.stream_guard("s0")
    paddle.device.synchronize()
    paddle.device.synchronize("cpu")
    with pytest.raises(ValueError, match=r"\[synchronize\] The device should not be gpu:0"):
        paddle.device.synchronize("gpu:0")


def test_device_guard_restores_and_checks():
    with paddle.device.device_guard("cpu"):
        assert paddle.device.get_device() == "cpu"
    assert paddle.device.get_device() == "cpu"
    with pytest.raises(ValueError, match=r"\[device_guard\] The device should not be gpu"):
        paddle.device.device_guard("gpu")
    with pytest.raises(ValueError, match=r"\[device_guard\] device must be 'cpu'"):
        paddle.device.device_guard("tpu")
    with pytest.raises(ValueError, match=r"\[device_guard\] device must be a str"):
        paddle.device.device_guard(None)


def test_memory_statistics_follow_the_allocator():
    d = paddle.device
    d.reset_peak_memory_stats()
    before = d.memory_allocated()
    x = paddle.ones([256, 1024])  # 1 MiB
    assert d.memory_allocated() >= before + 2**20
    assert d.max_memory_allocated() >= d.memory_allocated()
    assert d.memory_reserved() >= d.memory_allocated()
    assert d.max_memory_reserved() >= d.memory_reserved()
    del x
    assert d.memory_allocated() <= before + 4096
    assert d.max_memory_allocated() >= before + 2**20
    d.reset_max_memory_allocated()
    assert d.max_memory_allocated() == d.memory_allocated()
    d.reset_max_memory_reserved("cpu")
    assert d.max_memory_reserved() == d.memory_reserved()
    d.empty_cache()
    assert d.memory_reserved() >= d.memory_allocated()
    with pytest.raises(ValueError, match=r"\[memory_allocated\] The device should not be gpu:1"):
        d.memory_allocated("gpu:1")
    with pytest.raises(ValueError, match=r"\[max_memory_reserved\] device must be a str"):
        d.max_memory_reserved(3)


def test_rng_state_and_manual_seed():
    paddle.device.manual_seed(11)
    a = paddle.rand([3])
    paddle.seed(11)
    assert paddle.rand([3]).numpy().tolist() == a.numpy().tolist()
    state = paddle.device.get_rng_state()
    assert state.current_seed() == 11
    b = paddle.rand([3])
    paddle.device.set_rng_state(state)
    assert paddle.rand([3]).numpy().tolist() == b.numpy().tolist()
    cuda_state = paddle.device.cuda.get_rng_state()
    c = paddle.randn([2])
    paddle.device.cuda.set_rng_state(cuda_state)
    assert paddle.randn([2]).numpy().tolist() == c.numpy().tolist()
    with pytest.raises(TypeError, match="GeneratorState"):
        paddle.device.set_rng_state("state")
    with pytest.raises(ValueError, match="not compiled with CUDA"):
        paddle.device.get_rng_state("gpu:0")
