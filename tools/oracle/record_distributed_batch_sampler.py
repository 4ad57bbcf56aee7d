"""Records how PaddlePaddle 3.3.1's paddle.io.DistributedBatchSampler shards a
dataset, for tests/data/distributed/batch_sampler.json.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_distributed_batch_sampler.py

For every dataset size of SIZES, batch size of BATCH_SIZES, number of ranks
of RANKS, each rank, shuffle and drop_last (and for a shuffle, each first
epoch of FIRST_EPOCHS, given by set_epoch) it writes len() and the batches of
EPOCHS passes (a shuffling sampler advances its epoch after each pass), one
row of SHARDING_FIELDS per case. Then
the samplers made without num_replicas and rank, which read them from the
environment of ENVIRONMENTS (ParallelEnv), and the properties of
paddle.distributed.ParallelEnv itself in the environments of
PARALLEL_ENVIRONMENTS (device_id is left out: a CPU build of PaddlePaddle does
not set it).
"""
import json
import os
import pathlib

from paddle.distributed import ParallelEnv
from paddle.io import DistributedBatchSampler

REPO = pathlib.Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "data" / "distributed" / "batch_sampler.json"
SIZES = [0, 1, 5, 7, 11, 17]
BATCH_SIZES = [1, 3, 4]
RANKS = [1, 2, 3, 4]
FIRST_EPOCHS = [0, 7]
EPOCHS = 3
SHARDING_FIELDS = ["n", "batch_size", "num_replicas", "rank", "shuffle", "drop_last",
                   "first_epoch", "len", "passes"]
ENVIRONMENTS = [{"PADDLE_TRAINERS_NUM": "3", "PADDLE_TRAINER_ID": "2"},
                {"PADDLE_TRAINERS_NUM": "2", "PADDLE_TRAINER_ID": "0"}]

PARALLEL_ENVIRONMENTS = [
    {},
    {"PADDLE_TRAINER_ID": "1", "PADDLE_TRAINERS_NUM": "2",
     "PADDLE_TRAINER_ENDPOINTS": "10.0.0.1:6070,10.0.0.1:6071",
     "PADDLE_CURRENT_ENDPOINT": "10.0.0.1:6071", "FLAGS_nccl_nrings": "3",
     "PADDLE_PG_TIMEOUT": "5000"},
]
PARALLEL_ENV_PROPERTIES = ["rank", "world_size", "local_rank", "nranks", "trainer_endpoints",
                           "current_endpoint", "nrings", "pg_timeout", "device_type"]


def passes(sampler, first_epoch):
    sampler.set_epoch(first_epoch)
    return [list(sampler) for _ in range(EPOCHS)]


def sharding_cases():
    cases = []
    for n in SIZES:
        for batch_size in BATCH_SIZES:
            for nranks in RANKS:
                for rank in range(nranks):
                    for shuffle in (False, True):
                        for drop_last in (False, True):
                            for first_epoch in (FIRST_EPOCHS if shuffle else [0]):
                                sampler = DistributedBatchSampler(
                                    list(range(n)), batch_size, nranks, rank, shuffle,
                                    drop_last)
                                cases.append([n, batch_size, nranks, rank, shuffle,
                                              drop_last, first_epoch, len(sampler),
                                              passes(sampler, first_epoch)])
    return cases


def environment_cases():
    cases = []
    for environment in ENVIRONMENTS:
        os.environ.update(environment)
        sampler = DistributedBatchSampler(list(range(10)), batch_size=2)
        cases.append({"environment": environment, "nranks": sampler.nranks,
                      "local_rank": sampler.local_rank, "batches": list(sampler)})
        for name in environment:
            del os.environ[name]
    return cases


def parallel_env_cases():
    cases = []
    for environment in PARALLEL_ENVIRONMENTS:
        os.environ.update(environment)
        env = ParallelEnv()
        cases.append({"environment": environment,
                      "properties": {name: getattr(env, name)
                                     for name in PARALLEL_ENV_PROPERTIES}})
        for name in environment:
            del os.environ[name]
    return cases


def main():
    OUT.parent.mkdir(parents=True, exist_ok=True)
    record = {"sharding_fields": SHARDING_FIELDS, "sharding": sharding_cases(),
              "environment": environment_cases(), "parallel_env": parallel_env_cases()}
    OUT.write_text(json.dumps(record, separators=(",", ":")) + "\n")
    print(f"wrote {OUT}: {len(record['sharding'])} sharding cases")


if __name__ == "__main__":
    main()
