"""A hub repository whose dependencies are not installed."""
dependencies = ["a_module_that_does_not_exist"]


def model():
    return None
