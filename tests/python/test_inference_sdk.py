"""The C++ inference SDK as a user gets it: scripts/install_inference.sh's
layout (PaddlePaddle's paddle_inference_install_dir), a project of one's own
(examples/cpp) built out of tree with find_package(paddle_inference) against
the installed files alone, serving every model of tests/data with the outputs
PaddlePaddle recorded, and PaddlePaddle's own C++ CPU demo compiled the same
way with only the model path changed."""
import pathlib
import re
import shutil
import subprocess

import numpy as np
import pytest
from conftest import load_model_case, model_dirs

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
DATA = ROOT / "tests" / "data"
TOL = 1e-5

pytestmark = pytest.mark.skipif(
    not (BUILD / "CMakeCache.txt").exists() or shutil.which("cmake") is None,
    reason="needs the build/ of scripts/build.sh and cmake")


def run(cmd, timeout=120):
    out = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{cmd}\n{out.stdout}\n{out.stderr}"
    return out.stdout


@pytest.fixture(scope="module")
def sdk(tmp_path_factory):
    """The SDK installed into a fresh prefix: its paddle_inference_install_dir."""
    prefix = tmp_path_factory.mktemp("sdk")
    run(["bash", ROOT / "scripts/install_inference.sh", prefix], timeout=300)
    return prefix / "paddle_inference_install_dir"


def build_project(source, build_dir, *defines):
    run(["cmake", "-S", source, "-B", build_dir, *defines])
    run(["cmake", "--build", build_dir], timeout=300)
    return build_dir


def test_layout_is_paddlepaddles(sdk):
    for f in ("paddle/include/paddle_inference_api.h", "paddle/lib/libpaddle_inference.so",
              "paddle/lib/cmake/paddle_inference/paddle_inferenceConfig.cmake",
              "paddle/lib/cmake/paddle_inference/paddle_inferenceConfigVersion.cmake"):
        assert (sdk / f).is_file(), f
    # Nothing else is needed at run time: the library loads no other paddle library.
    assert sorted(p.name for p in (sdk / "paddle/lib").glob("*.so*")) == ["libpaddle_inference.so"]
    fields = dict(line.split(": ", 1) for line in (sdk / "version.txt").read_text().splitlines())
    assert list(fields)[:8] == ["Paddle version", "GIT COMMIT ID", "WITH_MKL", "WITH_ONEDNN",
                                "WITH_OPENVINO", "WITH_GPU", "WITH_ROCM", "WITH_IPU"]
    assert fields["WITH_GPU"] == "OFF" and re.fullmatch(r"[0-9a-f]{40}|unknown",
                                                        fields["GIT COMMIT ID"])
    assert "CXX compiler version" in fields


def test_header_alone_is_cpp11(sdk, tmp_path):
    src = tmp_path / "use.cc"
    src.write_text('#include "paddle_inference_api.h"\nint main() { return 0; }\n')
    run(["c++", "-std=c++11", "-pedantic", "-Werror", "-Wall", "-Wextra", "-fsyntax-only",
         "-I", sdk / "paddle/include", src])


@pytest.fixture(scope="module")
def example(sdk, tmp_path_factory):
    """examples/cpp built against the installed SDK (found by paddle_inference_DIR)."""
    build = tmp_path_factory.mktemp("example")
    build_project(ROOT / "examples/cpp", build,
                  f"-Dpaddle_inference_DIR={sdk}/paddle/lib/cmake/paddle_inference")
    return build / "run_model"


def parse_outputs(stdout):
    """{name: array} from run_model's `output NAME DTYPE [DIMS]` + values lines."""
    lines = stdout.splitlines()
    outputs = {}
    for i, line in enumerate(lines):
        m = re.fullmatch(r"output (\S+) (\S+) \[([\d, ]*)\]", line)
        if m:
            shape = [int(d) for d in m.group(3).split(", ")] if m.group(3) else []
            values = np.array([float(v) for v in lines[i + 1].split()], dtype="float64")
            outputs[m.group(1)] = (m.group(2), values.reshape(shape))
    return outputs


MODELS = model_dirs()


@pytest.mark.parametrize("model_dir", MODELS, ids=[d.name for d in MODELS])
def test_example_serves_every_model_as_paddlepaddle_recorded(example, model_dir):
    meta, _, expected = load_model_case(model_dir)
    got = parse_outputs(run([example, model_dir, model_dir / "io.npz"]))
    assert list(got) == meta["fetch_order"]
    for name, want in expected.items():
        dtype, values = got[name]
        assert dtype == str(want.dtype) and values.shape == want.shape, name
        np.testing.assert_allclose(values, want, rtol=0, atol=TOL, err_msg=f"{model_dir.name}:{name}")


def test_example_pool_of_four_threads_and_random_inputs(example):
    out = run([example, DATA / "mlp", DATA / "mlp/io.npz", "--pool", "4"])
    assert "pool of 4 predictors on 4 threads: outputs identical" in out
    # Without an npz the inputs are random, shaped as declared (-1 dims: 1).
    got = parse_outputs(run([example, DATA / "embed_pool"]))
    assert got["softmax_0.tmp_0"][1].shape == (1, 4)


def test_example_reports_errors_and_exits_nonzero(example, tmp_path):
    out = subprocess.run([str(example), str(tmp_path / "missing")], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 1
    assert "model directory" in out.stderr and "does not exist" in out.stderr


def test_paddlepaddle_cpu_demo_builds_and_matches(sdk, tmp_path):
    """Paddle-Inference-Demo's c++/cpu/resnet50 program (tests/sdk/resnet50_demo),
    found through CMAKE_PREFIX_PATH, on an ImageNet-shaped model."""
    build = build_project(ROOT / "tests/sdk/resnet50_demo", tmp_path / "demo",
                          f"-DCMAKE_PREFIX_PATH={sdk}/paddle")
    model = DATA / "tiny_resnet224"
    want = next(iter(np.load(model / "demo_io.npz").values())).ravel()
    for flags in ([f"--model_file={model}/model.pdmodel", f"--params_file={model}/model.pdiparams"],
                  [f"--model_dir={model}", "--use_ort", "--repeats=2"]):
        out = run([build / "resnet50_test", *flags])
        assert re.search(r"run avg time is [\d.]+ ms", out), out
        printed = dict(re.findall(r"^(\d+) : (\S+)$", out, re.M))
        assert list(printed) == [str(i) for i in range(0, 1000, 100)]
        for i, value in printed.items():
            # std::cout's 6 significant digits
            assert float(value) == pytest.approx(want[int(i)], rel=1e-5, abs=1e-5), i


def guide_blocks(lang):
    """(language, code) of each fenced block of docs/<lang>/inference_cpp.md."""
    text = (ROOT / "docs" / lang / "inference_cpp.md").read_text(encoding="utf-8")
    return re.findall(r"```(\w+)\n(.*?)```", text, re.S)


def test_guide_project_builds_and_prints_what_it_says(sdk, tmp_path):
    """docs/en/inference_cpp.md's CMakeLists.txt and programs, written out as a
    reader would, build against the installed SDK (moved after installing) and
    print what the text shows; the Chinese page has the same code."""
    en, zh = guide_blocks("en"), guide_blocks("zh")
    strip = lambda lang, code: re.sub(r"#.*", "", code) if lang in ("bash", "text") else code
    assert [strip(*b) for b in en if b[0] != "text"] == [strip(*b) for b in zh if b[0] != "text"]
    project = tmp_path / "my_app"
    project.mkdir()
    cmake = [code for lang, code in en if lang == "cmake"]
    assert len(cmake) == 1
    (project / "CMakeLists.txt").write_text(cmake[0])
    programs = [code for lang, code in en if lang == "cpp"]
    for code in programs:  # each starts with `// <file name>`
        (project / code.split("\n", 1)[0].removeprefix("// ")).write_text(code)
    assert sorted(p.name for p in project.glob("*.cc")) == ["classify.cc", "serve_threads.cc"]
    # The install dir may be moved: the package config finds it from its own place.
    moved = shutil.copytree(sdk, tmp_path / "moved" / "paddle_inference_install_dir")
    build = build_project(project, project / "build", f"-DCMAKE_PREFIX_PATH={moved}/paddle")
    assert str(moved) in (project / "build/CMakeCache.txt").read_text()
    shown = {line.split()[0].removeprefix("my_app/build/"): line.split("# ", 1)[1]
             for lang, code in en if lang == "bash" for line in code.splitlines()
             if line.startswith("my_app/build/")}
    for program, comment in shown.items():
        out = run([build / program, DATA / "mlp"]).strip()
        assert out.startswith(comment.removesuffix("...")), (program, out, comment)
