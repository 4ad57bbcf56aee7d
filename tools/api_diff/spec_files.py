"""Which spec files exist and what writes each (api_spec/README.md)."""
from . import c_spec, cpp_spec, java_spec, ops_spec, python_spec


def all_specs(repo):
    """{file name: sorted lines} of every spec file."""
    java = java_spec.start(repo)  # a JVM: it runs while the others are read
    try:
        specs = {
            "python.spec": python_spec.spec_lines("paddle", exclude=("paddle.contrib",)),
            "contrib.spec": python_spec.spec_lines("paddle.contrib"),
            "ops.spec": ops_spec.spec_lines(),
            "cpp.spec": cpp_spec.spec_lines(repo),
            "c.spec": c_spec.spec_lines(repo),
        }
    except BaseException:
        java.kill()  # the others failed: no use waiting for it
        java.wait()
        raise
    specs["java.spec"] = java_spec.finish(java)
    return specs


# The grammar of each file: kind -> (its fields, in order; whether a tail follows).
# api_spec/README.md says the same in prose; the tests hold every line to this.
_ROUTINE = (("doc",), True)
GRAMMAR = {
    "python.spec": {
        "module": (("doc",), False), "class": (("bases", "doc"), False),
        "function": _ROUTINE, "method": _ROUTINE,
        "property": (("access", "doc"), False), "constant": (("doc",), True),
    },
    "ops.spec": {
        "op": (("grad", "version", "kernels", "doc", "doc_zh"), False),
        "input": (("index", "flags", "doc", "doc_zh"), False),
        "output": (("index", "flags", "doc", "doc_zh"), False),
        "attr": (("index", "type", "default", "flags", "constraints", "doc", "doc_zh"), False),
    },
    "cpp.spec": {
        "namespace": (("doc",), False), "class": (("doc",), False), "struct": (("doc",), False),
        "enum": (("scoped", "type", "doc"), False), "enumerator": (("value", "doc"), False),
        "constructor": (("quals", "doc"), True), "destructor": (("quals", "doc"), True),
        "method": (("quals", "doc"), True), "function": (("quals", "doc"), True),
        "variable": (("quals", "doc"), True),
    },
    "c.spec": {
        "macro": (("doc",), True), "typedef": (("doc",), True),
        "struct": (("doc",), False), "union": (("doc",), False),
        "field": (("index", "doc"), True),
        "enum": (("type", "doc"), False), "enumerator": (("value", "doc"), False),
        "function": (("visibility", "doc"), True), "variable": (("visibility", "doc"), True),
    },
    "java.spec": {
        **dict.fromkeys(("class", "interface", "enum", "record", "annotation"),
                        (("mods", "extends", "implements", "typeparams", "deprecated", "doc"),
                         False)),
        "constructor": (("mods", "throws", "deprecated", "doc"), True),
        "method": (("mods", "throws", "deprecated", "doc"), True),
        "field": (("mods", "deprecated", "doc"), True),
        "enum_constant": (("ordinal", "deprecated", "doc"), False),
    },
}
GRAMMAR["contrib.spec"] = GRAMMAR["python.spec"]
