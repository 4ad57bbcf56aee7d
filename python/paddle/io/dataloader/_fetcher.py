"""Fetchers: read one batch's samples from a dataset and collate them."""


class MapFetcher:
    """Samples of a map-style dataset by index."""

    def __init__(self, dataset, auto_collate, collate_fn, drop_last):
        self.dataset = dataset
        self.auto_collate = auto_collate
        self.collate_fn = collate_fn

    def fetch(self, indices):
        if self.auto_collate:
            data = [self.dataset[i] for i in indices]
        else:
            data = self.dataset[indices]
        return self.collate_fn(data)


class IterableFetcher:
    """The next samples of an iterable dataset's iterator; StopIteration when
    it has none left (or, with drop_last, too few for a whole batch)."""

    def __init__(self, dataset, auto_collate, collate_fn, drop_last):
        self.iterator = iter(dataset)
        self.auto_collate = auto_collate
        self.collate_fn = collate_fn
        self.drop_last = drop_last

    def fetch(self, placeholders):
        if not self.auto_collate:
            return self.collate_fn(next(self.iterator))
        data = []
        for _ in placeholders:
            try:
                data.append(next(self.iterator))
            except StopIteration:
                break
        if not data or (self.drop_last and len(data) < len(placeholders)):
            raise StopIteration
        return self.collate_fn(data)


def make_fetcher(iterable, dataset, auto_collate, collate_fn, drop_last):
    kind = IterableFetcher if iterable else MapFetcher
    return kind(dataset, auto_collate, collate_fn, drop_last)
