"""Which spec files exist and what writes each (api_spec/README.md)."""
from . import cpp_spec, ops_spec, python_spec


def all_specs(repo):
    """{file name: sorted lines} of every spec file. There is no C header and no
    Java API yet, so no c.spec and no java.spec."""
    return {
        "python.spec": python_spec.spec_lines("paddle", exclude=("paddle.contrib",)),
        "contrib.spec": python_spec.spec_lines("paddle.contrib"),
        "ops.spec": ops_spec.spec_lines(),
        "cpp.spec": cpp_spec.spec_lines(repo),
    }


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
}
GRAMMAR["contrib.spec"] = GRAMMAR["python.spec"]
