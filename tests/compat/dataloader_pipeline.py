# A Dataset / DataLoader pipeline: custom dataset, batch sampler, shuffle
# (numpy's generator), drop_last, collate of dicts, random_split with paddle.seed.
import numpy as np
import paddle
from paddle.io import DataLoader, Dataset, random_split


class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return {"x": np.array([i, i * i], dtype="float32"), "y": np.int64(i % 3)}

    def __len__(self):
        return self.n


np.random.seed(7)
paddle.seed(7)
loader = DataLoader(Squares(10), batch_size=4, shuffle=True, drop_last=True)
for batch in loader:
    print("x", batch["x"].numpy()[:, 0].tolist(), "y", batch["y"].numpy().tolist())
train, test = random_split(Squares(10), [7, 3])
print("split", len(train), len(test), sorted(test.indices))
for xb, in DataLoader(paddle.io.TensorDataset([paddle.arange(6).reshape([3, 2])]), batch_size=2):
    print("tensor batch", xb.numpy().tolist())
