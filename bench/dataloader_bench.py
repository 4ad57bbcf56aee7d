#!/usr/bin/env python3
"""DataLoader throughput: this SDK's paddle.io against the real PaddlePaddle 3.3.1.

Run with each interpreter (the script uses only paddle.io and numpy):

    .venv/bin/python bench/dataloader_bench.py
    /work/venvs/paddle/bin/python bench/dataloader_bench.py

A map-style dataset of float32 "images" (3x64x64 by default) and int64 labels,
made once in memory, is read in batches of 32 with 0 and 2 workers, with and
without shared memory; each sample costs `--work-us` microseconds of busy work
(decoding, augmenting), so that workers have something to overlap. Prints
batches per second (best of `--rounds` full passes, after one warm-up pass).
Never run by CI or the tests.
"""
import argparse
import time

import numpy as np
from paddle.io import DataLoader, Dataset


class Images(Dataset):
    def __init__(self, n, shape, work_us):
        self.images = np.random.rand(n, *shape).astype("float32")
        self.work_s = work_us / 1e6

    def __getitem__(self, i):
        end = time.perf_counter() + self.work_s
        while time.perf_counter() < end:  # stands in for decoding and augmenting
            pass
        return self.images[i], np.int64(i % 10)

    def __len__(self):
        return len(self.images)


def batches_per_second(loader, rounds):
    for _ in loader:  # warm-up: starts workers, fills caches
        pass
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        count = sum(1 for _ in loader)
        best = min(best, time.perf_counter() - start)
    return count / best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=1024)
    parser.add_argument("--shape", default="3,64,64")
    parser.add_argument("--work-us", type=float, default=200.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    shape = tuple(int(d) for d in args.shape.split(","))
    dataset = Images(args.samples, shape, args.work_us)
    print(f"{args.samples} samples of {shape} float32, batch 32, {args.work_us:g} us per sample")
    for workers, shm in [(0, False), (2, False), (2, True)]:
        loader = DataLoader(dataset, batch_size=32, num_workers=workers, use_shared_memory=shm)
        rate = batches_per_second(loader, args.rounds)
        print(f"workers={workers} shared_memory={shm!s:5}  {rate:8.1f} batches/s")


if __name__ == "__main__":
    main()
