"""What cpp_spec.py and c_spec.py share: a header parsed with libclang (the
pinned `libclang` wheel), the declarations the header itself makes, and the
text of each declaration's comment hash and parameters."""
import re
import subprocess

from .spec_format import remembered_doc_hash


def clang():
    import clang.cindex as ci  # the pinned `libclang` wheel (requirements-dev.txt)

    return ci


def _gcc_include_dir():
    # The wheel ships libclang without clang's own headers (stddef.h, ...): the
    # system compiler's serve, or every std:: type would parse as `int`.
    out = subprocess.run(["g++", "-print-file-name=include"], capture_output=True, text=True,
                         check=True)
    return out.stdout.strip()


def own_declarations(root, header, language_args, macros=False):
    """The top-level cursors that `header` (relative to the repository root `root`)
    declares itself, not those of the headers it includes; with macros, its
    #defines too. RuntimeError when libclang reports an error: a broken parse
    would write wrong types, never a spec."""
    ci = clang()
    path = str(root / header)
    args = [*language_args, "-isystem", _gcc_include_dir(), "-Wno-pragma-once-outside-header",
            "-fparse-all-comments"]  # plain // and /* */ comments too, for the doc hashes
    options = ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES
    if macros:
        options |= ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
    tu = ci.Index.create().parse(path, args=args, options=options)
    errors = [str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        raise RuntimeError(f"libclang could not parse {header}:\n" + "\n".join(errors))
    return [c for c in tu.cursor.get_children()
            if c.location.file is not None and c.location.file.name == path]


def doc_field(cursor):
    """("doc", hash) of the comment attached to the declaration, without its // or /* */."""
    text = cursor.raw_comment or ""
    text = "\n".join(re.sub(r"^\s*(//+|/\*+|\*+/?)\s?", "", line) for line in text.splitlines())
    return ("doc", remembered_doc_hash(text.replace("*/", "")))


def tokens(cursor):
    return [t.spelling for t in cursor.get_tokens()]


def param_text(parm):
    """`type name` of a parameter, and ` = default` when it has one."""
    toks = tokens(parm)
    text = f"{parm.type.spelling} {parm.spelling}".strip()
    if "=" in toks:
        text += " = " + " ".join(toks[toks.index("=") + 1:])
    return text
