"""Writes the operator reference of both sites from the installed paddle package.

    .venv/bin/python tools/docs/gen_op_reference.py OUT_ROOT

writes OUT_ROOT/en/ops/*.md and OUT_ROOT/zh/ops/*.md (one page per registered op
and an index) from paddle._core.get_all_op_protos(). A page is rewritten only
when its text changes, so Sphinx rebuilds only what changed. Exits non-zero,
naming the ops, when an op lacks its English or Chinese text.
"""
import pathlib
import sys

from generated_pages import write_generated
from op_families import registered_families
from op_pages import LANGS, OpDocError, render_op_reference

REPO = pathlib.Path(__file__).resolve().parents[2]


def load_protos():
    from paddle import _core
    from paddle.proto import framework_pb2
    return [framework_pb2.OpProto.FromString(b) for b in _core.get_all_op_protos()]


def load_kernels(protos):
    from paddle import _core
    return {p.type: _core.get_op_kernel_keys(p.type) for p in protos}


def write_op_reference(out_root, protos=None,
                       ops_dir=(REPO / "core" / "ops", REPO / "core" / "distributed")):
    """Writes both languages' pages under out_root; returns the number of ops.
    Kernels are listed for the registered protos (not for protos passed in)."""
    kernels = None
    if protos is None:
        protos = load_protos()
        kernels = load_kernels(protos)
    families = registered_families(ops_dir)
    for lang in LANGS:
        pages = render_op_reference(protos, families, lang, kernels)
        write_generated(pathlib.Path(out_root) / lang, "ops", pages)
    return len(protos)


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    try:
        count = write_op_reference(argv[1])
    except OpDocError as e:
        sys.exit(f"gen_op_reference: {e}")
    print(f"gen_op_reference: {count} operators, pages in {', '.join(LANGS)}")


if __name__ == "__main__":
    main(sys.argv)
