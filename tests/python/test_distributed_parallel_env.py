"""paddle.distributed.ParallelEnv: PaddlePaddle 3.3.1's properties for the
same environment (recorded by tools/oracle/record_distributed_batch_sampler.py),
Open MPI's variables under a plain mpirun, the device, bad values."""
import json
import pathlib

import pytest

import paddle
import paddle.distributed as dist

RECORD = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "distributed"
                     / "batch_sampler.json").read_text())["parallel_env"]


@pytest.mark.parametrize("case", RECORD, ids=["unset", "set"])
def test_properties_match_paddle(case, outside_a_job):
    for name, value in case["environment"].items():
        outside_a_job.setenv(name, value)
    parallel_env = dist.ParallelEnv()
    got = {name: getattr(parallel_env, name) for name in case["properties"]}
    assert got == case["properties"]


def test_open_mpi_variables_under_a_plain_mpirun(outside_a_job):
    outside_a_job.setenv("OMPI_COMM_WORLD_RANK", "3")
    outside_a_job.setenv("OMPI_COMM_WORLD_SIZE", "4")
    outside_a_job.setenv("OMPI_COMM_WORLD_LOCAL_RANK", "1")
    parallel_env = dist.ParallelEnv()
    assert (parallel_env.rank, parallel_env.world_size, parallel_env.device_id) == (3, 4, 1)
    outside_a_job.setenv("PADDLE_TRAINER_ID", "0")  # the launcher's variables come first
    outside_a_job.setenv("PADDLE_TRAINERS_NUM", "2")
    outside_a_job.setenv("FLAGS_selected_gpus", "2,3")
    parallel_env = dist.ParallelEnv()
    assert (parallel_env.rank, parallel_env.nranks, parallel_env.dev_id) == (0, 2, 2)


def test_read_when_created(outside_a_job):
    outside_a_job.setenv("PADDLE_TRAINER_ID", "1")
    parallel_env = dist.ParallelEnv()
    outside_a_job.setenv("PADDLE_TRAINER_ID", "2")
    assert parallel_env.rank == 1 and dist.ParallelEnv().rank == 2


@pytest.mark.parametrize("name, value, error, message", [
    ("PADDLE_TRAINERS_NUM", "two", ValueError,
     "PADDLE_TRAINERS_NUM must be an integer, got 'two'"),
    ("OMPI_COMM_WORLD_RANK", "1.5", ValueError,
     "OMPI_COMM_WORLD_RANK must be an integer, got '1.5'"),
    ("FLAGS_nccl_nrings", "9", AssertionError, r"FLAGS_nccl_nrings must be in \[1, 8\], got 9"),
])
def test_bad_values_are_named(outside_a_job, name, value, error, message):
    outside_a_job.setenv(name, value)
    with pytest.raises(error, match=message):
        dist.ParallelEnv()


def test_exported_where_paddle_has_it():
    assert paddle.distributed.ParallelEnv is dist.parallel_env.ParallelEnv
    assert "ParallelEnv" in dist.__all__ and "launch" in dist.__all__
