"""Failures in a multi-process job: a rank that raises ends the job with its
error (no hang), bad arguments raise typed errors on every rank, a collective
before init_parallel_env raises; and checkpoints (save on rank 0, load
everywhere) resume to the same losses."""
import json

import pytest

import paddle
import paddle.distributed as dist
from dist_util import check, needs_mpirun, run_job


@needs_mpirun
def test_a_rank_that_raises_ends_the_job_with_its_error(tmp_path):
    proc = run_job("errors.py", 3, tmp_path, "raise", timeout=90)
    assert proc.returncode != 0
    assert "ValueError: rank one failed on purpose" in proc.stderr


@needs_mpirun
@pytest.mark.parametrize("n", [2, 3])
def test_bad_input_raises_on_every_rank(n, tmp_path):
    check(run_job("errors.py", n, tmp_path, "checks"))
    for r in range(n):
        caught = json.loads((tmp_path / f"rank{r}.json").read_text())
        for name in ["shape", "dtype"]:
            kind, msg = caught[name]
            assert kind == "InvalidArgumentError" and "different dtypes or shapes" in msg, (r, name, msg)
        assert caught["broadcast_root"][0] == "ValueError" and "not a member" in caught["broadcast_root"][1]
        kind, msg = caught["reduce_scatter_shape"]
        assert kind == "InvalidArgumentError" and "must have the dtype and shape" in msg, msg
        assert caught["bad_op"][0] == "ValueError" and "ReduceOp" in caught["bad_op"][1]
        kind, msg = caught["one_bad_rank"]
        assert kind == "InvalidArgumentError"
        assert ("root rank" in msg) if r == 0 else ("another rank" in msg), (r, msg)
        assert caught["complex_max"][0] == "InvalidArgumentError" and "complex" in caught["complex_max"][1]
        if r == 0:
            assert caught["not_member"] is None
        else:
            assert caught["not_member"][0] == "RuntimeError" and "not a member" in caught["not_member"][1]
        if r == 1:
            assert caught["recv_dtype"][0] == "InvalidArgumentError" and "int32" in caught["recv_dtype"][1]
            assert caught["recv_size"][0] == "InvalidArgumentError", caught["recv_size"]
            assert "larger than the receiving tensor" in caught["recv_size"][1]
        assert caught["self_send"][0] == "InvalidArgumentError"
        kind, msg = caught["unused_parameter"]
        assert kind == "PreconditionNotMetError" and "find_unused_parameters=True" in msg, msg
        assert caught["model_differs"][0] == "InvalidArgumentError", caught["model_differs"]


def test_a_collective_before_init_parallel_env_raises():
    assert not dist.is_initialized()
    with pytest.raises(RuntimeError, match="init_parallel_env"):
        dist.all_reduce(paddle.ones([2]))
    with pytest.raises(RuntimeError, match="init_parallel_env"):
        dist.new_group([0])
    with pytest.raises(TypeError, match="paddle.Tensor"):
        dist.all_reduce([1.0, 2.0])


@needs_mpirun
def test_a_resumed_job_gives_the_uninterrupted_losses(tmp_path):
    for phase in ["full", "first", "resume"]:
        check(run_job("checkpoint.py", 2, tmp_path, phase))
    assert sorted(p.name for p in tmp_path.glob("ckpt*")) == ["ckpt.pdopt", "ckpt.pdparams"]
    for r in range(2):
        full = json.loads((tmp_path / f"full{r}.json").read_text())
        first = json.loads((tmp_path / f"first{r}.json").read_text())
        resumed = json.loads((tmp_path / f"resume{r}.json").read_text())
        assert first == pytest.approx(full[:3], rel=1e-6)
        assert resumed == pytest.approx(full[3:], rel=1e-6)
