"""cpp.spec: the public C++ inference header, parsed with libclang (grammar:
api_spec/README.md). Only what a user of the header can name is written:
definitions (not forward declarations) and public members."""
import re
import subprocess

from .spec_format import doc_hash, format_line

HEADER = "core/inference/paddle_inference_api.h"


def _clang():
    import clang.cindex as ci  # the pinned `libclang` wheel (requirements-dev.txt)

    return ci


def _gcc_include_dir():
    # The wheel ships libclang without clang's own headers (stddef.h, ...): the
    # system compiler's serve, or every std:: type would parse as `int`.
    out = subprocess.run(["g++", "-print-file-name=include"], capture_output=True, text=True,
                         check=True)
    return out.stdout.strip()


def _doc(cursor):
    """("doc", hash) of the comment right above the declaration, without its // or /* */."""
    text = cursor.raw_comment or ""
    text = "\n".join(re.sub(r"^\s*(//+|/\*+|\*+/?)\s?", "", line) for line in text.splitlines())
    return ("doc", doc_hash(text.replace("*/", "")))


def _tokens(cursor):
    return [t.spelling for t in cursor.get_tokens()]


def _param_text(parm):
    toks = _tokens(parm)
    text = f"{parm.type.spelling} {parm.spelling}".strip()
    if "=" in toks:
        text += " = " + " ".join(toks[toks.index("=") + 1:])
    return text


def _function(cursor, ci, scope, kind):
    K = ci.CursorKind
    params = ", ".join(_param_text(c) for c in cursor.get_children() if c.kind == K.PARM_DECL)
    tparams = [f"typename {c.spelling}" if c.kind == K.TEMPLATE_TYPE_PARAMETER
               else f"{c.type.spelling} {c.spelling}"
               for c in cursor.get_children()
               if c.kind in (K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER)]
    toks = _tokens(cursor)
    quals = [q for q, on in (
        ("static", cursor.is_static_method()), ("virtual", cursor.is_virtual_method()),
        ("explicit", cursor.kind == K.CONSTRUCTOR and "explicit" in toks[:1]),
        ("const", cursor.is_const_method()), ("delete", cursor.is_deleted_method()),
        ("default", cursor.is_default_method())) if on]
    ret = "" if cursor.kind in (K.CONSTRUCTOR, K.DESTRUCTOR) else cursor.result_type.spelling + " "
    sig = f"{ret}{cursor.spelling}({params})" + (" const" if cursor.is_const_method() else "")
    if tparams:
        sig = "template <" + ", ".join(tparams) + "> " + sig
    fields = [("quals", ",".join(quals) or "-"), _doc(cursor)]
    return format_line(f"{scope}::{cursor.spelling}", kind, fields, sig)


def _walk(children, ci, scope, in_class, out):
    """Appends the lines of the cursors that the header defines publicly;
    returns whether it appended any."""
    K, A = ci.CursorKind, ci.AccessSpecifier
    start = len(out)
    for c in children:
        if c.access_specifier in (A.PRIVATE, A.PROTECTED):
            continue
        name = f"{scope}::{c.spelling}" if scope else c.spelling
        if c.kind == K.NAMESPACE:
            inner = []
            if _walk(c.get_children(), ci, name, False, inner):
                out.append(format_line(name, "namespace", [_doc(c)]))
                out.extend(inner)
        elif c.kind in (K.CLASS_DECL, K.STRUCT_DECL) and c.is_definition():
            kind = "class" if c.kind == K.CLASS_DECL else "struct"
            out.append(format_line(name, kind, [_doc(c)]))
            _walk(c.get_children(), ci, name, True, out)
        elif c.kind == K.ENUM_DECL:
            scoped = "yes" if c.is_scoped_enum() else "no"
            fields = [("scoped", scoped), ("type", c.enum_type.spelling), _doc(c)]
            out.append(format_line(name, "enum", fields))
            for e in c.get_children():
                fields = [("value", str(e.enum_value)), _doc(e)]
                out.append(format_line(f"{name}::{e.spelling}", "enumerator", fields))
        elif c.kind == K.CONSTRUCTOR:
            out.append(_function(c, ci, scope, "constructor"))
        elif c.kind == K.DESTRUCTOR:
            out.append(_function(c, ci, scope, "destructor"))
        elif c.kind in (K.CXX_METHOD, K.FUNCTION_TEMPLATE) and in_class:
            out.append(_function(c, ci, scope, "method"))
        elif c.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
            out.append(_function(c, ci, scope, "function"))
        elif c.kind in (K.VAR_DECL, K.FIELD_DECL):
            toks = _tokens(c)
            quals = [q for q in ("static", "constexpr") if q in toks[:toks.index(c.spelling)]]
            value = " = " + " ".join(toks[toks.index("=") + 1:]) if "=" in toks else ""
            fields = [("quals", ",".join(quals) or "-"), _doc(c)]
            tail = f"{c.type.spelling} {c.spelling}{value}"
            out.append(format_line(name, "variable", fields, tail))
    return len(out) > start


def spec_lines(root):
    """The sorted lines of cpp.spec for the header under repository root `root`."""
    ci = _clang()
    path = str(root / HEADER)
    args = ["-x", "c++", "-std=c++17", "-isystem", _gcc_include_dir(),
            "-Wno-pragma-once-outside-header",
            "-fparse-all-comments"]  # plain // comments too, for the doc hashes
    tu = ci.Index.create().parse(path, args=args,
                                 options=ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
    errors = [str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:  # a broken parse would write wrong types, never a spec
        raise RuntimeError(f"libclang could not parse {HEADER}:\n" + "\n".join(errors))
    # Only the header's own declarations, not those of the headers it includes.
    own = [c for c in tu.cursor.get_children()
           if c.location.file is not None and c.location.file.name == path]
    out = []
    _walk(own, ci, "", False, out)
    return sorted(out)
