"""Runs the docstring examples of the paddle.distributed APIs on every rank
(in the same order, as collectives need), through tools/docs/examples_runner.py;
each rank writes its failures to OUT/rank<r>.json. ParallelEnv's and the
launcher's examples describe a process outside a job: test_docstring_examples.py
runs them there, with every other example."""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "tools" / "docs"))
import examples_runner  # noqa: E402
import python_api  # noqa: E402

import paddle.distributed as dist  # noqa: E402

OUTSIDE_A_JOB = ("paddle.distributed.parallel_env", "paddle.distributed.launch")
apis = [a for a in python_api.collect() if a.name.startswith("paddle.distributed")
        and not getattr(a.obj, "__module__", "").startswith(OUTSIDE_A_JOB)]
failures, ran = examples_runner.run(apis)
json.dump({"ran": ran, "failures": dict(failures)},
          open(f"{sys.argv[1]}/rank{dist.get_rank()}.json", "w"))
