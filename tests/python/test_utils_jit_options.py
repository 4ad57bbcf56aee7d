"""paddle.utils' deprecated, try_import, require_version and nested
structures (flatten, pack_sequence_as, map_structure), with the results
PaddlePaddle 3.3.1 gives; paddle.jit's dy2static switches checking their
arguments and leaving functions as they run."""
import collections
import math
import warnings

import pytest

import paddle
from paddle import utils

Point = collections.namedtuple("Point", "x y")


def test_flatten_is_depth_first_with_dicts_by_sorted_key():
    assert utils.flatten({"b": [1, (2, 3)], "a": 4}) == [4, 1, 2, 3]
    assert utils.flatten([1, [2, [3]], {"a": None}]) == [1, 2, 3, None]
    assert utils.flatten(5) == [5]
    assert utils.flatten(Point(1, [2])) == [1, 2]


def test_pack_sequence_as_rebuilds_each_container():
    assert utils.pack_sequence_as({"b": [1, (2, 3)], "a": 4}, [9, 8, 7, 6]) == \
        {"b": [8, (7, 6)], "a": 9}
    assert utils.pack_sequence_as(5, [7]) == 7
    packed = utils.pack_sequence_as(Point(1, (2,)), [5, 6])
    assert packed == Point(5, (6,)) and type(packed) is Point
    ordered = utils.pack_sequence_as(collections.OrderedDict([("b", 1), ("a", 2)]), [3, 4])
    assert list(ordered.items()) == [("b", 4), ("a", 3)]


def test_map_structure_over_several_structures():
    assert utils.map_structure(lambda a, b: a + b, [1, {"x": 2}], [10, {"x": 20}]) == \
        [11, {"x": 22}]
    assert utils.map_structure(lambda v: v * 2, Point(1, [2])) == Point(2, [4])


@pytest.mark.parametrize("call, error, words", [
    (lambda: utils.pack_sequence_as([1, 2], [1]), ValueError, "2 leaves"),
    (lambda: utils.pack_sequence_as([1], 1), TypeError, "flat_sequence"),
    (lambda: utils.map_structure(lambda a, b: a, [1, 2], [1]), ValueError, "structure 1"),
    (lambda: utils.map_structure(3, [1]), TypeError, "func"),
    (lambda: utils.require_version("1.x"), ValueError, "min_version"),
    (lambda: utils.require_version(1), TypeError, "min_version"),
    (lambda: utils.require_version("0.0.1", 2), TypeError, "max_version"),
    (lambda: utils.require_version("99.0"), RuntimeError, "99.0 or higher"),
    (lambda: utils.require_version("0.0.1", "0.0.2"), RuntimeError, r"\[0.0.1, 0.0.2\]"),
    (lambda: utils.try_import("no_such_module_here"), ImportError,
     "pip install no_such_module_here"),
    (lambda: utils.try_import("no_such_module_here", "get it"), ImportError, "get it"),
    (lambda: utils.deprecated(level=3), ValueError, "level"),
    (lambda: utils.deprecated(update_to="numpy.add"), ValueError, "paddle."),
    (lambda: utils.deprecated(since=2.0), TypeError, "since"),
])
def test_bad_input_raises_naming_it(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_require_version_accepts_this_build():
    installed = paddle.version.full_version.split("+")[0]
    assert utils.require_version("0.0.1") is None
    assert utils.require_version(installed, installed) is None


def test_deprecated_by_level():
    def make(level):
        @utils.deprecated(update_to="paddle.add", since="2.0", reason="renamed", level=level)
        def old(x):
            """Adds one."""
            return x + 1
        return old

    quiet, loud, refused = make(0), make(1), make(2)
    assert '.old" is deprecated since 2.0, and will be removed' in quiet.__doc__
    assert 'Please use "paddle.add" instead.' in quiet.__doc__ and "Reason: renamed" in quiet.__doc__
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert quiet(1) == 2
        assert loud(1) == 2
    assert len(caught) == 1 and "paddle.add" in str(caught[0].message)
    assert issubclass(caught[0].category, UserWarning)
    with pytest.raises(RuntimeError, match="has been deprecated"):
        refused(1)


def test_try_import_returns_the_module():
    assert utils.try_import("math") is math


def test_jit_switches_leave_functions_as_they_run():
    @paddle.jit.not_to_static
    def plus_one(x):
        return x + 1

    @paddle.jit.not_to_static()
    def twice(x):
        return 2 * x

    assert plus_one(1) == 2 and twice(2) == 4
    paddle.jit.ignore_module([math])
    paddle.jit.enable_to_static(False)
    doubled = paddle.jit.to_static(lambda x: x * 2)
    assert float(doubled(paddle.ones([1]))) == 2.0
    paddle.jit.enable_to_static(True)
    paddle.jit.set_code_level(2, also_to_stdout=True)
    paddle.jit.set_verbosity(3)
    paddle.jit.set_code_level()
    paddle.jit.set_verbosity()


@pytest.mark.parametrize("call, words", [
    (lambda: paddle.jit.not_to_static(3), "func"),
    (lambda: paddle.jit.ignore_module(math), "modules"),
    (lambda: paddle.jit.ignore_module(["math"]), "modules"),
    (lambda: paddle.jit.enable_to_static(1), "enable_to_static_bool"),
    (lambda: paddle.jit.set_code_level("2"), "level"),
    (lambda: paddle.jit.set_verbosity(1, also_to_stdout=1), "also_to_stdout"),
])
def test_jit_switches_check_their_arguments(call, words):
    with pytest.raises(TypeError, match=words):
        call()
