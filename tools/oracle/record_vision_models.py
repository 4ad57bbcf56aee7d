"""Records PaddlePaddle 3.3.1's paddle.vision models for test_vision_models.py:
for each case of tests/python/vision_cases.py the state_dict layout (key,
parameter name, shape, dtype) into tests/data/vision/model_layouts.json, and
for the output cases the eval-mode output with seeded weights into
tests/data/vision/model_outputs.npz, for the init cases a summary of the
initial weights after paddle.seed into tests/data/vision/model_init.json (LeNet's seeded weights also as
tests/data/vision/lenet_seeded.pdparams).

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/record_vision_models.py
"""
import json
import pathlib
import sys

import numpy as np
import paddle
import paddle.vision.models as models
from paddle.utils import unique_name

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))

from vision_cases import (  # noqa: E402
    INIT_CASES, INIT_SEED, LAYOUT_CASES, OUTPUT_CASES, init_summary, seeded_input, seeded_state,
)

OUT = ROOT / "tests" / "data" / "vision"


def build(name):
    factory, kwargs = LAYOUT_CASES[name]
    with unique_name.guard():
        return getattr(models, factory)(**kwargs)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    layouts, outputs, inits = {}, {}, {}
    for name in LAYOUT_CASES:
        if name in INIT_CASES:
            paddle.seed(INIT_SEED)
        model = build(name)
        if name in INIT_CASES:
            inits[name] = init_summary(model.state_dict())
        sd = model.state_dict()
        layouts[name] = [[k, v.name, list(v.shape), str(v.dtype).replace("paddle.", "")]
                         for k, v in sd.items()]
        if name in OUTPUT_CASES:
            state = seeded_state([(k, list(v.shape)) for k, v in sd.items()])
            model.set_state_dict({k: paddle.to_tensor(a) for k, a in state.items()})
            model.eval()
            if name == "lenet":  # a real .pdparams file, to load end to end
                paddle.save(model.state_dict(), str(OUT / "lenet_seeded.pdparams"))
            with paddle.no_grad():
                out = model(paddle.to_tensor(seeded_input(OUTPUT_CASES[name])))
            # GoogLeNet returns its main and auxiliary outputs: stacked
            outputs[name] = np.stack([o.numpy() for o in out]) if isinstance(out, tuple) \
                else out.numpy()
        del model
    lines = ",\n".join(f"{json.dumps(name)}: [\n" + ",\n".join(json.dumps(row) for row in rows) + "]"
                       for name, rows in layouts.items())
    (OUT / "model_layouts.json").write_text("{\n" + lines + "\n}\n")
    np.savez_compressed(OUT / "model_outputs.npz", **outputs)
    (OUT / "model_init.json").write_text(json.dumps(inits) + "\n")


if __name__ == "__main__":
    main()
