"""A static-graph training program made data-parallel by fleet (c_allreduce_sum
on the gradients, c_broadcast of the initial parameters) gives on 2 and 3
ranks the parameters of one process on the concatenated batch."""
import sys

import numpy as np
import pytest

import paddle
from dist_util import WORKERS, check, needs_mpirun, run_job

sys.path.insert(0, str(WORKERS))
import static_models  # noqa: E402

pytestmark = needs_mpirun


@pytest.mark.parametrize("n", [2, 3])
def test_static_data_parallel_matches_one_process(n, tmp_path, static_programs):
    check(run_job("static_dp.py", n, tmp_path))
    main, startup, loss = static_models.build(seed=100, data_parallel=False)
    want = static_models.train(main, startup, loss, n)
    for r in range(n):
        got = np.load(tmp_path / f"rank{r}.npz")
        main_ops, startup_ops = list(got["main_ops"]), list(got["startup_ops"])
        assert main_ops.count("c_allreduce_sum") == len(want)  # one per gradient
        assert startup_ops.count("c_broadcast") == len(want)
        # The all-reduces come after the backward ops and before the updates.
        assert main_ops.index("sgd") > max(i for i, t in enumerate(main_ops) if t == "c_allreduce_sum")
        for name, value in want.items():
            np.testing.assert_allclose(got[name], value, rtol=2e-5, atol=2e-6, err_msg=f"rank {r}, {name}")
