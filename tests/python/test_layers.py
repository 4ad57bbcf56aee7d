"""The C++ layers point only down (docs/en/architecture.md): every
`#include "core/<layer>/..."` in core/ names a layer the including layer may
use. A new layer, or a new dependency, is a decision made here in the open."""
import pathlib
import re

import pytest

CORE = pathlib.Path(__file__).resolve().parents[2] / "core"

# What each layer may include, besides itself.
ALLOWED = {
    "base": set(),
    "memory": {"base"},
    "framework": {"base", "memory"},
    "ops": {"base", "memory", "framework"},
    "ir": {"base", "memory", "framework"},
    "executor": {"base", "memory", "framework"},
    "eager": {"base", "memory", "framework"},
    "inference": {"base", "memory", "framework", "ir", "executor"},
    "capi": {"base", "inference"},  # the C API: paddle_infer's public header, typed errors
    # Collectives (MPI), the DataParallel reducer (eager tensors' hooks), collective ops.
    "distributed": {"base", "memory", "framework", "eager"},
    "pybind": {"base", "memory", "framework", "ir", "executor", "inference", "eager", "distributed"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"core/([a-z_]+)/', re.MULTILINE)


def layer_files():
    for path in sorted(CORE.rglob("*")):
        if path.suffix in (".h", ".cc", ".cu") and path.is_file():
            yield path


def test_every_layer_is_known():
    layers = {p.relative_to(CORE).parts[0] for p in layer_files()}
    assert layers <= set(ALLOWED), f"layers without a rule: {layers - set(ALLOWED)}"


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_includes_only_layers_below(layer):
    wrong = []
    for path in layer_files():
        if path.relative_to(CORE).parts[0] != layer:
            continue
        for used in INCLUDE.findall(path.read_text(encoding="utf-8")):
            if used != layer and used not in ALLOWED[layer]:
                wrong.append(f"{path.relative_to(CORE.parent)} includes core/{used}")
    assert not wrong, "\n".join(wrong)


def test_java_jni_uses_only_the_c_api():
    """java/native, the JNI library of the Java API, is built on the C API alone:
    it includes pd_inference_api.h and no other paddle header."""
    sources = sorted((CORE.parent / "java" / "native").glob("*.[ch]"))
    assert sources, "java/native has no C sources"
    wrong = []
    for path in sources:
        for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', path.read_text(encoding="utf-8"),
                               re.MULTILINE):
            if name != "pd_inference_api.h":
                wrong.append(f"{path.relative_to(CORE.parent)} includes \"{name}\"")
    assert not wrong, "\n".join(wrong)
