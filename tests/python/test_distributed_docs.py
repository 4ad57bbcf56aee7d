"""The docstring examples of paddle.distributed run, on 2 ranks (the
examples are written for any number of ranks)."""
import json

from dist_util import check, needs_mpirun, run_job

pytestmark = needs_mpirun


def test_docstring_examples_run_on_two_ranks(tmp_path):
    check(run_job("doc_examples.py", 2, tmp_path))
    for r in range(2):
        result = json.loads((tmp_path / f"rank{r}.json").read_text())
        assert result["ran"] >= 25
        assert not result["failures"], "\n".join(result["failures"].values())
