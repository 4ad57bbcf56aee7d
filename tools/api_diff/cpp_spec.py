"""cpp.spec: the public C++ inference header, parsed with libclang (grammar:
api_spec/README.md). Only what a user of the header can name is written:
definitions (not forward declarations) and public members."""
from .clang_reader import clang, doc_field, own_declarations, param_text, tokens
from .spec_format import format_line

HEADER = "core/inference/paddle_inference_api.h"


def _function(cursor, ci, scope, kind):
    K = ci.CursorKind
    params = ", ".join(param_text(c) for c in cursor.get_children() if c.kind == K.PARM_DECL)
    tparams = [f"typename {c.spelling}" if c.kind == K.TEMPLATE_TYPE_PARAMETER
               else f"{c.type.spelling} {c.spelling}"
               for c in cursor.get_children()
               if c.kind in (K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER)]
    toks = tokens(cursor)
    quals = [q for q, on in (
        ("static", cursor.is_static_method()), ("virtual", cursor.is_virtual_method()),
        ("explicit", cursor.kind == K.CONSTRUCTOR and "explicit" in toks[:1]),
        ("const", cursor.is_const_method()), ("delete", cursor.is_deleted_method()),
        ("default", cursor.is_default_method())) if on]
    ret = "" if cursor.kind in (K.CONSTRUCTOR, K.DESTRUCTOR) else cursor.result_type.spelling + " "
    sig = f"{ret}{cursor.spelling}({params})" + (" const" if cursor.is_const_method() else "")
    if tparams:
        sig = "template <" + ", ".join(tparams) + "> " + sig
    fields = [("quals", ",".join(quals) or "-"), doc_field(cursor)]
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
                out.append(format_line(name, "namespace", [doc_field(c)]))
                out.extend(inner)
        elif c.kind in (K.CLASS_DECL, K.STRUCT_DECL) and c.is_definition():
            kind = "class" if c.kind == K.CLASS_DECL else "struct"
            out.append(format_line(name, kind, [doc_field(c)]))
            _walk(c.get_children(), ci, name, True, out)
        elif c.kind == K.ENUM_DECL:
            scoped = "yes" if c.is_scoped_enum() else "no"
            fields = [("scoped", scoped), ("type", c.enum_type.spelling), doc_field(c)]
            out.append(format_line(name, "enum", fields))
            for e in c.get_children():
                fields = [("value", str(e.enum_value)), doc_field(e)]
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
            toks = tokens(c)
            quals = [q for q in ("static", "constexpr") if q in toks[:toks.index(c.spelling)]]
            value = " = " + " ".join(toks[toks.index("=") + 1:]) if "=" in toks else ""
            fields = [("quals", ",".join(quals) or "-"), doc_field(c)]
            tail = f"{c.type.spelling} {c.spelling}{value}"
            out.append(format_line(name, "variable", fields, tail))
    return len(out) > start


def spec_lines(root):
    """The sorted lines of cpp.spec for the header under repository root `root`."""
    ci = clang()
    own = own_declarations(root, HEADER, ["-x", "c++", "-std=c++17"])
    out = []
    _walk(own, ci, "", False, out)
    return sorted(out)
