"""java.spec: the public Java API of java/ (package com.baidu.paddle.inference),
read by javac itself: java/JavaApiSpec.java, run with the JDK's source
launcher, parses and attributes java/src/main/java in memory and prints each
public or protected type and member as JSON (grammar: api_spec/README.md).

Nothing needs building first (no Maven, no JNI library, no class is loaded),
so `check` gives the same bytes in a fresh clone as after scripts/java.sh."""
import json
import pathlib
import shutil
import subprocess

from .spec_format import format_line, remembered_doc_hash

SOURCES = "java/src/main/java"
HELPER = pathlib.Path(__file__).resolve().parent / "java" / "JavaApiSpec.java"
# A short-lived JVM: the C1 compiler only and the serial collector start fastest.
_JVM_FLAGS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto"]


def _java():
    java = shutil.which("java")
    if java is None:
        raise RuntimeError("java.spec needs a JDK 17 (`java` and its compiler) on the PATH: "
                           "scripts/setup.sh installs openjdk-17-jdk-headless")
    return java


def start(root):
    """The helper started on the sources under repository root `root`; read its
    lines with `finish`. Started first, it runs beside the other writers."""
    sources = root / SOURCES
    if not sources.is_dir():
        raise RuntimeError(f"{sources}: no Java sources to read")
    return subprocess.Popen([_java(), *_JVM_FLAGS, str(HELPER), str(sources)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def finish(process):
    """The sorted lines of java.spec from a helper `start` returned."""
    out, err = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"the Java API reader ({HELPER.name}) failed with exit status "
                           f"{process.returncode}:\n{err.decode('utf-8', 'replace')}")
    lines = []
    for text in out.decode("utf-8").splitlines():
        rec = json.loads(text)
        fields = [tuple(f) for f in rec["fields"]] + [("doc", remembered_doc_hash(rec["doc"]))]
        lines.append(format_line(rec["name"], rec["kind"], fields, rec["tail"] or ""))
    return sorted(lines)


def spec_lines(root):
    """The sorted lines of java.spec for the sources under repository root `root`."""
    return finish(start(root))
