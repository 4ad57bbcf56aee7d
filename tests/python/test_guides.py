"""The code blocks of the guides run, in order, as a reader would run them in a
fresh interpreter (docs/en/<guide> and its Chinese twin, which has the same code),
and print what the text says they print."""
import pathlib
import re

import pytest

import paddle

ROOT = pathlib.Path(__file__).resolve().parents[2]


def check_quickstart(out):
    assert "last loss" in out and out.strip().endswith("0.0")


def check_static_graphs(out):
    assert "['hidden.w_0', 'hidden.b_0', 'out.w_0', 'out.b_0']" in out
    assert "['hidden.w_0@GRAD', 'hidden.b_0@GRAD', 'out.w_0@GRAD', 'out.b_0@GRAD']" in out
    assert "served - direct: 0.0" in out and "restored: True" in out
    for message in ("feed 'x' must have shape [-1, 13] (-1: any size), got [4, 5]",
                    "fetch 'hiden.w_0' is not a variable of the program",
                    "'y' is an input of the program (paddle.static.data) and must be fed",
                    "PreconditionNotMetError"):
        assert message in out
    train, test = re.search(r"train loss (\S+) test loss (\S+)", out).groups()
    assert float(train) < 1.0 and float(test) < 1.0  # trained: untrained, the loss is about 10
    assert out.strip().endswith("True")  # back in eager mode


def check_api_governance(out):
    for line in ("unchanged: 0", "changed: 1", "approved: 0", "inside the window: 1",
                 "after it: 0",
                 "  python.spec  paddle.nn.functional.gelu (function)  default_changed [breaking]: "
                 "needs 2 members, 1 of core (owns the surface); has no valid approvals",
                 "  python.spec  paddle.sign: removed inside its deprecation window "
                 "(deprecated since 2026-12-01, removal after 2099-06-30)"):
        assert line in out.splitlines(), line


def check_distributed(out):
    lines = out.splitlines()
    assert lines[:4] == ["rank 0 of 1", "rank 0 [[0, 1], [4, 5], [8]]",
                         "rank 1 [[2, 3], [6, 7], [9]]", "same order for the same epoch: True"]
    epochs = [re.fullmatch(r"epoch (\d): 8 batches on each of 1 ranks, last loss (\S+)", l) for l in lines[4:7]]
    assert all(epochs) and float(epochs[-1].group(2)) < float(epochs[0].group(2))  # it trains
    assert lines[7:] == ["static data-parallel loss True"]


def check_saving_models(out):
    lines = out.splitlines()
    assert lines[:6] == ["['model.pdopt', 'model.pdparams']",
                         "['0.weight', '0.bias', '2.weight', '2.bias']",
                         "True",  # the restored checkpoint takes the same next step
                         "{'epoch': 3, 'best': array([0.25], dtype=float32), 'note': 'after warm-up'}",
                         "['classifier.pdiparams', 'classifier.pdmodel']",
                         "['features'] 0.0"]
    assert lines[6].startswith("PreconditionNotMetError: [jit.save] the model reads the value "
                               "of a tensor in Python (numpy(), item(), bool(), tolist() or "
                               "printing), so what it does depends on its input's values; an "
                               "exported program cannot express that.")
    assert lines[7:] == ["['features'] ['feed', 'mul', 'elementwise_add', 'fetch']", "(16, 2) 0.0"]


def check_adding_an_op(out):
    assert out.splitlines() == [
        "['X', 'Y'] ['x_num_col_dims', 'y_num_col_dims']",
        "[('cpu', 'float32'), ('cpu', 'float64')]",
        "paddle.Size([2, 5]) True",
        "True",  # mul_grad's gradient of X
        "InvalidArgumentError: [mul] X flattened at x_num_col_dims=1 is [2, 12] and Y flattened "
        "at y_num_col_dims=1 is [5, 5]: their inner sizes must match (X shape [2, 3, 4], "
        "Y shape [5, 5])"]


def check_installation(out):
    assert [line.rstrip() for line in out.splitlines()] == [
        paddle.__version__, "Running verify PaddlePaddle program ...",
        "PaddlePaddle works well on 1 CPU.",
        "PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now."]


GUIDES = {"quickstart.md": check_quickstart, "static_graphs.md": check_static_graphs,
          "api_governance.md": check_api_governance, "distributed.md": check_distributed,
          "saving_models.md": check_saving_models, "adding_an_op.md": check_adding_an_op,
          "installation.md": check_installation}


def code_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


@pytest.mark.parametrize("guide", sorted(GUIDES))
def test_guide_code_runs_and_both_languages_show_the_same_code(guide, capsys):
    en = code_blocks(ROOT / "docs/en" / guide)
    zh = code_blocks(ROOT / "docs/zh" / guide)
    assert en, f"docs/en/{guide} has no python code blocks"
    strip = lambda block: re.sub(r"#.*", "", block)  # comments are translated
    assert [strip(b) for b in zh] == [strip(b) for b in en]
    namespace = {}
    # A reader starts with fresh names and an empty global scope; static mode
    # ends with the guide even when a block fails.
    with paddle.utils.unique_name.guard(), \
            paddle.static.scope_guard(paddle.static.Scope()):
        try:
            for block in en:
                exec(compile(block, f"docs/en/{guide}", "exec"), namespace)
        finally:
            paddle.disable_static()
    GUIDES[guide](capsys.readouterr().out)
