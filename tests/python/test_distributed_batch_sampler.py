"""paddle.io.DistributedBatchSampler: each rank's batches, over several
epochs, as PaddlePaddle 3.3.1 shards them (recorded by
tools/oracle/record_distributed_batch_sampler.py), and the number of ranks
and the rank taken from paddle.distributed.ParallelEnv."""
import json
import pathlib

import pytest

from paddle.io import DistributedBatchSampler

RECORD = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "distributed"
                     / "batch_sampler.json").read_text())
CASES = [dict(zip(RECORD["sharding_fields"], row)) for row in RECORD["sharding"]]
SIZES = sorted({case["n"] for case in CASES})


@pytest.mark.parametrize("n", SIZES)
def test_every_rank_of_every_epoch_matches_paddle(n):
    mismatches = []
    for case in (c for c in CASES if c["n"] == n):
        sampler = DistributedBatchSampler(list(range(n)), case["batch_size"],
                                          case["num_replicas"], case["rank"], case["shuffle"],
                                          case["drop_last"])
        sampler.set_epoch(case["first_epoch"])
        got = [list(sampler) for _ in case["passes"]]
        if got != case["passes"] or len(sampler) != case["len"]:
            mismatches.append((case, got, len(sampler)))
    assert not mismatches, f"{len(mismatches)} cases differ, the first: {mismatches[0]}"


def test_the_ranks_of_a_shuffled_epoch_cover_the_dataset_once_after_padding():
    n, nranks = 11, 3
    shards = [DistributedBatchSampler(list(range(n)), 2, nranks, rank, shuffle=True)
              for rank in range(nranks)]
    for shard in shards:
        shard.set_epoch(4)  # the same seed on every rank
    indices = sorted(i for shard in shards for batch in shard for i in batch)
    assert len(indices) == 12 and set(indices) == set(range(n))  # one index padded


@pytest.mark.parametrize("case", RECORD["environment"],
                         ids=lambda c: "rank{PADDLE_TRAINER_ID}of{PADDLE_TRAINERS_NUM}".format(
                             **c["environment"]))
def test_ranks_default_to_the_paddle_environment(case, outside_a_job):
    for name, value in case["environment"].items():
        outside_a_job.setenv(name, value)
    sampler = DistributedBatchSampler(list(range(10)), batch_size=2)
    assert (sampler.nranks, sampler.local_rank) == (case["nranks"], case["local_rank"])
    assert list(sampler) == case["batches"]


def test_ranks_default_to_open_mpi_under_a_plain_mpirun(outside_a_job):
    outside_a_job.setenv("OMPI_COMM_WORLD_SIZE", "3")
    outside_a_job.setenv("OMPI_COMM_WORLD_RANK", "2")
    sampler = DistributedBatchSampler(list(range(10)), batch_size=2)
    assert (sampler.nranks, sampler.local_rank) == (3, 2)
    outside_a_job.setenv("PADDLE_TRAINERS_NUM", "2")  # the launcher's variables come first
    outside_a_job.setenv("PADDLE_TRAINER_ID", "1")
    sampler = DistributedBatchSampler(list(range(10)), batch_size=2)
    assert (sampler.nranks, sampler.local_rank) == (2, 1)


def test_outside_a_job_one_rank_reads_everything(outside_a_job):
    sampler = DistributedBatchSampler(list(range(5)), batch_size=2)
    assert (sampler.nranks, sampler.local_rank) == (1, 0)
    assert list(sampler) == [[0, 1], [2, 3], [4]]


def test_a_bad_rank_variable_is_named(outside_a_job):
    outside_a_job.setenv("PADDLE_TRAINER_ID", "first")
    with pytest.raises(ValueError, match="PADDLE_TRAINER_ID must be an integer, got 'first'"):
        DistributedBatchSampler(list(range(5)), batch_size=2)
