"""paddle.set_flags / paddle.get_flags: PaddlePaddle's names (FLAGS_ prefix),
values of the flag's type, environment variables read at start-up, typed errors."""
import os
import subprocess
import sys

import pytest

import paddle
from paddle.base import core


@pytest.fixture
def restore_flags():
    """Puts back every flag a test changes."""
    saved = paddle.get_flags(list(core.list_flags()))
    yield
    paddle.set_flags(saved)


def test_list_flags_has_the_documented_flags():
    flags = core.list_flags()
    assert "FLAGS_allocator_strategy" in flags
    for name, info in flags.items():
        assert name.startswith("FLAGS_")
        assert info["help"], name


def test_get_flags_by_name_and_by_list():
    one = paddle.get_flags("FLAGS_allocator_strategy")
    assert one == {"FLAGS_allocator_strategy": "auto_growth"}
    many = paddle.get_flags(["FLAGS_allocator_strategy", "FLAGS_eager_delete_tensor_gb"])
    assert set(many) == {"FLAGS_allocator_strategy", "FLAGS_eager_delete_tensor_gb"}
    # The prefix may be left off; the answer is keyed by the prefixed name.
    assert paddle.get_flags(("allocator_strategy",)) == one


def test_set_get_round_trip_for_each_type(restore_flags):
    for name, info in core.list_flags().items():
        default = info["default"]
        if isinstance(default, bool):
            value = not default
        elif isinstance(default, int):
            value = default + 3
        elif isinstance(default, float):
            value = default + 0.5
        else:
            continue  # string flags have constrained values; see below
        paddle.set_flags({name: value})
        got = paddle.get_flags(name)[name]
        assert got == value and type(got) is type(default), name


def test_set_string_flag(restore_flags):
    paddle.set_flags({"FLAGS_allocator_strategy": "chunked"})
    assert paddle.get_flags("FLAGS_allocator_strategy") == {"FLAGS_allocator_strategy": "chunked"}


def test_int_converts_to_a_float_flag(restore_flags):
    paddle.set_flags({"FLAGS_eager_delete_tensor_gb": 2})
    value = paddle.get_flags("FLAGS_eager_delete_tensor_gb")["FLAGS_eager_delete_tensor_gb"]
    assert value == 2.0 and isinstance(value, float)


def test_unknown_flag_raises():
    with pytest.raises(core.NotFoundError, match="FLAGS_no_such_flag"):
        paddle.get_flags("FLAGS_no_such_flag")
    with pytest.raises(core.NotFoundError, match="no_such_flag"):
        paddle.set_flags({"FLAGS_no_such_flag": 1})


def test_unknown_flag_in_set_flags_changes_nothing(restore_flags):
    before = paddle.get_flags("FLAGS_allocator_strategy")
    with pytest.raises(LookupError):
        paddle.set_flags({"FLAGS_allocator_strategy": "chunked", "FLAGS_no_such_flag": 1})
    assert paddle.get_flags("FLAGS_allocator_strategy") == before


def test_wrong_value_type_raises(restore_flags):
    with pytest.raises(core.InvalidArgumentError, match="FLAGS_allocator_strategy"):
        paddle.set_flags({"FLAGS_allocator_strategy": 3})
    with pytest.raises(core.InvalidArgumentError, match="FLAGS_eager_delete_tensor_gb"):
        paddle.set_flags({"FLAGS_eager_delete_tensor_gb": "lots"})
    with pytest.raises(TypeError, match="FLAGS_eager_delete_tensor_gb"):
        paddle.set_flags({"FLAGS_eager_delete_tensor_gb": [1.0]})


def test_bad_arguments_are_type_errors():
    with pytest.raises(TypeError):
        paddle.set_flags([("FLAGS_allocator_strategy", "chunked")])
    with pytest.raises(TypeError):
        paddle.get_flags(42)
    with pytest.raises(TypeError):
        paddle.get_flags(["FLAGS_allocator_strategy", 42])


def _run_python(code, **env):
    full_env = dict(os.environ, **env)
    result = subprocess.run(
        [sys.executable, "-c", code], env=full_env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_environment_variable_sets_the_flag_at_start_up():
    code = "import paddle; print(paddle.get_flags('FLAGS_allocator_strategy')['FLAGS_allocator_strategy'])"
    assert _run_python(code, FLAGS_allocator_strategy="chunked") == "chunked"
    env = {k: v for k, v in os.environ.items() if k != "FLAGS_allocator_strategy"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert result.stdout.strip() == "auto_growth"


def test_environment_strategy_selects_the_allocator():
    code = "import paddle; print(paddle.base.core.allocator_name())"
    chunked = _run_python(code, FLAGS_allocator_strategy="chunked")
    auto = _run_python(code, FLAGS_allocator_strategy="auto_growth")
    assert chunked != auto


def test_bad_environment_value_is_an_error_on_read_not_an_abort():
    code = (
        "import paddle\n"
        "try:\n"
        "    paddle.get_flags('FLAGS_eager_delete_tensor_gb')\n"
        "except ValueError as e:\n"
        "    print('raised:', e)\n"
        "paddle.set_flags({'FLAGS_eager_delete_tensor_gb': 1.0})\n"
        "print('fixed:', paddle.get_flags('FLAGS_eager_delete_tensor_gb'))\n"
    )
    env = dict(os.environ, FLAGS_eager_delete_tensor_gb="lots")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "raised:" in result.stdout and "'lots'" in result.stdout, result.stdout
    assert "environment variable FLAGS_eager_delete_tensor_gb" in result.stdout
    assert "fixed: {'FLAGS_eager_delete_tensor_gb': 1.0}" in result.stdout


def test_bad_strategy_name_is_rejected_when_set():
    before = paddle.get_flags("FLAGS_allocator_strategy")
    with pytest.raises(ValueError, match="one of auto_growth, chunked"):
        paddle.set_flags({"FLAGS_allocator_strategy": "bogus"})
    assert paddle.get_flags("FLAGS_allocator_strategy") == before


def test_huge_int_for_a_float_flag_is_a_float(restore_flags):
    paddle.set_flags({"FLAGS_eager_delete_tensor_gb": 2**64})
    assert paddle.get_flags("FLAGS_eager_delete_tensor_gb") == {
        "FLAGS_eager_delete_tensor_gb": float(2**64)
    }
    with pytest.raises(core.InvalidArgumentError, match="FLAGS_eager_delete_tensor_gb"):
        paddle.set_flags({"FLAGS_eager_delete_tensor_gb": 10**400})


def test_int_flag_out_of_64_bits_names_the_flag(restore_flags):
    with pytest.raises(core.InvalidArgumentError, match="FLAGS_initial_cpu_memory_in_mb.*64-bit"):
        paddle.set_flags({"FLAGS_initial_cpu_memory_in_mb": 2**64})


def test_set_flags_is_all_or_nothing(restore_flags):
    before = paddle.get_flags(["FLAGS_allocator_strategy", "FLAGS_eager_delete_tensor_gb"])
    for bad in ({"FLAGS_eager_delete_tensor_gb": "lots"}, {"FLAGS_initial_cpu_memory_in_mb": -5}):
        with pytest.raises(core.InvalidArgumentError):
            paddle.set_flags({"FLAGS_allocator_strategy": "chunked", **bad})
        assert paddle.get_flags(list(before)) == before


def test_numpy_scalars_of_every_kind(restore_flags):
    np = pytest.importorskip("numpy")
    for value in (np.float32(1.5), np.float64(2.5), np.float16(0.5)):
        paddle.set_flags({"FLAGS_eager_delete_tensor_gb": value})
        got = paddle.get_flags("FLAGS_eager_delete_tensor_gb")["FLAGS_eager_delete_tensor_gb"]
        assert got == float(value) and isinstance(got, float)
    for value in (np.int32(3), np.int64(4), np.uint8(5)):
        paddle.set_flags({"FLAGS_initial_cpu_memory_in_mb": value})
        got = paddle.get_flags("FLAGS_initial_cpu_memory_in_mb")["FLAGS_initial_cpu_memory_in_mb"]
        assert got == int(value) and isinstance(got, int)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf")])
def test_float_flags_must_be_finite(restore_flags, bad):
    before = paddle.get_flags("FLAGS_eager_delete_tensor_gb")
    with pytest.raises(core.InvalidArgumentError, match="FLAGS_eager_delete_tensor_gb.*finite"):
        paddle.set_flags({"FLAGS_eager_delete_tensor_gb": bad})
    assert paddle.get_flags("FLAGS_eager_delete_tensor_gb") == before


def test_non_finite_environment_value_is_an_error_on_read():
    code = (
        "import paddle\n"
        "try:\n"
        "    paddle.get_flags('FLAGS_eager_delete_tensor_gb')\n"
        "except ValueError as e:\n"
        "    print('raised:', e)\n"
    )
    out = _run_python(code, FLAGS_eager_delete_tensor_gb="nan")
    assert "raised:" in out and "finite" in out
