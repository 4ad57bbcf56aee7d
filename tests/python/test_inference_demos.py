"""PaddlePaddle's published CPU demos (Paddle-Inference-Demo python/cpu/resnet50,
c/cpu/resnet50, java/resnet50), written again from their API calls in tests/sdk,
run on tests/data/tiny_resnet224: each prints PaddlePaddle's recorded output for
the demo input (demo_io.npz, tools/oracle/record_cpp_demo.py)."""
import importlib.util
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

from conftest import DATA

ROOT = DATA.parents[1]
BUILD = ROOT / "build"
MODEL = DATA / "tiny_resnet224"
DEMOS = ROOT / "tests" / "sdk"
TOL = 1e-5


def expected():
    return next(iter(np.load(MODEL / "demo_io.npz").values())).ravel()


def run(cmd, timeout=300, **kwargs):
    out = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout,
                         **kwargs)
    assert out.returncode == 0, f"{cmd}\n{out.stdout}\n{out.stderr}"
    return out.stdout


def check_printed(stdout):
    """The demos print every 100th logit as `i : v`: all ten, as PaddlePaddle computed them."""
    printed = dict(re.findall(r"^(\d+) : (\S+)$", stdout, re.M))
    assert list(printed) == [str(i) for i in range(0, 1000, 100)], stdout
    want = expected()
    for i, value in printed.items():
        assert float(value) == pytest.approx(want[int(i)], rel=1e-5, abs=TOL), i


def load_python_demo():
    spec = importlib.util.spec_from_file_location(
        "infer_resnet", DEMOS / "python_resnet50_demo" / "infer_resnet.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_python_demo_matches_paddlepaddle():
    demo = load_python_demo()
    files = [f"--model_file={MODEL}/model.pdmodel", f"--params_file={MODEL}/model.pdiparams"]
    for flags in (files, [f"--model_dir={MODEL}", "--use_onnxruntime=1"],
                  files + ["--threads=2", "--precision=Bfloat16"]):
        predictor = demo.init_predictor(demo.parse_args(flags))
        (logits,) = demo.run(predictor, [demo.demo_image()])
        assert logits.shape == (1, 1000)
        np.testing.assert_allclose(logits.ravel(), expected(), rtol=0, atol=TOL, err_msg=str(flags))


def test_python_demo_runs_as_a_script():
    out = run([sys.executable, DEMOS / "python_resnet50_demo" / "infer_resnet.py",
               f"--model_file={MODEL}/model.pdmodel", f"--params_file={MODEL}/model.pdiparams"])
    assert f"class index:  {int(np.argmax(expected()))}\n" in out, out
    check_printed(out)


@pytest.mark.skipif(not (BUILD / "CMakeCache.txt").exists() or shutil.which("cmake") is None
                    or shutil.which("cc") is None,
                    reason="needs the build/ of scripts/build.sh, cmake and a C compiler")
def test_c_demo_builds_against_the_installed_sdk_and_matches(tmp_path):
    run(["cmake", "--install", BUILD, "--component", "paddle_inference_c", "--prefix", tmp_path])
    sdk = tmp_path / "paddle_inference_c_install_dir" / "paddle"
    build = tmp_path / "demo"
    run(["cmake", "-S", DEMOS / "c_resnet50_demo", "-B", build, f"-DCMAKE_PREFIX_PATH={sdk}"])
    run(["cmake", "--build", build])
    check_printed(run([build / "resnet50_demo", MODEL / "model.pdmodel",
                       MODEL / "model.pdiparams"]))
    out = subprocess.run([str(build / "resnet50_demo"), str(tmp_path / "missing.pdmodel"),
                          str(MODEL / "model.pdiparams")], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 1 and "PD_PredictorCreate failed: [PD_PredictorCreate]" in out.stderr


@pytest.mark.skipif(shutil.which("javac") is None
                    or not (BUILD / "java" / "libpaddle_inference_java.so").exists(),
                    reason="needs a JDK and the JNI library of scripts/build.sh (build/java)")
def test_java_demo_compiles_and_matches(tmp_path):
    sources = sorted(str(p) for p in (ROOT / "java/src/main/java").rglob("*.java"))
    run(["javac", "-nowarn", "-d", tmp_path, *sources,
         DEMOS / "java_resnet50_demo" / "test.java"])
    # As PaddlePaddle's Java demo is run: its System.loadLibrary("paddle_inference")
    # finds build/java/libpaddle_inference.so on java.library.path.
    out = run(["java", f"-Djava.library.path={BUILD / 'java'}", "-cp", tmp_path, "test",
               MODEL / "model.pdmodel", MODEL / "model.pdiparams"],
              env={**os.environ, "LD_LIBRARY_PATH": ""})
    assert "ignored (not in this build): EnableProfile" in out, out
    assert "inputs: 1, outputs: 1000" in out, out
    check_printed(out)
