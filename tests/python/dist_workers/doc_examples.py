"""Runs the docstring examples of paddle.distributed on every rank (in the same
order, as collectives need); each rank writes its failures to OUT/rank<r>.json.
ParallelEnv's and the launcher's examples describe a process outside a job:
test_distributed_launch.py runs them there."""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import docstring_examples  # noqa: E402

import paddle  # noqa: E402
import paddle.distributed as dist  # noqa: E402

OUTSIDE_A_JOB = ("paddle.distributed.parallel_env", "paddle.distributed.launch")
tests = [t for t in docstring_examples.find(["paddle.distributed"]) if not t.name.startswith(OUTSIDE_A_JOB)]
failures = {t.name: docstring_examples.run(t, {"paddle": paddle, "np": np}) for t in tests}
json.dump({"ran": len(tests), "failures": {k: v for k, v in failures.items() if v}},
          open(f"{sys.argv[1]}/rank{dist.get_rank()}.json", "w"))
