"""paddle.text.datasets: the text datasets of PaddlePaddle 3.3.1 read from their
local files (nothing is downloaded: pass the paths, or have the files in
PaddlePaddle's cache, ~/.cache/paddle/dataset)."""
from .conll05 import Conll05st
from .imdb import Imdb
from .imikolov import Imikolov
from .movielens import Movielens
from .uci_housing import UCIHousing
from .wmt14 import WMT14
from .wmt16 import WMT16

__all__ = ["Conll05st", "Imdb", "Imikolov", "Movielens", "UCIHousing", "WMT14", "WMT16"]
