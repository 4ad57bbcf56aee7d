"""Nested structures (lists, tuples, namedtuples, dicts of them) as
paddle.utils flattens, rebuilds and maps them: dicts by sorted key, anything
else a leaf."""

__all__ = ["flatten", "pack_sequence_as", "map_structure"]


def _is_sequence(value):
    return isinstance(value, (list, tuple, dict))


def _children(value):
    if isinstance(value, dict):
        return [value[k] for k in sorted(value)]
    return list(value)


def _rebuilt(like, children):
    if isinstance(like, dict):
        values = dict(zip(sorted(like), children))
        return type(like)((k, values[k]) for k in like)
    if isinstance(like, tuple) and hasattr(like, "_fields"):  # a namedtuple
        return type(like)(*children)
    return type(like)(children)


def flatten(nest):
    """The leaves of a nested structure, depth first (dicts by sorted key).

    Args:
        nest (object): A list, tuple, namedtuple or dict, nested to any depth; anything else
            is one leaf.

    Returns:
        list: The leaves in order.

    Example:
        >>> paddle.utils.flatten({"b": [1, (2, 3)], "a": 4})
        [4, 1, 2, 3]
    """
    if not _is_sequence(nest):
        return [nest]
    out = []
    for child in _children(nest):
        out.extend(flatten(child))
    return out


def _pack(structure, flat, start):
    if not _is_sequence(structure):
        return flat[start], start + 1
    children = []
    for child in _children(structure):
        packed, start = _pack(child, flat, start)
        children.append(packed)
    return _rebuilt(structure, children), start


def pack_sequence_as(structure, flat_sequence):
    """``structure`` rebuilt with the leaves of ``flat_sequence`` in order
    (the inverse of ``flatten``).

    Args:
        structure (object): The nested structure to copy.
        flat_sequence (list|tuple): As many leaves as ``structure`` has.

    Returns:
        object: A structure like ``structure`` holding ``flat_sequence``'s values.

    Example:
        >>> paddle.utils.pack_sequence_as({"b": [1, (2, 3)], "a": 4}, [9, 8, 7, 6])
        {'b': [8, (7, 6)], 'a': 9}
    """
    if not isinstance(flat_sequence, (list, tuple)):
        raise TypeError(f"[pack_sequence_as] flat_sequence must be a list or tuple, got "
                        f"{type(flat_sequence).__name__}")
    want = len(flatten(structure))
    if want != len(flat_sequence):
        raise ValueError(f"[pack_sequence_as] structure has {want} leaves, but flat_sequence "
                         f"has {len(flat_sequence)}")
    return _pack(structure, list(flat_sequence), 0)[0]


def map_structure(func, *structure):
    """``func`` applied to the leaves of one or more structures of the same
    shape, the results in the first structure's shape.

    Args:
        func (callable): Called with one leaf from each structure.
        *structure (object): Nested structures with the same number of leaves.

    Returns:
        object: A structure like the first holding ``func``'s results.

    Example:
        >>> paddle.utils.map_structure(lambda a, b: a + b, [1, {"x": 2}], [10, {"x": 20}])
        [11, {'x': 22}]
    """
    if not callable(func):
        raise TypeError(f"[map_structure] func must be callable, got {type(func).__name__}")
    if not structure:
        raise ValueError("[map_structure] needs at least one structure")
    leaves = [flatten(s) for s in structure]
    for i, flat in enumerate(leaves[1:], 1):
        if len(flat) != len(leaves[0]):
            raise ValueError(f"[map_structure] structure {i} has {len(flat)} leaves, structure "
                             f"0 has {len(leaves[0])}")
    return pack_sequence_as(structure[0], [func(*args) for args in zip(*leaves)])
