"""Every model in tests/data (exported by the real PaddlePaddle 3.3.1) runs
through paddle.inference and matches the outputs PaddlePaddle recorded, with the
inference passes (ir_optim, on by default) and without them."""
import numpy as np
import pytest
from conftest import load_model_case, model_dirs

from paddle import inference

MODELS = model_dirs()
TOL = 1e-5


@pytest.mark.parametrize("ir_optim", [True, False], ids=["ir_optim", "no_ir_optim"])
@pytest.mark.parametrize("model_dir", MODELS, ids=[d.name for d in MODELS])
def test_model_matches_paddlepaddle(model_dir, ir_optim):
    meta, inputs, expected = load_model_case(model_dir)
    config = inference.Config(str(model_dir))
    config.switch_ir_optim(ir_optim)
    predictor = inference.create_predictor(config)
    assert predictor.get_input_names() == meta["feed_order"]
    assert predictor.get_output_names() == meta["fetch_order"]
    for name, value in inputs.items():
        predictor.get_input_handle(name).copy_from_cpu(value)
    predictor.run()
    for name, want in expected.items():
        got = predictor.get_output_handle(name).copy_to_cpu()
        assert got.dtype == want.dtype and got.shape == want.shape, name
        np.testing.assert_allclose(got, want, rtol=0, atol=TOL, err_msg=f"{model_dir.name}:{name}")


def test_the_mlp_is_among_the_models():
    assert "mlp" in [d.name for d in MODELS]
