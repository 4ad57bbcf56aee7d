"""The one vocabulary of API changes the differ reports, and each class's verdict.

The table is data: the differ only names classes, the report and the exit
status read verdicts from here (and tools/api_diff/README.md lists the same
table). The later approval step refines what a verdict means for a merge.
"""
from typing import NamedTuple

BREAKING, COMPATIBLE, DOC_ONLY = "breaking", "compatible", "doc-only"
VERDICTS = (BREAKING, COMPATIBLE, DOC_ONLY)  # the order reports list them in


class ChangeClass(NamedTuple):
    verdict: str
    means: str


CHANGE_CLASSES = {
    # Any spec file.
    "added": ChangeClass(COMPATIBLE, "a new public entity (its members are counted, not listed)"),
    "removed": ChangeClass(BREAKING, "a public entity is gone (with its members)"),
    "renamed": ChangeClass(
        BREAKING, "the same signature and doc hash under a new name in the same scope: the old "
                  "name is gone"),
    "kind_changed": ChangeClass(
        BREAKING, "the same name is now another kind of entity (function -> class, input -> attr)"),
    "doc_changed": ChangeClass(DOC_ONLY, "only a docstring or comment changed (its hash)"),
    # Signatures: Python functions and methods, C++ functions, methods and constructors.
    "param_added_with_default": ChangeClass(
        COMPATIBLE, "a parameter with a default (or *args/**kwargs) added after the existing "
                    "positional ones"),
    "param_added_without_default": ChangeClass(
        BREAKING, "a required parameter added: existing calls lack it"),
    "param_inserted": ChangeClass(
        BREAKING, "a parameter added before existing positional ones: positional calls shift"),
    "param_removed": ChangeClass(
        BREAKING, "a parameter is gone (a Python keyword rename shows as removed + added)"),
    "param_reordered": ChangeClass(BREAKING, "existing parameters changed their relative order"),
    "param_kind_changed": ChangeClass(
        BREAKING, "positional-only / keyword-only / variadic changed"),
    "default_added": ChangeClass(COMPATIBLE, "a required parameter got a default"),
    "default_removed": ChangeClass(
        BREAKING, "a parameter lost its default: calls that omit it break"),
    "default_changed": ChangeClass(
        BREAKING, "a parameter's default changed: calls that omit it behave differently"),
    "annotation_changed": ChangeClass(
        BREAKING, "a parameter, return or type-parameter type changed (pybind11, C, C++ and "
                  "Java enforce them)"),
    "signature_changed": ChangeClass(
        BREAKING, "a signature changed and one side could not be parsed into parameters"),
    # python.spec / contrib.spec.
    "promoted": ChangeClass(
        COMPATIBLE, "moved from contrib.spec (experimental) to python.spec (stable)"),
    "bases_changed": ChangeClass(
        BREAKING, "a class's base classes (Java: superclass or interfaces) changed"),
    "property_became_read_only": ChangeClass(BREAKING, "a property lost its setter"),
    "property_became_writable": ChangeClass(COMPATIBLE, "a property gained a setter"),
    "value_changed": ChangeClass(
        BREAKING, "a constant's, enumerator's, variable's, field's, typedef's or macro's value "
                  "or type changed (Java: an enum constant's ordinal too)"),
    # cpp.spec.
    "qualifiers_changed": ChangeClass(
        BREAKING, "static/virtual/explicit/const/delete/default (C++), a C function's "
                  "visibility, or Java's public/protected/abstract/static/final/sealed/default "
                  "changed"),
    "enum_changed": ChangeClass(
        BREAKING, "an enum became (un)scoped or changed its underlying type"),
    # c.spec.
    "layout_changed": ChangeClass(
        BREAKING, "a C struct gained a field or a field moved: its size or layout (the ABI) "
                  "changed"),
    # java.spec.
    "abstract_method_added": ChangeClass(
        BREAKING, "an abstract or interface method without a body added: implementations no "
                  "longer compile"),
    "throws_changed": ChangeClass(
        BREAKING, "a Java method's checked exceptions changed: callers' catch blocks or "
                  "throws clauses no longer compile"),
    "deprecated": ChangeClass(
        COMPATIBLE, "marked deprecated (@Deprecated, or for removal): callers get a warning, "
                    "it still works"),
    "undeprecated": ChangeClass(COMPATIBLE, "no longer deprecated"),
    # ops.spec.
    "op_input_added": ChangeClass(BREAKING, "a required input added: saved programs lack it"),
    "op_input_added_optional": ChangeClass(COMPATIBLE, "a dispensable input added"),
    "op_output_added": ChangeClass(BREAKING, "a required output added: saved programs lack it"),
    "op_output_added_optional": ChangeClass(COMPATIBLE, "a dispensable output added"),
    "op_input_removed": ChangeClass(BREAKING, "an input is gone: saved programs bind it"),
    "op_output_removed": ChangeClass(BREAKING, "an output is gone: saved programs bind it"),
    "op_attr_added_with_default": ChangeClass(
        COMPATIBLE, "an attribute with a default added: saved programs get the default"),
    "op_attr_added_without_default": ChangeClass(
        BREAKING, "a required attribute added: saved programs lack it"),
    "op_attr_removed": ChangeClass(BREAKING, "an attribute is gone: saved programs set it"),
    "attr_default_added": ChangeClass(COMPATIBLE, "a required attribute got a default"),
    "attr_default_removed": ChangeClass(
        BREAKING, "an attribute lost its default: it is now required"),
    "attr_default_changed": ChangeClass(
        BREAKING, "an attribute's default changed: saved programs that omit it compute "
                  "differently"),
    "attr_type_changed": ChangeClass(BREAKING, "an attribute's AttrType changed"),
    "flags_changed": ChangeClass(
        BREAKING, "an input's, output's or attribute's flags changed (dispensable, extra, ...)"),
    "constraints_changed": ChangeClass(BREAKING, "an attribute's constraints changed"),
    "op_position_changed": ChangeClass(
        COMPATIBLE, "a slot's or attribute's index in the OpProto changed (programs bind by name)"),
    "version_changed": ChangeClass(COMPATIBLE, "the op version changed"),
    "kernel_dtype_added": ChangeClass(COMPATIBLE, "a kernel (place:dtype) registered"),
    "kernel_dtype_removed": ChangeClass(
        BREAKING, "a kernel (place:dtype) is gone: models in that dtype stop running"),
    "gradient_added": ChangeClass(COMPATIBLE, "the op got a gradient"),
    "gradient_removed": ChangeClass(
        BREAKING, "the op lost its gradient: training through it stops"),
    "gradient_changed": ChangeClass(
        BREAKING, "the op's grad op type changed: saved backward programs name the old one"),
}


def verdict(change_class):
    return CHANGE_CLASSES[change_class].verdict
