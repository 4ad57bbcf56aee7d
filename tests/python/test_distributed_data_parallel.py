"""paddle.DataParallel on 2 and 3 processes gives the parameters of one process
training on the concatenated batch (float tolerance): the MLP and LeNet,
gradient accumulation with no_sync(), and parameters unused in some steps."""
import sys

import numpy as np
import pytest

from dist_util import WORKERS, check, needs_mpirun, run_job

sys.path.insert(0, str(WORKERS))
import dp_models  # noqa: E402

pytestmark = needs_mpirun


def reference(kind, n, accumulate=1):
    model = dp_models.make_model(kind, seed=1234)  # rank 0's init
    dp_models.train(model, kind, n, accumulate=accumulate)
    return {k: v.numpy() for k, v in model.state_dict().items()}


@pytest.mark.parametrize("kind,n,accumulate", [("mlp", 2, 1), ("mlp", 3, 1), ("lenet", 2, 1),
                                               ("lenet", 3, 1), ("mlp", 2, 2), ("partly", 2, 1)])
def test_data_parallel_matches_one_process(kind, n, accumulate, tmp_path):
    check(run_job("dp_train.py", n, tmp_path, kind, accumulate))
    want = reference(kind, n, accumulate)
    for r in range(n):
        got = np.load(tmp_path / f"rank{r}.npz")
        assert int(got["buckets"]) >= 2
        for name, value in want.items():
            np.testing.assert_allclose(got[name], value, rtol=2e-5, atol=2e-6,
                                       err_msg=f"rank {r}, {name}")


def test_data_parallel_through_the_launcher(tmp_path):
    # The same training as above, started by python -m paddle.distributed.launch.
    check(run_job("dp_train.py", 2, tmp_path, "mlp", launcher=True, cwd=tmp_path))
    want = reference("mlp", 2)
    for r in range(2):
        got = np.load(tmp_path / f"rank{r}.npz")
        for name, value in want.items():
            np.testing.assert_allclose(got[name], value, rtol=2e-5, atol=2e-6, err_msg=f"rank {r}, {name}")
    assert sorted(p.name for p in (tmp_path / "log").iterdir()) == ["workerlog.0", "workerlog.1"]
