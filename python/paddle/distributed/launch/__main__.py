"""``python -m paddle.distributed.launch``; importing this module runs nothing."""
from .main import launch

if __name__ == "__main__":
    launch()
