"""paddle.enable_compat / paddle.disable_compat: ``import torch`` (and ``torch.nn``, ...)
gives proxies of ``paddle`` (``paddle.nn``, ...), everywhere or only inside chosen
modules, through a finder at the front of ``sys.meta_path``."""
import importlib
import importlib.abc
import importlib.util
import sys
import types
import warnings

__all__ = ["enable_compat", "disable_compat"]

_ENABLED_MARK = "__enable_torch_proxy__"  # set in the modules of a scope
_BLOCKED_MARK = "__disable_torch_proxy__"  # set in blocked modules
# torch names whose paddle counterpart has another path
_OVERRIDES = {"torch.relu": "paddle.nn.functional.relu"}


def _within(name, roots):
    return any(name == r or name.startswith(r + ".") for r in roots)


def _called_from(mark):
    """Whether a frame of the current call stack runs code of a module marked ``mark``."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_globals.get(mark):
            return True
        frame = frame.f_back
    return False


class TorchProxy(types.ModuleType):
    """``torch`` or ``torch.<sub>``: attributes read from the paddle module of the same path."""

    def __init__(self, name, source):
        super().__init__(name)
        self.__dict__["_source"] = source
        if hasattr(source, "__path__"):
            self.__path__ = []  # a package: its submodules come through the finder too

    def __getattr__(self, attr):
        target = _OVERRIDES.get(f"{self.__name__}.{attr}")
        if target:
            module, _, last = target.rpartition(".")
            return getattr(importlib.import_module(module), last)
        return getattr(self.__dict__["_source"], attr)


class _ProxyLoader(importlib.abc.Loader):
    def __init__(self, source):
        self._source = source

    def create_module(self, spec):
        return TorchProxy(spec.name, self._source)

    def exec_module(self, module):
        pass


def _pop_proxies():
    """Takes the torch proxies out of sys.modules (returned), so the next ``import torch``
    goes through the finder again."""
    return {n: sys.modules.pop(n) for n, m in list(sys.modules.items())
            if isinstance(m, TorchProxy)}


class _MarkingLoader(importlib.abc.Loader):
    """A module's own loader, with ``mark`` set in the module before its code runs (so the
    imports it makes, then or later, see it on the stack). A scoped module's code runs with
    the proxies it imports dropped from sys.modules after (so other modules do not find them
    there); a blocked module's runs without the proxies in sys.modules."""

    def __init__(self, loader, mark):
        self._loader, self._mark = loader, mark

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        module.__dict__[self._mark] = True
        kept = _pop_proxies() if self._mark == _BLOCKED_MARK else {}
        try:
            self._loader.exec_module(module)
        finally:
            if not _FINDER.everywhere:
                _pop_proxies()
            sys.modules.update(kept)


class _TorchProxyFinder:
    def __init__(self):
        self.everywhere = False
        self.scope = set()
        self.blocked = set()
        self._looking = set()  # names being found by the other finders (no recursion)

    def find_spec(self, fullname, path, target=None):
        if fullname in self._looking:
            return None
        if _within(fullname, self.blocked):
            return self._marked(fullname, _BLOCKED_MARK)
        if _within(fullname, self.scope):
            return self._marked(fullname, _ENABLED_MARK)
        if not _within(fullname, {"torch"}) or _called_from(_BLOCKED_MARK):
            return None
        if not self.everywhere and not _called_from(_ENABLED_MARK):
            return None
        try:
            source = importlib.import_module("paddle" + fullname[len("torch"):])
        except ModuleNotFoundError:
            return None
        return importlib.util.spec_from_loader(fullname, _ProxyLoader(source),
                                               is_package=hasattr(source, "__path__"))

    def _marked(self, fullname, mark):
        self._looking.add(fullname)
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self._looking.discard(fullname)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _MarkingLoader(spec.loader, mark)
        return spec


_FINDER = _TorchProxyFinder()
_real_torch = {}  # the real torch modules loaded before enable_compat, put back by disable


def _names(value, what):
    if value is None:
        return None
    if isinstance(value, str):
        return {value}
    try:
        names = set(value)
    except TypeError:
        raise TypeError(f"[enable_compat] {what} must be a str or an iterable of str, got "
                        f"{type(value).__name__}") from None
    if not all(isinstance(n, str) for n in names):
        raise TypeError(f"[enable_compat] {what} must hold module names (str), got {names}")
    return names


def enable_compat(*, scope=None, blocked_modules=None, backend="torch", silent=False):
    """Makes ``import torch`` (and ``import torch.nn``, ...) give proxies of ``paddle`` (and
    ``paddle.nn``, ...): ``torch.sin`` is ``paddle.sin``. Everywhere, or only for the
    imports made by the modules of ``scope`` (and their submodules); never for those made by
    ``blocked_modules`` while they load. Real torch modules already loaded are set aside
    until :func:`disable_compat`. (With a scope, a proxy that a scoped module's function
    imports later stays in ``sys.modules``, where any module finds it.)

    Args:
        scope (str|Iterable[str], optional): keyword only: the modules whose ``import torch``
            is proxied; None: every module. Default: None.
        blocked_modules (str|Iterable[str], optional): keyword only: modules whose imports are
            never proxied. Default: None.
        backend (str, optional): keyword only: 'torch' (the only one). Default: 'torch'.
        silent (bool, optional): keyword only: whether a change of scope of an enabled proxy
            goes without a warning. Default: False.

    Returns:
        None.

    Example:
        >>> paddle.enable_compat()
        >>> import torch
        >>> torch.sin is paddle.sin
        True
        >>> paddle.disable_compat()
    """
    if backend != "torch":
        raise ValueError(f"[enable_compat] backend must be 'torch', got {backend!r}")
    scope, blocked = _names(scope, "scope"), _names(blocked_modules, "blocked_modules")
    if blocked:
        _FINDER.blocked |= blocked
    if _FINDER in sys.meta_path:
        widens = (scope is None) != _FINDER.everywhere or bool(scope and scope - _FINDER.scope)
        if widens and not silent:
            warnings.warn(f"[enable_compat] torch compat already enabled; the scope becomes "
                          f"{'every module' if scope is None else _FINDER.scope | scope}")
    else:
        for name in [n for n in sys.modules if _within(n, {"torch"})]:
            _real_torch[name] = sys.modules.pop(name)
        sys.meta_path.insert(0, _FINDER)
        _FINDER.everywhere, _FINDER.scope = False, set()
    if scope is None:
        _FINDER.everywhere = True
    else:
        _FINDER.scope |= scope


def disable_compat():
    """Undoes :func:`enable_compat`: ``import torch`` imports the real PyTorch again (if
    installed) and the proxies are dropped; warns when compat is not enabled.

    Returns:
        None.

    Example:
        >>> paddle.enable_compat()
        >>> paddle.disable_compat()
    """
    if _FINDER not in sys.meta_path:
        warnings.warn("torch compat is not installed.")
        return
    sys.meta_path.remove(_FINDER)
    _pop_proxies()
    sys.modules.update(_real_torch)
    _real_torch.clear()
    _FINDER.everywhere, _FINDER.scope, _FINDER.blocked = False, set(), set()
