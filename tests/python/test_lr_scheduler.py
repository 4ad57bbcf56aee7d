"""paddle.optimizer.lr against what PaddlePaddle 3.3.1 recorded
(tools/oracle/record_lr_schedulers.py -> tests/data/lr_schedulers/schedules.json):
every scheduler's rates over 30 steps, after step(epoch) jumps and after a
state_dict round trip, what verbose prints, and the errors of bad arguments;
then the base class, ReduceOnPlateau's metric types and the docstring examples."""
import json
import pathlib
import pickle
import warnings

import numpy as np
import pytest

import paddle
from paddle.optimizer import lr
from tools.oracle.lr_cases import (PLATEAU_METRICS, RESUME_AFTER, build_scheduler,
                                   public_attributes)

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "data" / "lr_schedulers" / "schedules.json"
RECORDED = json.loads(FIXTURE.read_text())
CASES = RECORDED["cases"]
CASE_IDS = [f"{i}-{case['scheduler']}" for i, case in enumerate(CASES)]

BUILTIN_ERRORS = {"ValueError": ValueError, "TypeError": TypeError,
                  "AssertionError": AssertionError}


def close(expected):
    return pytest.approx(expected, rel=1e-12, abs=1e-15)


def make(case, **extra):
    return build_scheduler(lr, case["scheduler"], {**case["kwargs"], **extra})


def metrics_of(case):
    return list(PLATEAU_METRICS) if case["scheduler"] == "ReduceOnPlateau" else None


def expect_error(entry, call):
    with pytest.raises(BUILTIN_ERRORS[entry["error"]]) as caught:
        call()
    assert str(caught.value) == entry["message"]


def replay_steps(sched, expected, metrics=None):
    """Steps as the recorder did and holds each [last_epoch, rate] (or error) to it."""
    for i, want in enumerate(expected):
        step = sched.step if metrics is None else (lambda m=metrics[i]: sched.step(m))
        if isinstance(want, dict):
            expect_error(want, step)
            return
        step()
        assert sched.last_epoch == want[0], i
        assert sched() == close(want[1]), i


def test_all_names_match_paddle():
    assert lr.__all__ == RECORDED["all"]
    assert paddle.optimizer.lr is lr


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_steps_follow_paddle(case):
    sched = make(case)
    assert [sched.last_epoch, sched()] == [case["initial"][0], close(case["initial"][1])]
    replay_steps(sched, case["steps"], metrics_of(case))


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_public_attributes_match_paddle(case):
    sched = make(case)
    assert public_attributes(sched) == close(case["attributes"])
    replay_steps(sched, case["steps"], metrics_of(case))
    assert public_attributes(sched) == close(case["attributes_after_steps"])


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_step_to_epoch_follows_paddle(case):
    sched = make(case)
    metrics = metrics_of(case)
    for i, want in enumerate(case["jumps"]):
        if isinstance(want, dict):
            expect_error(want, lambda: sched.step(want["epoch"]))
            assert sched.last_epoch == want["last_epoch"]
            continue
        if metrics is None:
            sched.step(want[0])
        else:
            sched.step(metrics[i], want[0])
        assert [sched.last_epoch, sched()] == [want[1], close(want[2])], want[0]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_state_dict_round_trip_resumes_as_paddle(case):
    metrics = metrics_of(case)
    sched = make(case)
    replay_steps(sched, case["steps"][:RESUME_AFTER], metrics)
    state = sched.state_dict()
    assert list(state) == list(case["state_dict"])
    for key, value in case["state_dict"].items():
        got = state[key]
        assert (got == close(value)) if not isinstance(value, dict) else got == value, key

    resumed = make(case)
    with warnings.catch_warnings():
        # PaddlePaddle warns that LinearWarmup's nested state is an unused value.
        warnings.simplefilter("ignore")
        resumed.set_state_dict(state)
    replay_steps(resumed, case["resumed"], metrics[RESUME_AFTER:] if metrics else None)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_verbose_prints_as_paddle(case, capsys):
    sched = make(case, verbose=True)
    replay_steps(sched, case["steps"][:3], metrics_of(case))
    assert capsys.readouterr().out.splitlines() == case["verbose"]


PLATEAU_CASES = [(i, c) for i, c in enumerate(CASES) if c["scheduler"] == "ReduceOnPlateau"]


@pytest.mark.parametrize("case", [c for _, c in PLATEAU_CASES],
                         ids=[f"{i}" for i, _ in PLATEAU_CASES])
@pytest.mark.parametrize("kind,convert", [
    ("float", float),
    ("float32_ndarray", lambda v: np.array([v], dtype="float32")),
    ("float32_tensor", lambda v: paddle.to_tensor([v], dtype="float32")),
])
def test_plateau_compares_metrics_in_their_own_precision(case, kind, convert):
    metrics = [convert(m) for m in PLATEAU_METRICS]
    replay_steps(make(case), case["steps_by_metric_kind"][kind], metrics)


def test_the_float32_plateau_case_really_depends_on_precision():
    by_kind = [c["steps_by_metric_kind"] for _, c in PLATEAU_CASES]
    assert any(k["float"] != k["float32_ndarray"] for k in by_kind)


@pytest.mark.parametrize("bad", RECORDED["bad_arguments"],
                         ids=[f"{i}-{b['scheduler']}" for i, b in
                              enumerate(RECORDED["bad_arguments"])])
def test_bad_arguments_raise_as_paddle(bad):
    expect_error(bad, lambda: build_scheduler(lr, bad["scheduler"], bad["kwargs"]))


def test_base_class_needs_get_lr():
    with pytest.raises(NotImplementedError):
        lr.LRScheduler(0.1)


def test_subclass_with_get_lr_and_its_state():
    class Halving(lr.LRScheduler):
        def get_lr(self):
            return self.base_lr * 0.5 ** self.last_epoch

    sched = Halving(learning_rate=2, last_epoch=1)
    assert (sched.base_lr, sched.last_epoch, sched()) == (2.0, 2, 0.5)
    assert sched.state_dict() == {"last_epoch": 2, "last_lr": 0.5}
    assert sched.keys == ["last_epoch", "last_lr"]


def test_set_state_dict_requires_every_key_and_warns_about_extras():
    sched = lr.StepDecay(0.5, step_size=2)
    with pytest.raises(RuntimeError, match=r"Can't find \[ last_lr \] in state_dict"):
        sched.set_state_dict({"last_epoch": 3})
    with pytest.warns(UserWarning, match="unused values in state_dict"):
        sched.set_dict({"last_epoch": 3, "last_lr": 0.05, "other": 1})
    assert (sched.last_epoch, sched()) == (3, 0.05)


def test_one_cycle_stops_after_total_steps():
    sched = lr.OneCycleLR(1.0, total_steps=2)
    sched.step()
    sched.step()
    with pytest.raises(ValueError, match="Tried to step 3 times"):
        sched.step()


def test_warm_restarts_rejects_a_negative_epoch():
    with pytest.raises(ValueError, match="Expected non-negative epoch, but got -1"):
        lr.CosineAnnealingWarmRestarts(0.5, T_0=3).step(-1)


class _HasItem:
    """A scalar from another framework: only .item()."""

    def __init__(self, value):
        self.value = value

    def item(self):
        return self.value


@pytest.mark.parametrize("metric", [2.5, 2, np.float64(2.5), np.float32(2.5), np.int64(2),
                                    np.array(2.5), np.array([[2.5]], dtype="float32"),
                                    _HasItem(2.5)],
                         ids=["float", "int", "np.float64", "np.float32", "np.int64",
                              "0-d array", "[1, 1] array", "item()"])
def test_plateau_takes_any_one_element_metric(metric):
    sched = lr.ReduceOnPlateau(1.0, patience=0, factor=0.5)
    sched.step(1.0)
    sched.step(metric)
    assert (sched.last_epoch, sched(), sched.num_bad_epochs) == (2, 0.5, 0)
    assert sched.state_dict()["best"] == 1.0


@pytest.mark.parametrize("shape", [[], [1], [1, 1]])
def test_plateau_takes_a_one_element_tensor_and_saves_it_as_a_float(shape):
    sched = lr.ReduceOnPlateau(1.0, patience=0, factor=0.5)
    sched.step(paddle.to_tensor(np.full(shape, 2.5, dtype="float32")))
    sched.step(paddle.to_tensor(np.full(shape, 3.0, dtype="float32")))
    assert (sched.last_epoch, sched(), sched.num_bad_epochs) == (2, 0.5, 0)
    state = sched.state_dict()
    assert type(state["best"]) is float and state["best"] == 2.5


def test_plateau_rejects_a_tensor_of_two_elements():
    sched = lr.ReduceOnPlateau(1.0)
    with pytest.raises(AssertionError, match="the current metrics.size is 2"):
        sched.step(paddle.to_tensor([1.0, 2.0]))


@pytest.mark.parametrize("metric,error,message", [
    ("1.0", TypeError, "metrics must be 'int', 'float', 'np.float64', 'numpy.ndarray' or "
                       "'paddle.Tensor', but receive <class 'str'>"),
    ([1.0], TypeError, "but receive <class 'list'>"),
    (None, TypeError, "but receive <class 'NoneType'>"),
    (np.array([1.0, 2.0]), AssertionError, "the size of metrics must be 1, but the current "
                                           "metrics.size is 2."),
    (np.zeros((0,)), AssertionError, "metrics.size is 0."),
])
def test_plateau_rejects_other_metrics(metric, error, message):
    sched = lr.ReduceOnPlateau(1.0)
    with pytest.raises(error) as caught:
        sched.step(metric)
    assert message in str(caught.value)
    assert sched.best is None


def test_plateau_has_no_formula():
    with pytest.raises(NotImplementedError):
        lr.ReduceOnPlateau(1.0).get_lr()


def test_schedulers_pickle_under_their_public_module():
    sched = lr.PolynomialDecay(0.5, decay_steps=4, cycle=True)
    sched.step(6)
    again = pickle.loads(pickle.dumps(sched))
    assert type(again) is lr.PolynomialDecay
    assert (again.last_epoch, again()) == (sched.last_epoch, sched())
    assert all(getattr(lr, name).__module__ == "paddle.optimizer.lr" for name in lr.__all__)
