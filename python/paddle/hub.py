"""paddle.hub: list, help and load a repository's hubconf.py entry points, and
load_state_dict_from_url (see paddle.hapi.hub; nothing is downloaded)."""
from .hapi.hub import help, list, load, load_state_dict_from_url  # noqa: A004

__all__ = ["list", "help", "load", "load_state_dict_from_url"]
