"""Every example in the docstrings of the documented Python API
(tools/docs/python_api.collect(): each API and its own members) runs and
prints what it shows, each docstring in a fresh state
(tools/docs/examples_runner.py); every public function and class has a
docstring with an example; the examples of the helpers outside the reference
(building blocks of the vision models, ...) run too."""
import inspect
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "docs"))
import examples_runner  # noqa: E402
import python_api  # noqa: E402

APIS = python_api.collect()


@pytest.mark.parametrize("api", APIS, ids=lambda a: a.name)
def test_examples_run(api):
    failures, ran = examples_runner.run([api])
    assert ran > 0, f"{api.name} has no example"
    assert not failures, "\n".join(report for _, report in failures)


def test_every_public_function_and_class_has_a_docstring_with_an_example():
    assert len(APIS) > 800
    no_doc = [a.name for a in APIS if not a.parsed.body]
    assert not no_doc, no_doc
    no_example = [a.name for a in APIS if not a.parsed.examples]
    assert not no_example, no_example


def _outside_the_reference():
    """The module doctests whose docstring is no API's or member's."""
    documented = {inspect.cleandoc(test.docstring)
                  for api in APIS for _, test in examples_runner.doctests(api)}
    return [(name, test) for name, test in examples_runner.module_doctests(["paddle"])
            if inspect.cleandoc(test.docstring) not in documented]


@pytest.mark.parametrize("test", [pytest.param(t, id=name) for name, t in _outside_the_reference()])
def test_examples_outside_the_reference_run(test):
    report = examples_runner.run_test(test)
    assert not report, report
