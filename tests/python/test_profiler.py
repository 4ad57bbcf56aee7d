"""paddle.profiler: schedulers (against PaddlePaddle 3.3.1's state sequences in
tests/data/profiler/schedules.json), the events of an eager training step, of
static programs run by the Executor and of predictors on two threads, Chrome
trace export, the summary tables, timer_only, and bad input. The C++ recorder
itself: tests/cpp/profiler_test.cc."""
import json
import pathlib
import re
import threading
import warnings

import numpy as np
import pytest

import paddle
import paddle.profiler as profiler
from paddle import _core
from paddle.profiler import ProfilerState, SortedKeys, SummaryView, TracerEventType

from conftest import DATA, run_mlp

GUIDES = pathlib.Path(__file__).resolve().parents[2] / "docs"
SCHEDULES = json.loads((DATA / "profiler" / "schedules.json").read_text())


def no_export(prof):
    pass


def train_step(model, opt):
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(3, 4))
    loss = (model(x) * model(x)).mean()
    loss.backward()
    opt.step()
    opt.clear_grad()


@pytest.fixture
def model_and_opt():
    paddle.seed(0)
    model = paddle.nn.Linear(4, 2)
    return model, paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())


def recorded(model_and_opt, steps=3, **kwargs):
    """The profiler after `steps` training steps, every one recorded."""
    kwargs.setdefault("on_trace_ready", no_export)
    with profiler.Profiler(**kwargs) as prof:
        for _ in range(steps):
            with profiler.RecordEvent("train_step"):
                with profiler.RecordEvent("inner"):
                    train_step(*model_and_opt)
            prof.step()
    return prof


# --- schedulers -------------------------------------------------------------

@pytest.mark.parametrize("case", SCHEDULES["make_scheduler"], ids=lambda c: str(c["kwargs"]))
def test_make_scheduler_states_match_paddle(case):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ready=0 warns
        scheduler = profiler.make_scheduler(**case["kwargs"])
    assert [scheduler(s).name for s in range(SCHEDULES["steps"])] == case["states"]


@pytest.mark.parametrize("case", SCHEDULES["ranges"], ids=lambda c: str(c["range"]))
def test_tuple_scheduler_states_match_paddle(case):
    prof = profiler.Profiler(scheduler=tuple(case["range"]), on_trace_ready=no_export)
    assert [prof.scheduler(s).name for s in range(SCHEDULES["steps"])] == case["states"]


def test_public_names_match_paddle():
    # export_protobuf is left out: this build writes Chrome trace JSON only.
    assert sorted(profiler.__all__) == [n for n in SCHEDULES["all"] if n != "export_protobuf"]
    assert profiler.TracerEventType.Operator.value == 0  # public, though not in __all__


def test_ready_zero_warns():
    with pytest.warns(UserWarning, match="ready=0"):
        profiler.make_scheduler(closed=1, ready=0, record=1)


@pytest.mark.parametrize("kwargs, error", [
    (dict(closed=-1, ready=1, record=1), ValueError),
    (dict(closed=1, ready=-2, record=1), ValueError),
    (dict(closed=1, ready=1, record=0), ValueError),
    (dict(closed=1, ready=1, record=1, repeat=-1), ValueError),
    (dict(closed=1, ready=1, record=1, skip_first=-3), ValueError),
    (dict(closed=1.5, ready=1, record=1), TypeError),
])
def test_make_scheduler_rejects_bad_counts(kwargs, error):
    with pytest.raises(error, match=r"\[make_scheduler\]"):
        profiler.make_scheduler(**kwargs)


@pytest.mark.parametrize("scheduler, error", [
    ((3, 3), ValueError), ((5, 2), ValueError), ((1, 2, 3), ValueError), ((1.0, 2), TypeError),
    ("1-3", TypeError),
])
def test_profiler_rejects_bad_schedulers(scheduler, error):
    with pytest.raises(error, match=r"\[Profiler\]"):
        profiler.Profiler(scheduler=scheduler, on_trace_ready=no_export)


def test_spans_follow_the_schedule():
    spans = []
    sched = profiler.make_scheduler(closed=1, ready=1, record=2, repeat=2)
    with profiler.Profiler(scheduler=sched, on_trace_ready=lambda p: spans.append(
            (p.step_num, sorted(e.name for e in p.profiler_result.get_data()
                                if e.type == TracerEventType.ProfileStep)))) as prof:
        for _ in range(10):
            paddle.ones([2]) + 1
            prof.step()
    # Each span is handed over when its RECORD_AND_RETURN step ends.
    assert spans == [(4, ["ProfileStep#2", "ProfileStep#3"]), (8, ["ProfileStep#6", "ProfileStep#7"])]


def test_stop_in_a_record_step_hands_over_the_span():
    spans = []
    with profiler.Profiler(scheduler=(1, 100), on_trace_ready=spans.append) as prof:
        for _ in range(3):
            prof.step()
    assert len(spans) == 1
    names = {e.name for e in prof.profiler_result.get_data()}
    assert names == {"ProfileStep#1", "ProfileStep#2", "ProfileStep#3"}


# --- recorded events ---------------------------------------------------------

def test_training_step_events(model_and_opt):
    events = recorded(model_and_opt).profiler_result.get_data()
    names = {e.name for e in events}
    for op in ("matmul_v2", "elementwise_add", "elementwise_mul", "reduce_mean", "sgd",
               "matmul_v2_grad", "elementwise_add_grad"):
        assert op in names, op
    kinds = {e.name: e.type for e in events}
    assert kinds["matmul_v2"] == TracerEventType.Operator
    assert kinds["matmul_v2_grad_node"] == TracerEventType.Backward
    assert kinds["matmul_v2 infer_meta"] == TracerEventType.OperatorInner
    assert kinds["train_step"] == TracerEventType.PythonUserDefined
    assert kinds["ProfileStep#0"] == TracerEventType.ProfileStep
    assert kinds["Optimization Step"] == TracerEventType.Optimization
    sgd = next(e for e in events if e.name == "sgd")
    assert any(e.name == "Optimization Step" and e.start_ns <= sgd.start_ns and sgd.end_ns <= e.end_ns
               for e in events)
    assert all(e.end_ns >= e.start_ns for e in events)
    assert sum(e.name == "matmul_v2" for e in events) == 2 * 3  # two forward calls a step
    assert [e.start_ns for e in events] == sorted(e.start_ns for e in events)


def test_nested_events_lie_inside_their_parent(model_and_opt):
    events = recorded(model_and_opt).profiler_result.get_data()
    outers = [e for e in events if e.name == "train_step"]
    inners = [e for e in events if e.name == "inner"]
    steps = [e for e in events if e.type == TracerEventType.ProfileStep][:3]  # the 4th: stop
    assert len(outers) == len(inners) == 3
    for outer, inner, step in zip(outers, inners, steps):
        assert step.start_ns <= outer.start_ns <= inner.start_ns
        assert inner.end_ns <= outer.end_ns <= step.end_ns
    for node in (e for e in events if e.name == "matmul_v2_grad_node"):
        grad_ops = [e for e in events if e.name == "matmul_v2_grad"
                    and node.start_ns <= e.start_ns and e.end_ns <= node.end_ns]
        assert len(grad_ops) == 1


def test_nothing_is_recorded_when_off(model_and_opt):
    assert not _core.profiler_enabled()
    train_step(*model_and_opt)  # ops run while no profiler records
    with profiler.Profiler(on_trace_ready=no_export) as prof:
        pass
    assert [e.name for e in prof.profiler_result.get_data()] == ["ProfileStep#0"]
    assert not _core.profiler_enabled()
    # RecordEvent outside a profiler records nothing and ends cleanly.
    with profiler.RecordEvent("outside") as event:
        assert event.event is None


def test_record_event_rejects_bad_arguments():
    with pytest.raises(TypeError, match=r"\[RecordEvent\] name"):
        profiler.RecordEvent(3)
    with pytest.raises(TypeError, match=r"\[RecordEvent\] event_type"):
        profiler.RecordEvent("x", event_type=7)
    with profiler.Profiler(on_trace_ready=no_export) as prof:
        with pytest.warns(UserWarning, match="reserved"):
            with profiler.RecordEvent("op-like", TracerEventType.Operator):
                pass
    assert "op-like" not in {e.name for e in prof.profiler_result.get_data()}


def test_record_event_as_a_decorator():
    @profiler.RecordEvent("decorated")
    def work():
        return paddle.ones([2]) + paddle.ones([2])

    with profiler.Profiler(on_trace_ready=no_export) as prof:
        work()
        work()
    events = prof.profiler_result.get_data()
    spans = [e for e in events if e.name == "decorated"]
    assert len(spans) == 2
    adds = [e for e in events if e.name == "elementwise_add"]
    assert all(s.start_ns <= a.start_ns and a.end_ns <= s.end_ns for s, a in zip(spans, adds))


def test_start_twice_is_an_error():
    prof = profiler.Profiler(on_trace_ready=no_export)
    prof.start()
    try:
        with pytest.raises(RuntimeError, match=r"\[Profiler.start\] the profiler is already"):
            prof.start()
    finally:
        prof.stop()
    prof.stop()  # a second stop does nothing
    assert not _core.profiler_enabled()


def test_one_profiler_records_at_a_time():
    second = profiler.Profiler(on_trace_ready=no_export)
    with profiler.Profiler(on_trace_ready=no_export) as first:
        with pytest.raises(paddle.base.core.PreconditionNotMetError, match="already recording"):
            second.start()
        paddle.ones([2]) + paddle.ones([2])
    assert "elementwise_add" in {e.name for e in first.profiler_result.get_data()}
    with second:  # the failed start left nothing behind
        pass
    assert second.profiler_result is not None


def test_gpu_target_warns_once_and_records_the_cpu():
    with pytest.warns(UserWarning, match="not supported") as record:
        prof = profiler.Profiler(targets=[profiler.ProfilerTarget.CPU, profiler.ProfilerTarget.GPU,
                                          profiler.ProfilerTarget.GPU], on_trace_ready=no_export)
    assert len(record) == 1
    with prof:
        paddle.ones([2]) + paddle.ones([2])
    assert "elementwise_add" in {e.name for e in prof.profiler_result.get_data()}
    with pytest.raises(TypeError, match=r"\[Profiler\] targets"):
        profiler.Profiler(targets=["cpu"], on_trace_ready=no_export)


def test_executor_ops_of_predictors_on_two_threads_are_recorded(mlp_predictor, mlp_io, capsys):
    x, expected = mlp_io
    clone = mlp_predictor.clone()
    outputs = {}

    def serve(name, predictor):
        outputs[name] = run_mlp(predictor, x)

    with profiler.Profiler(on_trace_ready=no_export) as prof:
        threads = [threading.Thread(target=serve, args=(n, p))
                   for n, p in (("a", mlp_predictor), ("b", clone))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for out in outputs.values():
        np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-6)
    ops = [e for e in prof.profiler_result.get_data() if e.type == TracerEventType.Operator]
    by_thread = {}
    for e in ops:
        by_thread.setdefault(e.thread_id, []).append(e.name)
    assert len(by_thread) == 2  # each predictor ran its ops on its own thread
    first, second = by_thread.values()
    assert first == second and "softmax" in first
    prof.summary(views=SummaryView.OperatorView, thread_sep=True)
    text = capsys.readouterr().out
    assert text.count("Thread: ") == 2


def test_static_executor_ops_are_recorded_when_run_not_when_built():
    paddle.enable_static()
    try:
        with profiler.Profiler(on_trace_ready=no_export) as prof:
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup):
                x = paddle.static.data("x", [2, 3], "float32")
                y = paddle.nn.functional.relu(x)
            exe = paddle.static.Executor()
            exe.run(startup)
            for _ in range(2):
                (out,) = exe.run(main, feed={"x": -np.ones([2, 3], "float32")}, fetch_list=[y])
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(out, np.zeros([2, 3], "float32"))
    relus = [e for e in prof.profiler_result.get_data() if e.name == "relu"]
    assert len(relus) == 2  # appending relu to the program is not running it
    assert all(e.type == TracerEventType.Operator for e in relus)


def test_static_training_program_records_its_grad_and_optimizer_ops():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [4, 3], "float32")
            y = paddle.static.nn.fc(x, 2)
            loss = paddle.mean(y * y)
            paddle.optimizer.SGD(learning_rate=0.1).minimize(loss)
        exe = paddle.static.Executor()
        exe.run(startup)
        with profiler.Profiler(scheduler=(1, 3), on_trace_ready=no_export) as prof:
            for _ in range(4):
                exe.run(main, feed={"x": np.ones([4, 3], "float32")}, fetch_list=[loss])
                prof.step()
    finally:
        paddle.disable_static()
    events = prof.profiler_result.get_data()
    counts = {}
    for e in events:
        if e.type == TracerEventType.Operator:
            counts[e.name] = counts.get(e.name, 0) + 1
    # Steps 1 and 2 are recorded: each op of the program once per run.
    assert counts["mul"] == counts["mul_grad"] == counts["reduce_mean_grad"] == 2
    assert counts["sgd"] == 4  # the fc's weight and bias
    steps = sorted(e.name for e in events if e.type == TracerEventType.ProfileStep)
    assert steps == ["ProfileStep#1", "ProfileStep#2"]


# --- chrome trace ------------------------------------------------------------

def test_chrome_trace_files_parse_with_the_required_keys(model_and_opt, tmp_path):
    sched = profiler.make_scheduler(closed=1, ready=1, record=1, repeat=2)
    with profiler.Profiler(scheduler=sched,
                           on_trace_ready=profiler.export_chrome_tracing(str(tmp_path), "w")) as prof:
        for _ in range(6):
            train_step(*model_and_opt)
            prof.step()
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2  # one per recorded span
    for path in files:
        assert re.fullmatch(r"w_time_[\d_]+\.paddle_trace\.json", path.name)
        trace = json.loads(path.read_text())
        complete = [e for e in trace["traceEvents"] if e["ph"] == "X"]
        assert complete
        for e in complete:
            assert {"name", "ph", "ts", "dur", "pid", "tid", "cat"} <= set(e)
            assert e["dur"] >= 0 and isinstance(e["ts"], float)
        assert {"matmul_v2", "sgd"} <= {e["name"] for e in complete}
        assert {e["cat"] for e in complete} >= {"Operator", "Backward", "ProfileStep"}


def test_export_and_load_round_trip(model_and_opt, tmp_path):
    prof = recorded(model_and_opt, steps=1)
    path = tmp_path / "sub" / "trace.json"
    prof.export(str(path))
    loaded = profiler.load_profiler_result(str(path)).get_data()
    original = prof.profiler_result.get_data()
    assert [(e.name, e.type, e.thread_id) for e in loaded] == \
        [(e.name, e.type, e.thread_id) for e in original]
    assert all(abs((a.end_ns - a.start_ns) - (b.end_ns - b.start_ns)) <= 2
               for a, b in zip(loaded, original))


def test_export_rejects_unknown_formats(model_and_opt, tmp_path):
    prof = recorded(model_and_opt, steps=1)
    for fmt in ("pb", "csv"):
        with pytest.raises(ValueError, match=r"\[Profiler.export\] format"):
            prof.export(str(tmp_path / "t"), format=fmt)
    for text in ("{not json", '{"events": []}',
                 '{"traceEvents": [{"ph": "X", "name": "a", "cat": "Nope", "ts": 1, "dur": 1, "tid": 0}]}'):
        (tmp_path / "bad.json").write_text(text)
        with pytest.raises(ValueError, match=r"\[load_profiler_result\]"):
            profiler.load_profiler_result(str(tmp_path / "bad.json"))


# --- summary -----------------------------------------------------------------

def table_rows(text, title):
    """{name: cells} of the rows of one table of the summary text."""
    section = text.split(title, 1)[1].split("\n\n\n", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) >= 3 and not line.startswith("-") and cells[0] not in ("Name", "Event Type"):
            rows[cells[0]] = cells[1:]
    return rows


def test_summary_tables_hold_the_ops_and_consistent_sums(model_and_opt, capsys):
    prof = recorded(model_and_opt)
    prof.summary(time_unit="ns", op_detail=False)
    text = capsys.readouterr().out
    for title in ("Overview Summary", "Model Summary", "Operator Summary", "UserDefined Summary"):
        assert title in text
    ops = table_rows(text, "Operator Summary")
    events = prof.profiler_result.get_data()
    for name in ("matmul_v2", "elementwise_add", "sgd"):
        calls = [e for e in events if e.name == name]
        total, avg, high, low, _ = (float(v) for v in ops[name][1].split(" / "))
        assert int(ops[name][0]) == len(calls)
        durations = [e.end_ns - e.start_ns for e in calls]
        assert total == pytest.approx(sum(durations), abs=0.01)
        assert high == pytest.approx(max(durations), abs=0.01)
        assert low == pytest.approx(min(durations), abs=0.01)
        assert avg == pytest.approx(total / len(calls), abs=0.01)
    overview = table_rows(text, "Overview Summary")
    assert overview["ProfileStep"][2] == "100.00"
    op_calls = sum(int(cells[0]) for cells in ops.values())
    assert int(overview["Operator"][0]) == op_calls
    assert float(overview["Operator"][1]) == pytest.approx(
        sum(float(cells[1].split(" / ")[0]) for cells in ops.values()), abs=0.05 * len(ops))
    model = table_rows(text, "Model Summary")
    parts = sum(float(model[phase][1].split(" / ")[-1])
                for phase in ("Backward", "Optimization", "Others"))
    assert parts == pytest.approx(100.0, abs=0.03)
    assert model["Optimization"][0] == "3"
    assert table_rows(text, "UserDefined Summary")["train_step"][0] == "3"


def test_summary_sorting_views_threads_and_detail(model_and_opt, capsys):
    prof = recorded(model_and_opt)
    prof.summary(sorted_by=SortedKeys.CPUMin, views=SummaryView.OperatorView, thread_sep=True,
                 time_unit="us", op_detail=False)
    text = capsys.readouterr().out
    assert "Overview Summary" not in text and "Thread: 0" in text
    mins = [float(cells[1].split(" / ")[3]) for name, cells in table_rows(text, "Operator Summary").items()]
    assert mins == sorted(mins)
    assert "infer_meta" not in text  # op_detail=False
    # op_detail: under each op what ran inside it (its shape inference), with its
    # share of the op's time; the user table lists outermost spans only.
    prof.summary(views=[SummaryView.OperatorView, SummaryView.UDFView], op_detail=True)
    detail = capsys.readouterr().out
    lines = detail.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("matmul_v2 "))
    assert lines[row + 1].startswith("  matmul_v2 infer_meta ")
    ratio = float(re.split(r"\s{2,}", lines[row + 1].strip())[2].split(" / ")[-1])
    assert 0 < ratio <= 100
    assert "  inner" not in detail


def test_summary_of_a_loaded_trace_without_steps(tmp_path, capsys):
    from paddle.profiler.statistics import SummaryBuilder

    trace = {"traceEvents": [  # out of order, no ProfileStep: the span of the events is the total
        {"ph": "X", "name": "b", "cat": "Operator", "ts": 3.0, "dur": 1.0, "pid": 1, "tid": 0},
        {"ph": "X", "name": "a", "cat": "Operator", "ts": 0.0, "dur": 2.0, "pid": 1, "tid": 0},
        {"ph": "X", "name": "a kernel", "cat": "OperatorInner", "ts": 0.5, "dur": 1.0, "pid": 1,
         "tid": 0}]}
    (tmp_path / "t.json").write_text(json.dumps(trace))
    events = profiler.load_profiler_result(str(tmp_path / "t.json")).get_data()
    text = SummaryBuilder(events, time_unit="ns").build(list(SummaryView))
    ops = table_rows(text, "Operator Summary")
    assert ops["a"] == ["1", "2000.00 / 2000.00 / 2000.00 / 2000.00 / 50.00"]
    assert ops["a kernel"] == ["1", "1000.00 / 1000.00 / 1000.00 / 1000.00 / 50.00"]  # of a's time
    assert ops["b"] == ["1", "1000.00 / 1000.00 / 1000.00 / 1000.00 / 25.00"]
    assert "inf" not in text


def test_summary_rejects_bad_arguments(model_and_opt):
    prof = recorded(model_and_opt, steps=1)
    with pytest.raises(TypeError, match=r"\[Profiler.summary\] sorted_by"):
        prof.summary(sorted_by="CPUTotal")
    with pytest.raises(ValueError, match=r"\[Profiler.summary\] time_unit"):
        prof.summary(time_unit="min")
    with pytest.raises(TypeError, match=r"\[Profiler.summary\] views"):
        prof.summary(views=["OverView"])


# --- timing ------------------------------------------------------------------

def test_timer_only_times_steps_without_recording(capsys):
    prof = profiler.Profiler(timer_only=True, on_trace_ready=no_export)
    prof.start()
    assert not _core.profiler_enabled()
    for _ in range(3):
        paddle.ones([2]) + 1
        prof.step(num_samples=4)
    info = prof.step_info(unit="images")
    assert re.fullmatch(r" batch_cost: \d+\.\d{5} s ips: \d+\.\d{3} images/s", info)
    assert prof.step_info() == ""  # averaged since the last call: no step since
    prof.step()
    assert re.fullmatch(r" batch_cost: \d+\.\d{5} s ips: \d+\.\d{3} steps/s", prof.step_info())
    prof.stop()
    assert prof.profiler_result is None


def test_perf_summary_after_more_than_ten_steps(capsys):
    with profiler.Profiler(timer_only=True) as prof:
        for _ in range(12):
            prof.step(num_samples=2)
    out = capsys.readouterr().out
    assert "Perf Summary" in out and "IPS Unit: samples/s" in out
    assert re.search(r"\|\s+batch_cost\s+\|\s+\d", out)


def test_step_info_reports_reader_cost_of_the_dataloader():
    loader = paddle.io.DataLoader(paddle.io.TensorDataset([paddle.ones([8, 2])]), batch_size=2)
    with profiler.Profiler(timer_only=True) as prof:
        for _ in loader:
            prof.step(num_samples=2)
        info = prof.step_info()
    assert info.startswith(" reader_cost: ") and "samples/s" in info


def test_dataloader_reads_are_dataloader_events(capsys):
    loader = paddle.io.DataLoader(paddle.io.TensorDataset([paddle.ones([8, 2])]), batch_size=2)
    with profiler.Profiler(on_trace_ready=no_export) as prof:
        for (batch,) in loader:
            batch * 2
            prof.step()
    events = prof.profiler_result.get_data()
    reads = [e for e in events if e.type == TracerEventType.Dataloader]
    assert len(reads) == 4 and {e.name for e in reads} == {"DataLoader"}
    prof.summary(views=SummaryView.ModelView)
    assert table_rows(capsys.readouterr().out, "Model Summary")["Dataloader"][0] == "4"


def test_step_rejects_bad_num_samples():
    with profiler.Profiler(timer_only=True) as prof:
        with pytest.raises(ValueError, match=r"\[Profiler.step\] num_samples"):
            prof.step(num_samples=-1)


# --- the guide and the docstrings ------------------------------------------------

def guide_code(lang):
    return re.findall(r"```python\n(.*?)```", (GUIDES / lang / "profiling.md").read_text(), re.S)


def test_profiling_guide_runs_and_both_languages_show_the_same_code(capsys):
    en, zh = guide_code("en"), guide_code("zh")
    strip = lambda block: re.sub(r"#.*", "", block)  # comments are translated
    assert en and [strip(b) for b in zh] == [strip(b) for b in en]
    namespace = {}
    for block in en:
        exec(compile(block, "docs/en/profiling.md", "exec"), namespace)
    out = capsys.readouterr().out
    assert "Operator Summary" in out and "matmul_v2" in out and "samples/s" in out
    assert len(list(pathlib.Path(namespace["log_dir"]).iterdir())) == 1
