"""paddle.vision.datasets.Flowers and VOC2012 reading tiny archives written in
their real layouts (images as PNG bytes, which Pillow opens whatever the name)."""
import io
import tarfile

import numpy as np
import pytest

from paddle.vision.datasets import VOC2012, Flowers, _local_file

Image = pytest.importorskip("PIL.Image")
scipy_io = pytest.importorskip("scipy.io")

RNG = np.random.default_rng(5)
IMAGES = [RNG.integers(0, 256, (4 + i, 6, 3), dtype=np.uint8) for i in range(4)]


def _png(array):
    buf = io.BytesIO()
    Image.fromarray(array).save(buf, format="PNG")
    return buf.getvalue()


def _tar(path, members, mode="w"):
    with tarfile.open(path, mode) as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return str(path)


@pytest.fixture
def flowers_files(tmp_path):
    data = _tar(tmp_path / "102flowers.tgz",
                {f"jpg/image_{i + 1:05}.jpg": _png(img) for i, img in enumerate(IMAGES)}, "w:gz")
    scipy_io.savemat(tmp_path / "imagelabels.mat", {"labels": np.array([[7, 3, 102, 1]])})
    scipy_io.savemat(tmp_path / "setid.mat", {"trnid": np.array([[1, 2]]),
                                              "tstid": np.array([[3, 4, 1]]),
                                              "valid": np.array([[2]])})
    return data, str(tmp_path / "imagelabels.mat"), str(tmp_path / "setid.mat")


def test_flowers_splits_and_images(flowers_files):
    train = Flowers(*flowers_files, mode="train", backend="cv2")
    assert len(train) == 3  # PaddlePaddle trains on 'tstid'
    image, label = train[0]
    assert image.dtype == np.float32
    np.testing.assert_array_equal(image, IMAGES[2])
    assert label.dtype == np.int64 and label.tolist() == [102]
    test = Flowers(*flowers_files, mode="test", backend="pil")
    assert len(test) == 2
    image, label = test[1]
    assert isinstance(image, Image.Image) and label.tolist() == [3]
    np.testing.assert_array_equal(np.asarray(image), IMAGES[1])
    valid = Flowers(*flowers_files, mode="valid", backend="cv2", transform=lambda a: a[:2])
    assert valid[0][0].shape == (2, 6, 3)


def test_flowers_bad_arguments(flowers_files, tmp_path, monkeypatch):
    monkeypatch.setattr(_local_file, "DATA_HOME", str(tmp_path / "cache"))
    with pytest.raises(ValueError, match="'train' or 'valid' or 'test'"):
        Flowers(*flowers_files, mode="dev")
    with pytest.raises(ValueError, match="label_file is not set"):
        Flowers(flowers_files[0], download=False)
    with pytest.raises(RuntimeError, match="imagelabels.mat"):
        Flowers(flowers_files[0])


def test_voc2012_reads_pairs_from_the_tar(tmp_path):
    root = "VOCdevkit/VOC2012/"
    labels = [RNG.integers(0, 21, img.shape[:2], dtype=np.uint8) for img in IMAGES]
    members = {root + "ImageSets/Segmentation/trainval.txt": b"a\nb\nc\n",
               root + "ImageSets/Segmentation/val.txt": b"d\n"}
    for name, img, lab in zip("abcd", IMAGES, labels):
        members[root + f"JPEGImages/{name}.jpg"] = _png(img)
        members[root + f"SegmentationClass/{name}.png"] = _png(lab)
    path = _tar(tmp_path / "voc.tar", members)
    train = VOC2012(path, mode="train", backend="cv2")
    assert len(train) == 3
    image, label = train[1]
    assert image.dtype == np.float32 and label.dtype == np.float32
    np.testing.assert_array_equal(image, IMAGES[1])
    np.testing.assert_array_equal(label, labels[1])
    image, label = VOC2012(path, mode="valid", backend="pil")[0]
    assert isinstance(image, Image.Image) and isinstance(label, Image.Image)
    np.testing.assert_array_equal(np.asarray(label), labels[3])
    with pytest.raises(ValueError, match="train.txt"):
        VOC2012(path, mode="test")
