"""c.spec: the C inference header, parsed as C99 with libclang (grammar:
api_spec/README.md). C has one scope: functions, typedefs, enumerators and
macros are written under their own names, a struct's fields under
`<struct>.<field>`. A struct and the typedef of the same name (the
`typedef struct X {...} X;` idiom) are one record with two lines."""
from .clang_reader import clang, doc_field, own_declarations, param_text, tokens
from .spec_format import format_line

HEADER = "core/capi/pd_inference_api.h"
# The header's own plumbing (include guard, export attribute), not API.
PRIVATE_MACRO_PREFIX = "PADDLE_CAPI_"


def _spelled(text, where):
    """A type's spelling, refused when it names an anonymous type: libclang spells
    those with the header's path and line, which differ between checkouts."""
    if "(unnamed" in text or "(anonymous" in text:
        raise RuntimeError(f"{HEADER}: {where} has an anonymous type ({text}): give it a name")
    return text


def _visibility(cursor, ci):
    """("visibility", the value of its visibility attribute, or "-")."""
    attrs = [c.spelling for c in cursor.get_children() if c.kind == ci.CursorKind.VISIBILITY_ATTR]
    return ("visibility", attrs[0] if attrs else "-")


def _function(cursor, ci):
    params = [param_text(c) for c in cursor.get_children() if c.kind == ci.CursorKind.PARM_DECL]
    if cursor.type.kind == ci.TypeKind.FUNCTIONPROTO:
        if cursor.type.is_function_variadic():
            params.append("...")
        params = params or ["void"]  # f(void) takes nothing; f() is unprototyped
    ret = _spelled(cursor.result_type.spelling, cursor.spelling)
    tail = f"{ret} {cursor.spelling}({', '.join(params)})"
    _spelled(tail, cursor.spelling)
    return format_line(cursor.spelling, "function", [_visibility(cursor, ci), doc_field(cursor)],
                       tail)


def _record(cursor, ci, out):
    kind = "struct" if cursor.kind == ci.CursorKind.STRUCT_DECL else "union"
    out.append(format_line(cursor.spelling, kind, [doc_field(cursor)]))
    fields = [c for c in cursor.get_children() if c.kind == ci.CursorKind.FIELD_DECL]
    for index, f in enumerate(fields):
        tail = f"{_spelled(f.type.spelling, f'{cursor.spelling}.{f.spelling}')} {f.spelling}"
        if f.is_bitfield():
            tail += f" : {f.get_bitfield_width()}"
        out.append(format_line(f"{cursor.spelling}.{f.spelling}", "field",
                               [("index", str(index)), doc_field(f)], tail))


def _enum(cursor, out):
    if not cursor.is_anonymous():  # an anonymous enum only names its enumerators
        out.append(format_line(cursor.spelling, "enum",
                               [("type", cursor.enum_type.spelling), doc_field(cursor)]))
    for e in cursor.get_children():
        out.append(format_line(e.spelling, "enumerator", [("value", str(e.enum_value)),
                                                          doc_field(e)]))


def spec_lines(root):
    """The sorted lines of c.spec for the header under repository root `root`."""
    ci = clang()
    K = ci.CursorKind
    out = []
    for c in own_declarations(root, HEADER, ["-x", "c", "-std=c99"], macros=True):
        if c.kind == K.MACRO_DEFINITION and not c.spelling.startswith(PRIVATE_MACRO_PREFIX):
            out.append(format_line(c.spelling, "macro", [doc_field(c)],
                                   "#define " + " ".join(tokens(c))))
        elif c.kind == K.TYPEDEF_DECL:
            underlying = _spelled(c.underlying_typedef_type.spelling, c.spelling)
            out.append(format_line(c.spelling, "typedef", [doc_field(c)],
                                   f"typedef {underlying} {c.spelling}"))
        elif c.kind in (K.STRUCT_DECL, K.UNION_DECL) and c.is_definition():
            _record(c, ci, out)
        elif c.kind == K.ENUM_DECL:
            _enum(c, out)
        elif c.kind == K.FUNCTION_DECL:
            out.append(_function(c, ci))
        elif c.kind == K.VAR_DECL:
            tail = f"{_spelled(c.type.spelling, c.spelling)} {c.spelling}"
            out.append(format_line(c.spelling, "variable", [_visibility(c, ci), doc_field(c)],
                                   tail))
    return sorted(out)
