"""A steady-state static training step takes nothing from the allocator: the
memory plan keeps the temporaries' buffers between runs, feeds are copied into
their variables' buffers, and fetches are copied into NumPy's memory. Feeding
reuses a buffer only where nobody else holds it."""
import gc

import numpy as np

import paddle
from paddle import nn, static
from paddle.base import core


def test_training_steps_allocate_nothing(static_programs):
    main, startup = static_programs
    x = static.data("x", [16, 1, 8, 8], "float32")
    label = static.data("label", [16], "int64")
    model = nn.Sequential(nn.Conv2D(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),
                          nn.Flatten(), nn.Linear(64, 10))
    loss = nn.CrossEntropyLoss()(model(x), label)
    paddle.optimizer.Adam(1e-3).minimize(loss)
    exe = static.Executor()
    exe.run(startup)
    rng = np.random.default_rng(0)
    feed = {"x": rng.random((16, 1, 8, 8), dtype="float32"), "label": rng.integers(0, 10, 16)}
    losses = [exe.run(main, feed=feed, fetch_list=[loss])[0] for _ in range(3)]  # warm-up
    gc.collect()
    before = core.memory_stats()
    for _ in range(20):
        losses.append(exe.run(main, feed=feed, fetch_list=[loss])[0])
    after = core.memory_stats()
    assert after == before  # not one allocation: allocated, reserved, peaks and count
    assert losses[-1] < losses[0]  # and it trained


def test_fetched_arrays_are_copies_that_later_runs_leave_alone(static_programs):
    x = static.data("x", [2, 3], "float32")
    y = x * 2.0
    exe = static.Executor()
    first = exe.run(feed={"x": np.ones([2, 3], "float32")}, fetch_list=[y, x])
    exe.run(feed={"x": np.full([2, 3], 5.0, "float32")}, fetch_list=[y, x])
    np.testing.assert_array_equal(first[0], np.full([2, 3], 2.0))
    np.testing.assert_array_equal(first[1], np.ones([2, 3]))


def test_feeds_cast_swap_and_gather_in_one_copy(static_programs):
    x = static.data("x", [None, 3], "float32")
    y = x + 0.0
    exe = static.Executor()
    base = np.arange(12, dtype="float64").reshape(4, 3)
    for value in (base, base.astype(">f4"), base.astype("float32")[::2], base.T.copy().T,
                  base.astype("int64").tolist()):
        (got,) = exe.run(feed={"x": value}, fetch_list=[y])
        np.testing.assert_array_equal(got, np.asarray(value, dtype="float32"))
        assert got.dtype == np.float32


def test_a_fed_tensor_is_never_overwritten_by_a_later_feed(static_programs):
    x = static.data("x", [2, 2], "float32")
    y = x * 1.0
    paddle.disable_static()
    t = paddle.to_tensor(np.ones([2, 2], "float32"))
    paddle.enable_static()
    exe = static.Executor()
    exe.run(feed={"x": t}, fetch_list=[y])
    (got,) = exe.run(feed={"x": np.full([2, 2], 7.0, "float32")}, fetch_list=[y])
    np.testing.assert_array_equal(got, np.full([2, 2], 7.0))
    np.testing.assert_array_equal(t.numpy(), np.ones([2, 2]))


def test_feeds_of_other_sizes_still_run(static_programs):
    x = static.data("x", [None, 2], "float32")
    y = paddle.sum(x)
    exe = static.Executor()
    for rows in (4, 1, 6, 0, 3):
        (got,) = exe.run(feed={"x": np.ones([rows, 2], "float32")}, fetch_list=[y])
        assert float(got) == 2.0 * rows
