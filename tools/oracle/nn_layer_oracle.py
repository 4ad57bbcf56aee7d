"""Records PaddlePaddle 3.3.1's view of the models in
tests/python/nn_layer_models.py: the state_dict layout (key, parameter name,
shape, dtype, trainable) into tests/data/nn_layers/layout.json, and, with
seeded weights, the training-mode output, the parameter gradients of its
sum, the updated batch-norm statistics and the eval-mode output into
tests/data/nn_layers/values.npz.

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/nn_layer_oracle.py
"""
import json
import pathlib
import sys

import numpy as np
import paddle
import paddle.nn as nn
from paddle.utils import unique_name

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))

from nn_layer_models import MODELS, model_input, seeded_state  # noqa: E402


def main():
    layout, values = {}, {}
    for name, build in MODELS.items():
        with unique_name.guard():
            model, shape = build(paddle, nn)
        sd = model.state_dict()
        layout[name] = [[k, v.name, list(v.shape), str(v.dtype).replace("paddle.", ""),
                         not v.stop_gradient] for k, v in sd.items()]
        model.set_state_dict({k: paddle.to_tensor(a) for k, a in
                              seeded_state([(k, list(v.shape)) for k, v in sd.items()]).items()})
        x = paddle.to_tensor(model_input(name, shape))
        model.train()
        out = model(x)
        out.sum().backward()
        values[f"{name}:train"] = out.numpy()
        for k, p in model.named_parameters():
            if p.grad is not None:
                values[f"{name}:grad:{k}"] = p.grad.numpy()
        for k, v in model.state_dict().items():
            values[f"{name}:state:{k}"] = v.numpy()
        model.eval()
        values[f"{name}:eval"] = model(x).numpy()
    out_dir = ROOT / "tests" / "data" / "nn_layers"
    out_dir.mkdir(parents=True, exist_ok=True)
    lines = ",\n".join(f"  {json.dumps(k)}: [\n" + ",\n".join(f"    {json.dumps(e)}" for e in v)
                        + "\n  ]" for k, v in layout.items())
    (out_dir / "layout.json").write_text("{\n" + lines + "\n}\n")
    np.savez_compressed(out_dir / "values.npz", **values)
    print(f"wrote {len(MODELS)} models to {out_dir}")


if __name__ == "__main__":
    main()
