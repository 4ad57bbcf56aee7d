"""The exception classes of paddle.base.core: every C++ ErrorKind maps to its
own class, under EnforceNotMet and the matching Python builtin, and keeps the
C++ message ("[where] what was expected, what was got")."""
import pickle

import pytest

import paddle
from paddle import _core
from paddle.base import core

# ErrorKind name in C++ -> (Python class name, the builtin it also is)
KINDS = {
    "InvalidArgument": ("InvalidArgumentError", ValueError),
    "NotFound": ("NotFoundError", LookupError),
    "OutOfRange": ("OutOfRangeError", IndexError),
    "Unimplemented": ("UnimplementedError", NotImplementedError),
    "PreconditionNotMet": ("PreconditionNotMetError", RuntimeError),
    "InvalidModel": ("InvalidModelError", ValueError),
    "ResourceExhausted": ("ResourceExhaustedError", MemoryError),
    "Fatal": ("FatalError", RuntimeError),
}


def test_base_class():
    assert issubclass(core.EnforceNotMet, Exception)
    assert core.EnforceNotMet.__bases__ == (Exception,)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_class_hierarchy(kind):
    name, builtin = KINDS[kind]
    cls = getattr(core, name)
    assert cls.__bases__ == (core.EnforceNotMet, builtin)
    assert cls.__name__ == name
    assert cls.__module__ == "paddle.base.core"
    assert cls.__doc__


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_cpp_error_kind_maps_to_its_class(kind):
    name, builtin = KINDS[kind]
    message = f"[some_op] expected 3, got 4 ({kind})"
    with pytest.raises(getattr(core, name)) as info:
        _core._raise_for_test(kind, message)
    assert str(info.value) == message
    assert isinstance(info.value, builtin)
    assert isinstance(info.value, core.EnforceNotMet)
    # Classes are distinct: no other paddle class matches.
    others = [getattr(core, n) for k, (n, _) in KINDS.items() if k != kind]
    assert not isinstance(info.value, tuple(others))


def test_unicode_message_survives():
    with pytest.raises(core.InvalidArgumentError, match="形状"):
        _core._raise_for_test("InvalidArgument", "[reshape] 形状不匹配")


def test_undecodable_bytes_in_a_message_are_escaped_not_lost():
    with pytest.raises(core.InvalidModelError, match=r"bad \\xc0 name"):
        _core._raise_for_test("InvalidModel", b"[pdmodel] bad \xc0 name")


def test_unknown_kind_is_itself_an_invalid_argument():
    with pytest.raises(core.InvalidArgumentError, match="NoSuchKind"):
        _core._raise_for_test("NoSuchKind", "x")


def test_errors_pickle_round_trip():
    try:
        _core._raise_for_test("NotFound", "[flags] unknown flag 'x'")
    except core.NotFoundError as e:
        again = pickle.loads(pickle.dumps(e))
    assert type(again) is core.NotFoundError
    assert str(again) == "[flags] unknown flag 'x'"


def test_same_classes_under_every_name():
    assert paddle.base.core.InvalidModelError is paddle._core.InvalidModelError
    import paddle.base.core as imported

    assert imported.EnforceNotMet is core.EnforceNotMet


def test_real_errors_are_typed():
    # One real path per area, so the translator is exercised beyond the test hook.
    with pytest.raises(core.NotFoundError):
        core.get_op_proto("no_such_op")
    with pytest.raises(core.InvalidArgumentError):
        core.memory_stats("tpu")
