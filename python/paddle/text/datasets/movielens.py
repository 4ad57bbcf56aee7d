"""MovieLens 1M (ml-1m.zip): one item per rating, the user's and the movie's
features then the rating scaled to [-3, 5], split train/test at random as
PaddlePaddle's Movielens does."""
import re
import zipfile

import numpy as np

from ...io import Dataset
from ._common import check_mode, resolve

__all__ = []

URL = "https://dataset.bj.bcebos.com/movielens%2Fml-1m.zip"
AGE_TABLE = [1, 18, 25, 35, 45, 50, 56]
_TITLE = re.compile(r"^(.*)\((\d+)\)$")


class MovieInfo:
    """A movie: its id, categories and title (without the year)."""

    def __init__(self, index, categories, title):
        self.index = int(index)
        self.categories = categories
        self.title = title

    def value(self, categories_dict, movie_title_dict):
        """[[id], category ids, title word ids]."""
        return [[self.index], [categories_dict[c] for c in self.categories],
                [movie_title_dict[w.lower()] for w in self.title.split()]]

    def __repr__(self):
        return f"<MovieInfo id({self.index}), title({self.title}), categories({self.categories})>"


class UserInfo:
    """A user: id, gender, age bucket (an index into AGE_TABLE) and job id."""

    def __init__(self, index, gender, age, job_id):
        self.index = int(index)
        self.is_male = gender == "M"
        self.age = AGE_TABLE.index(int(age))
        self.job_id = int(job_id)

    def value(self):
        """[[id], [0 male / 1 female], [age bucket], [job id]]."""
        return [[self.index], [0 if self.is_male else 1], [self.age], [self.job_id]]

    def __repr__(self):
        gender = "M" if self.is_male else "F"
        return (f"<UserInfo id({self.index}), gender({gender}), age({AGE_TABLE[self.age]}), "
                f"job({self.job_id})>")


def _lines(package, name, path):
    try:
        f = package.open(name)
    except KeyError:
        raise KeyError(f"Movielens: {path} has no member {name!r}") from None
    with f:
        return [line.decode("latin").strip() for line in f]


class Movielens(Dataset):
    """The MovieLens 1M dataset from ml-1m.zip (members ml-1m/movies.dat,
    ml-1m/users.dat, ml-1m/ratings.dat, fields separated by '::').

    Each item is (user id, gender, age bucket, job id, movie id, category ids,
    title word ids, rating * 2 - 5) as int64 arrays (the rating float64). A rating
    line goes to 'test' when ``np.random.RandomState(rand_seed).random()`` draws
    below ``test_ratio`` (one draw per line, as PaddlePaddle does with the global
    numpy seed). Category and title-word ids follow the sorted names (PaddlePaddle
    uses a set's order).

    Args:
        data_file (str, optional): The path of ml-1m.zip; None (the default) looks in
            PaddlePaddle's download cache (~/.cache/paddle/dataset/sentiment). Nothing is
            downloaded: a missing file raises an error naming the file to pass.
        mode (str, optional): 'train' (the default) or 'test'; others raise ValueError.
        test_ratio (float, optional): The share of ratings drawn for 'test'. Default 0.1.
        rand_seed (int, optional): The seed of the draws. Default 0.
        download (bool, optional): With a None path, look in the cache (True, the default)
            or raise ValueError (False).

    Returns:
        Movielens: A Dataset of 8-tuples of arrays.

    Example:
        >>> from paddle.text import Movielens
        >>> try:
        ...     Movielens(download=False)
        ... except ValueError as e:
        ...     print("needs", str(e).split()[1])
        needs data_file
    """

    def __init__(self, data_file=None, mode="train", test_ratio=0.1, rand_seed=0,
                 download=True):
        self.mode = check_mode(mode, ("train", "test"), "Movielens")
        self.data_file = resolve(data_file, URL, "sentiment", download)
        self.test_ratio = test_ratio
        self.rand_seed = rand_seed
        self._rng = np.random.RandomState(rand_seed)
        self._load_meta_info()
        self._load_data()

    def _open(self):
        try:
            return zipfile.ZipFile(self.data_file)
        except zipfile.BadZipFile as err:
            raise ValueError(f"Movielens: {self.data_file} is not a zip archive: {err}") from None

    def _load_meta_info(self):
        self.movie_info, self.user_info = {}, {}
        title_words, categories = set(), set()
        with self._open() as package:
            for line in _lines(package, "ml-1m/movies.dat", self.data_file):
                movie_id, title, cats = line.split("::")
                cats = cats.split("|")
                categories.update(cats)
                match = _TITLE.match(title)
                title = match.group(1) if match else title
                self.movie_info[int(movie_id)] = MovieInfo(movie_id, cats, title)
                title_words.update(w.lower() for w in title.split())
            for line in _lines(package, "ml-1m/users.dat", self.data_file):
                uid, gender, age, job, _ = line.split("::")
                self.user_info[int(uid)] = UserInfo(uid, gender, age, job)
        self.movie_title_dict = {w: i for i, w in enumerate(sorted(title_words))}
        self.categories_dict = {c: i for i, c in enumerate(sorted(categories))}

    def _load_data(self):
        self.data = []
        is_test = self.mode == "test"
        with self._open() as package:
            for line in _lines(package, "ml-1m/ratings.dat", self.data_file):
                if (self._rng.random_sample() < self.test_ratio) != is_test:
                    continue
                uid, mov_id, rating, _ = line.split("::")
                movie = self.movie_info[int(mov_id)]
                user = self.user_info[int(uid)]
                self.data.append(user.value()
                                 + movie.value(self.categories_dict, self.movie_title_dict)
                                 + [[float(rating) * 2 - 5.0]])

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
