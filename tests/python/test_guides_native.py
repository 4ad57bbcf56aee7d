"""The guides whose code is not Python run as a reader would run them, so they
cannot drift from the code: docs/en/inference_c.md and docs/en/inference_java.md
have their programs written out and their shell commands run from the repository
root, against a C SDK installed by scripts/install_capi.sh and a jar that Maven
builds from java/, each printing what the comment beside it shows. The Chinese
twins show the same code (comments are translated). docs/en/adding_an_op.md
quotes core/ops and the files an op touches; each excerpt still matches its file.
docs/en/installation.md shows the README's commands and setup.sh's packages."""
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"

needs_build = pytest.mark.skipif(
    not (BUILD / "CMakeCache.txt").exists() or shutil.which("cmake") is None,
    reason="needs the build/ of scripts/build.sh and cmake")

_COMMENT = {"bash": r"#.*", "cmake": r"#.*", "python": r"#.*", "c": r"/\*.*?\*/|//.*", "cpp": r"/\*.*?\*/|//.*",
            "java": r"/\*.*?\*/|//.*"}


def guide_blocks(lang, guide):
    """(language, code) of each fenced block of docs/<lang>/<guide>."""
    text = (ROOT / "docs" / lang / guide).read_text(encoding="utf-8")
    return re.findall(r"```(\w+)\n(.*?)```", text, re.S)


def code_of(guide):
    """The English page's blocks, after checking the Chinese page shows the same code:
    the same blocks but for comments and `text` blocks (drawings with translated labels)."""
    def stripped(blocks):
        return [(lang, re.sub(_COMMENT.get(lang, r"(?!)"), "", code, flags=re.S))
                for lang, code in blocks if lang != "text"]
    en, zh = guide_blocks("en", guide), guide_blocks("zh", guide)
    assert stripped(en) == stripped(zh), f"docs/zh/{guide} shows other code than docs/en/{guide}"
    return en


def write_sources(project, blocks, langs):
    """Each program block, into the file its first line names (`/* f.c */`, `// F.java`)."""
    project.mkdir(parents=True, exist_ok=True)
    names = []
    for lang, code in blocks:
        if lang in langs:
            name = re.fullmatch(r"(?:/\*|//) (\S+)(?: \*/)?", code.split("\n", 1)[0]).group(1)
            (project / name).write_text(code)
            names.append(name)
    return names


def run_commands(script, replace):
    """Runs the lines of a bash block from the repository root in one shell, each with
    the paths of `replace` swapped for temporary ones; returns (line, shown, output, rc)
    per command, `shown` being the comment beside it (what the page says it prints)."""
    lines = [l for l in script.splitlines() if l.strip()]
    commands, shown = [], []
    for line in lines:
        m = re.fullmatch(r"(.*?)\s+# (.*)", line)
        command = m.group(1) if m else line
        shown.append(m.group(2) if m else None)
        for old, new in replace.items():
            command = command.replace(old, str(new))
        commands.append(command)
    body = "exec 2>&1\n" + "".join(f"{c}\necho '@@rc' $?\n" for c in commands)
    out = subprocess.run(["bash", "-c", body], cwd=ROOT, capture_output=True, text=True,
                         timeout=600).stdout
    parts = re.split(r"^@@rc (\d+)\n", out, flags=re.M)
    outputs, codes = parts[0:-1:2], [int(c) for c in parts[1::2]]
    assert len(codes) == len(lines), out
    return list(zip(lines, shown, outputs, codes))


def check_runs(results, program_prefix):
    """Every command succeeds; a program's run prints exactly its comment (an `error:`
    comment: on a failing run, exit status 1)."""
    checked = 0
    for line, shown, output, rc in results:
        if shown is not None and line.startswith(program_prefix):
            assert output.strip() == shown, (line, output)
            assert rc == (1 if shown.startswith("error:") else 0), (line, rc, output)
            checked += 1
        else:
            assert rc == 0, (line, output)
    return checked


@needs_build
def test_c_guide_builds_against_the_installed_sdk_and_prints_what_it_says(tmp_path):
    blocks = code_of("inference_c.md")
    project = tmp_path / "my_c_app"
    assert write_sources(project, blocks, ("c",)) == ["classify.c"]
    (cmake,) = [code for lang, code in blocks if lang == "cmake"]
    (project / "CMakeLists.txt").write_text(cmake)
    script = "".join(code for lang, code in blocks if lang == "bash")
    results = run_commands(script, {"/opt/paddle": tmp_path / "opt", "my_c_app": project})
    assert check_runs(results, "my_c_app/") == 3
    # The compiler line builds C99 as written; the CMake build made its own binary.
    assert (project / "classify").is_file() and (project / "build" / "classify").is_file()
    # "The folder may be moved": the same commands against a moved copy of the SDK.
    moved = shutil.copytree(tmp_path / "opt", tmp_path / "moved")
    shutil.rmtree(tmp_path / "opt")
    results = run_commands(script.split("\n", 1)[1], {"/opt/paddle": moved, "my_c_app": project})
    assert check_runs(results, "my_c_app/") == 3


def pom_coordinates():
    pom = (ROOT / "java/pom.xml").read_text()
    return [re.search(rf"<{tag}>(.*?)</{tag}>", pom).group(1)
            for tag in ("groupId", "artifactId", "version")]


@pytest.fixture(scope="module")
def jar(tmp_path_factory):
    """The jar of java/, built by Maven from a copy of the folder (the source tree is
    left alone) with the JNI library that scripts/build.sh made."""
    native = BUILD / "java" / "libpaddle_inference_java.so"
    if not native.is_file() or not shutil.which("mvn") or not shutil.which("javac"):
        pytest.skip("needs build/java (scripts/build.sh with a JDK), Maven and javac")
    copy = shutil.copytree(ROOT / "java", tmp_path_factory.mktemp("java") / "java",
                           ignore=shutil.ignore_patterns("target"))
    out = subprocess.run(["mvn", "-q", "-B", "package", "-DskipTests",
                          f"-Dpaddle.native.dir={native.parent}"], cwd=copy,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    _, artifact, version = pom_coordinates()
    return copy / "target" / f"{artifact}-{version}.jar"


def test_java_guide_names_the_jar_maven_builds():
    blocks = code_of("inference_java.md")
    group, artifact, version = pom_coordinates()
    text = (ROOT / "docs/en/inference_java.md").read_text()
    assert f"`{group}:{artifact}:{version}`" in text
    assert f"java/target/{artifact}-{version}.jar" in text
    assert [code for lang, code in blocks if lang == "bash"][0] == "bash scripts/java.sh\n"


def test_java_guide_compiles_against_the_jar_and_prints_what_it_says(jar, tmp_path):
    blocks = code_of("inference_java.md")
    project = tmp_path / "my_java_app"
    assert write_sources(project, blocks, ("java",)) == ["Classify.java"]
    # The first block builds the jar with its tests (scripts/java.sh, which CI runs);
    # the rest use it.
    script = "".join(code for lang, code in blocks if lang == "bash").split("\n", 1)[1]
    _, artifact, version = pom_coordinates()
    results = run_commands(script, {f"java/target/{artifact}-{version}.jar": jar,
                                    "my_java_app": project})
    assert check_runs(results, "java ") == 2


def quoted_file(path, lang):
    """The text a guide's excerpt is quoted from: a file of the repository, or an op's
    reference page as scripts/docs.sh generates it (build/docs/_src/<lang>/ops/<op>.md)."""
    page = re.fullmatch(r"build/docs/_src/(en|zh)/ops/(\w+)\.md", path)
    if not page:
        return (ROOT / path).read_text(encoding="utf-8")
    assert page.group(1) == lang, f"docs/{lang} quotes the {page.group(1)} page"
    import sys
    sys.path.insert(0, str(ROOT / "tools" / "docs"))
    try:
        from gen_op_reference import load_kernels, load_protos
        from op_families import registered_families
        from op_pages import render_op_page
    finally:
        sys.path.pop(0)
    protos = load_protos()
    (proto,) = [p for p in protos if p.type == page.group(2)]
    families = registered_families((ROOT / "core" / "ops", ROOT / "core" / "distributed"))
    return render_op_page(proto, {p.type for p in protos}, families, lang,
                          load_kernels([proto])[proto.type])


def test_operator_guide_quotes_the_files_as_they_are():
    """docs/*/adding_an_op.md: each excerpt headed by its file (`// core/ops/mul_op.cc`,
    `# api_spec/ops.spec`) is still a verbatim part of it. The Chinese page's C++ has
    translated comments; code_of checks that the code is the English page's."""
    en = code_of("adding_an_op.md")
    quoted = 0
    for lang, blocks in (("en", en), ("zh", guide_blocks("zh", "adding_an_op.md"))):
        for block_lang, code in blocks:
            head, _, body = code.partition("\n")
            m = re.fullmatch(r"(?://|#) ([\w./]+\.\w+)", head)
            if not m or (lang == "zh" and block_lang == "cpp"):
                continue
            assert body in quoted_file(m.group(1), lang), f"docs/{lang}: {m.group(1)} changed:\n{body}"
            quoted += 1
    assert quoted == 14  # en: 6 C++ + 4 text, zh: the 4 text


def test_installation_guide_shows_the_readmes_commands_and_setups_packages():
    """docs/*/installation.md: its shell commands are the README's, and it names every
    Debian package scripts/setup.sh installs."""
    blocks = code_of("installation.md")
    readme = (ROOT / "README.md").read_text()
    commands = [line for lang, code in blocks if lang == "bash" for line in code.splitlines()]
    assert len(commands) == 4
    for command in commands:
        assert command in readme, command
    setup = (ROOT / "scripts/setup.sh").read_text()
    packages = re.search(r"APT_PACKAGES=\((.*?)\)", setup, re.S).group(1).split()
    assert len(packages) > 10
    for lang in ("en", "zh"):
        text = (ROOT / "docs" / lang / "installation.md").read_text(encoding="utf-8")
        assert [p for p in packages if f"`{p}`" not in text] == [], lang
