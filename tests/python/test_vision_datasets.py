"""paddle.vision.datasets reading tiny files written in the real formats: IDX
(MNIST), the CIFAR python tar.gz, and folders of images; and image_load."""
import gzip
import io
import pickle
import struct
import tarfile

import numpy as np
import pytest

import paddle
import paddle.vision as vision
from paddle.vision.datasets import (MNIST, Cifar10, Cifar100, DatasetFolder, FashionMNIST,
                                    ImageFolder, _local_file)
from paddle.vision.transforms import ToTensor

IMAGES = np.random.default_rng(0).integers(0, 256, (5, 28, 28), dtype=np.uint8)
LABELS = np.array([3, 1, 4, 1, 5], dtype=np.uint8)


@pytest.fixture
def backend():
    """Restores the global image backend a test changes."""
    before = vision.get_image_backend()
    yield vision.set_image_backend
    vision.set_image_backend(before)


@pytest.fixture
def no_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(_local_file, "DATA_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def write_idx(tmp_path, images=IMAGES, labels=LABELS, compress=True):
    img = struct.pack(">IIII", 2051, len(images), 28, 28) + images.tobytes()
    lab = struct.pack(">II", 2049, len(labels)) + labels.tobytes()
    suffix = ".gz" if compress else ""
    paths = tmp_path / f"images-idx3-ubyte{suffix}", tmp_path / f"labels-idx1-ubyte{suffix}"
    for path, data in zip(paths, (img, lab)):
        path.write_bytes(gzip.compress(data) if compress else data)
    return [str(p) for p in paths]


@pytest.mark.parametrize("compress", [True, False])
def test_mnist_reads_idx_files(tmp_path, compress):
    image_path, label_path = write_idx(tmp_path, compress=compress)
    ds = MNIST(image_path, label_path, mode="test", backend="cv2")
    assert len(ds) == 5
    for i in range(5):
        image, label = ds[i]
        assert image.dtype == np.float32 and image.shape == (28, 28)
        np.testing.assert_array_equal(image, IMAGES[i])
        assert label.dtype == np.int64 and label.tolist() == [LABELS[i]]


def test_mnist_pil_backend_and_transform(tmp_path):
    pil = pytest.importorskip("PIL.Image")
    image_path, label_path = write_idx(tmp_path)
    image, label = FashionMNIST(image_path, label_path, backend="pil")[2]
    assert isinstance(image, pil.Image) and image.mode == "L"
    np.testing.assert_array_equal(np.asarray(image), IMAGES[2])
    tensor, _ = MNIST(image_path, label_path, transform=ToTensor(), backend="pil")[2]
    np.testing.assert_allclose(tensor.numpy()[0], IMAGES[2] / 255.0, rtol=1e-6)


def test_mnist_feeds_a_dataloader(tmp_path):
    image_path, label_path = write_idx(tmp_path)
    ds = MNIST(image_path, label_path, transform=ToTensor(), backend="cv2")
    images, labels = next(iter(paddle.io.DataLoader(ds, batch_size=4)))
    assert images.shape == [4, 1, 28, 28] and labels.shape == [4, 1]
    np.testing.assert_array_equal(labels.numpy().ravel(), LABELS[:4])
    np.testing.assert_array_equal(images.numpy()[:, 0], IMAGES[:4])  # not rescaled: float input


def test_mnist_missing_and_bad_files(tmp_path, no_cache):
    image_path, label_path = write_idx(tmp_path)
    with pytest.raises(ValueError, match="downloading automatically is disabled"):
        MNIST(label_path=label_path, download=False)
    with pytest.raises(RuntimeError, match="does not download"):
        MNIST(label_path=label_path)
    with pytest.raises(FileNotFoundError, match="image_path"):
        MNIST(str(tmp_path / "absent.gz"), label_path)
    with pytest.raises(ValueError, match="magic number 2051"):
        MNIST(label_path, label_path)
    with pytest.raises(ValueError, match="mode"):
        MNIST(image_path, label_path, mode="valid")
    with pytest.raises(ValueError, match="backend"):
        MNIST(image_path, label_path, backend="tensor")
    (tmp_path / "short").mkdir()
    short_images, _ = write_idx(tmp_path / "short", images=IMAGES[:2], labels=LABELS[:2])
    with pytest.raises(ValueError, match="2 images but 5 labels"):
        MNIST(short_images, label_path)
    (tmp_path / "cut.gz").write_bytes(gzip.compress(struct.pack(">IIII", 2051, 9, 28, 28)))
    with pytest.raises(ValueError, match="truncated"):
        MNIST(str(tmp_path / "cut.gz"), label_path)


def test_mnist_uses_paddlepaddles_download_cache(tmp_path, no_cache):
    image_path, label_path = write_idx(tmp_path)
    (no_cache / "mnist").mkdir(parents=True)
    (no_cache / "mnist" / "t10k-images-idx3-ubyte.gz").write_bytes(open(image_path, "rb").read())
    ds = MNIST(label_path=label_path, mode="test", backend="cv2")
    assert ds.image_path.endswith("t10k-images-idx3-ubyte.gz") and len(ds) == 5


def write_cifar(tmp_path, members):
    """A tar.gz holding pickled batches {b'data': [N, 3072] uint8, label key: [...]}."""
    path = tmp_path / "cifar.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        for name, batch in members.items():
            data = pickle.dumps(batch)
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return str(path)


def cifar_batch(seed, n, label_key=b"labels"):
    rng = np.random.default_rng(seed)
    return {b"data": rng.integers(0, 256, (n, 3072), dtype=np.uint8),
            label_key: rng.integers(0, 10, n).tolist()}


def test_cifar10_reads_batches_in_name_order(tmp_path):
    b1, b2, test = cifar_batch(1, 3), cifar_batch(2, 2), cifar_batch(3, 4)
    path = write_cifar(tmp_path, {"cifar-10-batches-py/data_batch_2": b2,
                                  "cifar-10-batches-py/data_batch_1": b1,
                                  "cifar-10-batches-py/test_batch": test,
                                  "cifar-10-batches-py/batches.meta": {b"label_names": []}})
    train = Cifar10(path, mode="train", backend="cv2")
    assert len(train) == 5 and len(Cifar10(path, mode="TEST", backend="cv2")) == 4
    data = np.concatenate([b1[b"data"], b2[b"data"]])
    labels = b1[b"labels"] + b2[b"labels"]
    for i in range(5):
        image, label = train[i]
        assert image.dtype == np.float32 and image.shape == (32, 32, 3)
        np.testing.assert_array_equal(image, data[i].reshape(3, 32, 32).transpose(1, 2, 0))
        assert label.dtype == np.int64 and label.shape == () and int(label) == labels[i]


def test_cifar100_fine_labels_and_pil(tmp_path):
    pil = pytest.importorskip("PIL.Image")
    train = cifar_batch(4, 3, b"fine_labels")
    path = write_cifar(tmp_path, {"cifar-100-python/train": train,
                                  "cifar-100-python/test": cifar_batch(5, 1, b"fine_labels")})
    ds = Cifar100(path, backend="pil")
    image, label = ds[1]
    assert isinstance(image, pil.Image) and image.size == (32, 32)
    np.testing.assert_array_equal(np.asarray(image),
                                  train[b"data"][1].reshape(3, 32, 32).transpose(1, 2, 0))
    assert int(label) == train[b"fine_labels"][1]


def test_cifar_bad_files(tmp_path, no_cache):
    with pytest.raises(ValueError, match="data_file is not set"):
        Cifar10(download=False)
    with pytest.raises(RuntimeError, match="cifar-10-python.tar.gz"):
        Cifar10()
    (tmp_path / "plain.bin").write_bytes(b"not a tar")
    with pytest.raises(ValueError, match="not a tar archive"):
        Cifar10(str(tmp_path / "plain.bin"))
    path = write_cifar(tmp_path, {"cifar-10-batches-py/test_batch": cifar_batch(1, 1)})
    with pytest.raises(ValueError, match="no 'data_batch' batches"):
        Cifar10(path, mode="train")


def write_pnm(path, pixels):
    """Binary PGM (2-D) or PPM (H, W, 3) with a comment line in the header."""
    magic = b"P6" if pixels.ndim == 3 else b"P5"
    maxval = 65535 if pixels.dtype == np.uint16 else 255
    header = magic + b"\n# made by a test\n" + f"{pixels.shape[1]} {pixels.shape[0]}\n{maxval}\n".encode()
    path.write_bytes(header + pixels.astype(">u2" if maxval > 255 else "u1").tobytes())


@pytest.fixture
def image_tree(tmp_path):
    rng = np.random.default_rng(6)
    cat = rng.integers(0, 256, (4, 5, 3), dtype=np.uint8)
    dog = rng.integers(0, 256, (3, 2), dtype=np.uint8)
    (tmp_path / "dog" / "deep").mkdir(parents=True)
    (tmp_path / "cat").mkdir()
    write_pnm(tmp_path / "cat" / "a.PPM", cat)
    write_pnm(tmp_path / "dog" / "deep" / "b.pgm", dog)
    (tmp_path / "dog" / "notes.txt").write_text("not an image")
    return tmp_path, cat, dog


def test_dataset_folder_with_numpy_loader(image_tree, backend):
    root, cat, dog = image_tree
    backend("cv2")
    ds = DatasetFolder(str(root))
    assert ds.classes == ["cat", "dog"] and ds.class_to_idx == {"cat": 0, "dog": 1}
    assert ds.targets == [0, 1] and len(ds) == 2
    image, target = ds[0]
    np.testing.assert_array_equal(image, cat)
    image, target = ds[1]
    assert target == 1
    np.testing.assert_array_equal(image, np.repeat(dog[:, :, None], 3, axis=2))  # gray to RGB


def test_dataset_folder_filters_loader_and_transform(image_tree):
    root, cat, _ = image_tree
    ds = DatasetFolder(str(root), loader=lambda p: p, extensions=(".txt",),
                       transform=lambda p: p.upper())
    assert len(ds) == 1 and ds[0] == (str(root / "dog" / "notes.txt").upper(), 1)
    ds = DatasetFolder(str(root), loader=lambda p: p, is_valid_file=lambda p: "deep" in p)
    assert [s[0] for s in ds.samples] == [str(root / "dog" / "deep" / "b.pgm")]
    with pytest.raises(RuntimeError, match="Found 0 files"):
        DatasetFolder(str(root), extensions=(".jpg",))
    with pytest.raises(FileNotFoundError, match="not a directory"):
        DatasetFolder(str(root / "cat" / "a.PPM"))
    with pytest.raises(TypeError, match="extensions"):
        DatasetFolder(str(root), extensions=".ppm")


def test_image_folder_pil_loader(image_tree, backend):
    pil = pytest.importorskip("PIL.Image")
    root, cat, dog = image_tree
    backend("pil")
    ds = ImageFolder(str(root))
    assert ds.samples == [str(root / "cat" / "a.PPM"), str(root / "dog" / "deep" / "b.pgm")]
    (sample,) = ds[1]
    assert isinstance(sample, pil.Image) and sample.mode == "RGB"
    np.testing.assert_array_equal(np.asarray(sample)[..., 0], dog)
    (tensor,) = ImageFolder(str(root), transform=ToTensor())[0]
    np.testing.assert_allclose(tensor.numpy(), cat.transpose(2, 0, 1) / 255.0, rtol=1e-6)
    with pytest.raises(RuntimeError, match="Found 0 files"):
        ImageFolder(str(root / "cat"), extensions=(".png",))


def test_image_load_backends(tmp_path, backend):
    deep = np.array([[0, 1000], [65535, 7]], dtype=np.uint16)
    write_pnm(tmp_path / "deep.pgm", deep)
    np.testing.assert_array_equal(vision.image_load(str(tmp_path / "deep.pgm"), "cv2"), deep)
    np.save(tmp_path / "x.npy", np.arange(6, dtype=np.uint8).reshape(1, 2, 3))
    t = vision.image_load(str(tmp_path / "x.npy"), backend="tensor")
    assert isinstance(t, paddle.Tensor) and t.shape == [1, 2, 3]
    backend("cv2")
    assert vision.get_image_backend() == "cv2"
    assert vision.image_load(str(tmp_path / "x.npy")).shape == (1, 2, 3)
    with pytest.raises(ValueError, match="backend"):
        vision.set_image_backend("opencv")
    with pytest.raises(ValueError, match="backend"):
        vision.image_load(str(tmp_path / "x.npy"), backend="numpy")
    (tmp_path / "ascii.pgm").write_bytes(b"P2\n1 1\n255\n0\n")
    with pytest.raises(ValueError, match="P5"):
        vision.image_load(str(tmp_path / "ascii.pgm"), "cv2")
