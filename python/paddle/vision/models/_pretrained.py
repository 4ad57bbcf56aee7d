"""pretrained=True in the model factories: nothing is downloaded here, so it is
refused with a message that says how to load PaddlePaddle's weights instead."""


def check_pretrained(arch, pretrained):
    if pretrained:
        raise RuntimeError(
            f"{arch}: pretrained=True needs weights downloaded from the internet, which this "
            "paddle does not do; build the model with pretrained=False and load a local "
            f"{arch}.pdparams with model.set_state_dict(paddle.load(path))")
