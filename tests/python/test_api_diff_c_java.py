"""c.spec and java.spec through the differ and the gate: real changes made to
scratch copies of the C header (core/capi/pd_inference_api.h) and of the Java
sources (java/src/main/java), read back by the spec writers, each held to its
exact change class, verdict and approval outcome under the repository's
POLICY. Never touches api_spec/, the header or java/ themselves."""
import pathlib
import shutil
import textwrap

import pytest

from test_api_gate import COMMITTEE, _approve, _json
from tools.api_diff import c_spec, cli, java_spec
from tools.api_diff.differ import diff_specs

REPO = pathlib.Path(__file__).resolve().parents[2]
PKG = "com.baidu.paddle.inference"

# case -> ((old text, new text) of the header, the changes it makes:
# [(entity, change class, verdict, detail)]).
C_CASES = {
    "parameter added": (
        ("PD_ConfigSetModelDir(PD_Config* pd_config, const char* model_dir)",
         "PD_ConfigSetModelDir(PD_Config* pd_config, const char* model_dir, int32_t flags)"),
        [("PD_ConfigSetModelDir", "param_added_without_default", "breaking", "flags: int32_t")]),
    "parameter removed": (
        ("PD_TensorReshape(PD_Tensor* pd_tensor, size_t shape_size,",
         "PD_TensorReshape(PD_Tensor* pd_tensor,"),
        [("PD_TensorReshape", "param_removed", "breaking", "shape_size: size_t")]),
    "parameters swapped": (
        ("PD_TensorDataFloat(PD_Tensor* pd_tensor, PD_PlaceType* place,\n"
         "                                             int32_t* size)",
         "PD_TensorDataFloat(PD_Tensor* pd_tensor, int32_t* size, PD_PlaceType* place)"),
        [("PD_TensorDataFloat", "param_reordered", "breaking",
          "(pd_tensor, place, size) -> (pd_tensor, size, place)")]),
    "function became a macro": (
        ("PADDLE_CAPI_EXPORT PD_Bool PD_ConfigUseGpu(PD_Config* pd_config);\n",
         "#define PD_ConfigUseGpu(config) FALSE\n"),
        [("PD_ConfigUseGpu", "kind_changed", "breaking", "function -> macro")]),
    "return type changed": (
        ("PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSwitchIrOptim(",
         "PADDLE_CAPI_EXPORT void PD_ConfigSwitchIrOptim("),
        [("PD_ConfigSwitchIrOptim", "annotation_changed", "breaking", "returns PD_Bool -> void")]),
    "parameter type changed": (
        ("int32_t cpu_math_library_num_threads", "int64_t cpu_math_library_num_threads"),
        [("PD_ConfigSetCpuMathLibraryNumThreads", "annotation_changed", "breaking",
          "cpu_math_library_num_threads: int32_t -> int64_t")]),
    "function removed": (
        ("/* Always FALSE: this is a CPU build. */\n"
         "PADDLE_CAPI_EXPORT PD_Bool PD_ConfigUseGpu(PD_Config* pd_config);\n", ""),
        [("PD_ConfigUseGpu", "removed", "breaking", "")]),
    "function added": (
        ("PADDLE_CAPI_EXPORT PD_Bool PD_ConfigUseGpu(PD_Config* pd_config);\n",
         "PADDLE_CAPI_EXPORT PD_Bool PD_ConfigUseGpu(PD_Config* pd_config);\n"
         "PADDLE_CAPI_EXPORT PD_Bool PD_ConfigUseLite(PD_Config* pd_config);\n"),
        [("PD_ConfigUseLite", "added", "compatible", "")]),
    "export attribute dropped": (
        ("PADDLE_CAPI_EXPORT PD_Bool PD_ConfigUseGpu(", "PD_Bool PD_ConfigUseGpu("),
        [("PD_ConfigUseGpu", "qualifiers_changed", "breaking", "visibility: default -> -")]),
    "struct field added": (
        ("  char* data;  /* the NUL-terminated text */\n} PD_Cstr;",
         "  char* data;  /* the NUL-terminated text */\n  int32_t flags;\n} PD_Cstr;"),
        [("PD_Cstr.flags", "layout_changed", "breaking", "")]),
    "struct fields swapped": (
        ("  size_t size; /* strlen(data) + 1, or 0 (and data NULL) for \"\" */\n"
         "  char* data;  /* the NUL-terminated text */\n",
         "  char* data;  /* the NUL-terminated text */\n"
         "  size_t size; /* strlen(data) + 1, or 0 (and data NULL) for \"\" */\n"),
        [("PD_Cstr.data", "layout_changed", "breaking", "index: 1 -> 0"),
         ("PD_Cstr.size", "layout_changed", "breaking", "index: 0 -> 1")]),
    "enumerator value changed": (
        ("  PD_PRECISION_HALF ", "  PD_PRECISION_HALF = 5 "),
        [("PD_PRECISION_HALF", "value_changed", "breaking", "value: 2 -> 5")]),
    "enumerator added": (
        ("  PD_DATA_BFLOAT16  /* 16-bit brain float */\n};",
         "  PD_DATA_BFLOAT16, /* 16-bit brain float */\n  PD_DATA_INT16\n};"),
        [("PD_DATA_INT16", "added", "compatible", "")]),
    "typedef changed": (
        ("typedef int32_t PD_PlaceType;", "typedef int64_t PD_PlaceType;"),
        [("PD_PlaceType", "value_changed", "breaking",
          "typedef int32_t PD_PlaceType -> typedef int64_t PD_PlaceType")]),
    "macro changed": (
        ("#define TRUE 1", "#define TRUE 2"),
        [("TRUE", "value_changed", "breaking", "#define TRUE 1 -> #define TRUE 2")]),
    "comment edited": (
        ("/* Frees a predictor (its handles stay valid). */",
         "/* Frees a predictor; its handles stay valid. */"),
        [("PD_PredictorDestroy", "doc_changed", "doc-only", "doc")]),
    # What is no API change: a parameter's name, enumerators written in another order.
    "parameter renamed": (
        ("PD_ConfigDeletePass(PD_Config* pd_config, const char* pass)",
         "PD_ConfigDeletePass(PD_Config* pd_config, const char* pass_name)"), []),
    "enumerators reordered, same values": (
        ("  PD_PRECISION_INT8,        /* 8-bit integer (not supported by this build) */\n"
         "  PD_PRECISION_HALF         /* 16-bit float (not supported by this build) */\n",
         "  PD_PRECISION_HALF = 2,    /* 16-bit float (not supported by this build) */\n"
         "  PD_PRECISION_INT8 = 1     /* 8-bit integer (not supported by this build) */\n"),
        []),
}

# case -> ((file of the package, old text, new text), the changes it makes).
JAVA_CASES = {
    "method added": (
        ("Config.java", "  /** The settings, one a line. */",
         "  public void enableLite() {}\n\n  /** The settings, one a line. */"),
        [(f"{PKG}.Config.enableLite", "added", "compatible", "")]),
    "method removed": (
        ("Predictor.java", "  public long getInputNum() {\n    return getInputNames().length;\n"
                           "  }\n", ""),
        [(f"{PKG}.Predictor.getInputNum", "removed", "breaking", "")]),
    "parameter type changed": (
        ("Config.java", "void enableUseGpu(long memoryPoolInitSizeMb, int deviceId)",
         "void enableUseGpu(int memoryPoolInitSizeMb, int deviceId)"),
        [(f"{PKG}.Config.enableUseGpu", "annotation_changed", "breaking",
          "memoryPoolInitSizeMb: long -> int")]),
    "parameter added": (
        ("Config.java", "public synchronized void deletePass(String pass)",
         "public synchronized void deletePass(String pass, boolean strict)"),
        [(f"{PKG}.Config.deletePass", "param_added_without_default", "breaking",
          "strict: boolean")]),
    "@Deprecated added": (
        ("Config.java", "  public synchronized void switchIrOptim(boolean on) {",
         "  @Deprecated\n  public synchronized void switchIrOptim(boolean on) {"),
        [(f"{PKG}.Config.switchIrOptim", "deprecated", "compatible", "no -> yes")]),
    "checked exception added": (
        ("Config.java", "public synchronized String summary() {",
         "public synchronized String summary() throws java.io.IOException {"),
        [(f"{PKG}.Config.summary", "throws_changed", "breaking",
          "throws: - -> java.io.IOException")]),
    "javadoc edited": (
        ("Config.java", "/** The settings, one a line. */", "/** The settings, one per line. */"),
        [(f"{PKG}.Config.summary", "doc_changed", "doc-only", "doc")]),
}

JAVA_DIR = pathlib.Path("java/src/main/java/com/baidu/paddle/inference")


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    """specs(spec, case=None) -> the lines of spec ("c.spec" or "java.spec") read from a
    scratch copy with the case's edit (None: unedited); each is read once."""
    cache = {}

    def read(spec, case=None):
        if (spec, case) in cache:
            return cache[spec, case]
        root = tmp_path_factory.mktemp("src")
        if spec == "c.spec":
            header = root / c_spec.HEADER
            header.parent.mkdir(parents=True)
            shutil.copyfile(REPO / c_spec.HEADER, header)
            if case:
                _replace(header, *C_CASES[case][0])
            cache[spec, case] = c_spec.spec_lines(root)
        else:
            shutil.copytree(REPO / java_spec.SOURCES, root / java_spec.SOURCES)
            if case:
                file, old, new = JAVA_CASES[case][0]
                _replace(root / JAVA_DIR / file, old, new)
            cache[spec, case] = java_spec.spec_lines(root)
        return cache[spec, case]

    return read


def _replace(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _changes(specs, spec, case):
    changes = diff_specs({spec: specs(spec)}, {spec: specs(spec, case)})
    return [(c.name, c.change, c.verdict, c.detail) for c in changes]


@pytest.mark.parametrize("case", sorted(C_CASES))
def test_c_change_is_classified(specs, case):
    assert _changes(specs, "c.spec", case) == C_CASES[case][1]


@pytest.mark.parametrize("case", sorted(JAVA_CASES))
def test_java_change_is_classified(specs, case):
    assert _changes(specs, "java.spec", case) == JAVA_CASES[case][1]


def test_java_overload_changed_in_place(specs):
    # One overload of Tensor.copyFromCpu takes another type: the pair is compared, not
    # reported as one overload removed and another added.
    base = specs("java.spec")
    old = f"{PKG}.Tensor.copyFromCpu method mods=public throws=- deprecated=no doc=adb63c2e10cc " \
          "void copyFromCpu(long[] data)"
    assert old in base
    head = sorted(l.replace("(long[] data)", "(short[] data)") if l == old else l for l in base)
    assert [(c.name, c.change, c.detail) for c in diff_specs({"java.spec": base},
                                                             {"java.spec": head})] == [
        (f"{PKG}.Tensor.copyFromCpu", "annotation_changed", "data: long[] -> short[]")]


def test_abstract_method_added_breaks_implementations():
    base = [f"{PKG}.Callback interface mods=public,abstract extends=- implements=- "
            "typeparams=- deprecated=no doc=-"]
    added = [f"{PKG}.Callback.{m} method mods={mods} throws=- deprecated=no doc=- void {m}()"
             for m, mods in (("onRun", "public,abstract"), ("onStop", "public,default"))]
    changes = diff_specs({"java.spec": base}, {"java.spec": sorted(base + added)})
    assert [(c.name, c.change, c.verdict) for c in changes] == [
        (f"{PKG}.Callback.onRun", "abstract_method_added", "breaking"),
        (f"{PKG}.Callback.onStop", "added", "compatible")]


# The gate under the repository's POLICY, with test_api_gate's committee (ana and bo
# of core, ines of inference, dora of docs): c.spec and java.spec are inference's.

# verdict -> (approvers who satisfy its rule, approvers who fall short and why)
APPROVERS = {
    "breaking": (["ana", "ines"], ["ana", "bo"]),  # two members, but none of inference
    "compatible": (["ines"], ["ana"]),  # one member, not of the owning group
    "doc-only": (["dora"], ["ines"]),  # doc-only needs docs
}
GATE_CASES = [("c.spec", c) for c in sorted(C_CASES) if C_CASES[c][1]] + \
             [("java.spec", c) for c in sorted(JAVA_CASES)]


def _gov(tmp_path, specs, spec, case):
    folder = tmp_path / "api_spec"
    (folder / "BASE").mkdir(parents=True)
    for path, lines in ((folder / "BASE" / spec, specs(spec)), (folder / spec, specs(spec, case))):
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    (folder / "COMMITTEE").write_text(textwrap.dedent(COMMITTEE), encoding="utf-8")
    shutil.copyfile(REPO / "api_spec" / "POLICY", folder / "POLICY")
    return folder


def _approve_all(folder, spec, changes, by):
    _approve(folder, "ok", sorted({c[0] for c in changes}), sorted({c[1] for c in changes}), by,
             specs=[spec])


@pytest.mark.parametrize("spec, case", GATE_CASES)
def test_gate_outcome(tmp_path, specs, capsys, spec, case):
    expected = (C_CASES if spec == "c.spec" else JAVA_CASES)[case][1]
    folder = _gov(tmp_path, specs, spec, case)
    code, data = _json(folder, capsys)
    assert code == 1 and data["passed"] is False
    assert [(c["spec"], c["name"], c["change"], c["verdict"], c["status"])
            for c in data["changes"]] == [(spec, n, ch, v, "missing") for n, ch, v, _ in expected]
    verdict = expected[0][2]
    good, short = APPROVERS[verdict]
    _approve_all(folder, spec, expected, short)
    assert _json(folder, capsys)[0] == 1
    _approve_all(folder, spec, expected, good)
    code, data = _json(folder, capsys)
    assert code == 0 and data["passed"] is True
    assert all(c["approvers"] == sorted(good) for c in data["changes"])


def test_a_java_source_that_does_not_compile_fails_the_reader(tmp_path):
    shutil.copytree(REPO / java_spec.SOURCES, tmp_path / java_spec.SOURCES)
    _replace(tmp_path / JAVA_DIR / "Config.java", "public synchronized String summary() {",
             "public synchronized String summary( {")
    with pytest.raises(RuntimeError, match=r"(?s)JavaApiSpec.java\) failed.*Config\.java"):
        java_spec.spec_lines(tmp_path)


def test_without_java_generate_fails_naming_the_fix(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(java_spec.shutil, "which", lambda name: None)
    assert cli.main(["generate", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "java.spec needs a JDK 17" in err and "scripts/setup.sh" in err
    assert not list(tmp_path.iterdir())  # nothing half-written


def test_a_header_that_does_not_parse_fails_the_reader(tmp_path):
    header = tmp_path / c_spec.HEADER
    header.parent.mkdir(parents=True)
    shutil.copyfile(REPO / c_spec.HEADER, header)
    _replace(header, "typedef int8_t PD_Bool;", "typedef int8_t PD_Bool")
    with pytest.raises(RuntimeError, match="libclang could not parse core/capi/pd_inference_api.h"):
        c_spec.spec_lines(tmp_path)


def test_an_anonymous_struct_type_is_refused(tmp_path):
    # libclang spells it with the header's path: a spec line that differs between checkouts.
    header = tmp_path / c_spec.HEADER
    header.parent.mkdir(parents=True)
    shutil.copyfile(REPO / c_spec.HEADER, header)
    _replace(header, "  char* data;  /* the NUL-terminated text */\n} PD_Cstr;",
             "  char* data;\n  struct { int a; } extra;\n} PD_Cstr;")
    with pytest.raises(RuntimeError, match=r"PD_Cstr\.extra has an anonymous type"):
        c_spec.spec_lines(tmp_path)


@pytest.mark.parametrize("spec", ["c.spec", "java.spec"])
def test_a_copy_elsewhere_gives_the_committed_bytes(specs, spec):
    # The fixture read a copy in a temporary folder: no path, machine or run leaks in.
    committed = (REPO / "api_spec" / spec).read_text(encoding="utf-8")
    assert "".join(line + "\n" for line in specs(spec)) == committed
