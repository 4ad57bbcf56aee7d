"""PaddlePaddle's Python CPU demo (Paddle-Inference-Demo, python/cpu/resnet50/
infer_resnet.py) written again from its API calls, to show that such a program
runs on this package unchanged. What differs from the original, and why:
  - the image: the original reads ILSVRC2012_val_00000247.jpeg with OpenCV and
    normalizes it (img_preprocess.py); neither OpenCV nor the image is here, so
    the input is the C++ demo's synthetic one (element i of the flat
    [1, 3, 224, 224] input is i % 255 * 0.1), which PaddlePaddle's own output
    was recorded for (tests/data/tiny_resnet224/demo_io.npz).
  - the model: tests/data/tiny_resnet224 (an ImageNet-shaped classifier of
    about 60 KB) instead of ResNet-50, passed with --model_file/--params_file
    or --model_dir.
  - the output: after the class index, every 100th logit is printed ("i : v"),
    so a test can compare the run with PaddlePaddle's.
The inference calls are the demo's: Config, enable_memory_optim,
enable_onnxruntime / enable_ort_optimization or set_cpu_math_library_num_threads
/ enable_mkldnn, create_predictor, get_input_names, get_input_handle, reshape,
copy_from_cpu, run, get_output_names, get_output_handle, copy_to_cpu.
"""
import argparse

import numpy as np
from paddle.inference import Config
from paddle.inference import PrecisionType
from paddle.inference import create_predictor


def init_predictor(args):
    if args.model_dir != "":
        config = Config(args.model_dir)
    else:
        config = Config(args.model_file, args.params_file)

    config.enable_memory_optim()
    if args.use_onnxruntime:
        config.enable_onnxruntime()
        config.enable_ort_optimization()
    else:
        config.set_cpu_math_library_num_threads(args.threads)
        config.enable_mkldnn()
        if args.precision == PrecisionType.Bfloat16:
            config.enable_mkldnn_bfloat16()

    predictor = create_predictor(config)
    return predictor


def run(predictor, img):
    # copy img data to input tensor
    input_names = predictor.get_input_names()
    for i, name in enumerate(input_names):
        input_tensor = predictor.get_input_handle(name)
        input_tensor.reshape(img[i].shape)
        input_tensor.copy_from_cpu(img[i])

    # do the inference
    predictor.run()

    results = []
    # get out data from output tensor
    output_names = predictor.get_output_names()
    for i, name in enumerate(output_names):
        output_tensor = predictor.get_output_handle(name)
        output_data = output_tensor.copy_to_cpu()
        results.append(output_data)

    return results


def demo_image(batch=1):
    """The C++ demo's input: element i of the flat [batch, 3, 224, 224] input is i % 255 * 0.1."""
    n = batch * 3 * 224 * 224
    return (np.arange(n) % 255 * np.float32(0.1)).astype("float32").reshape(batch, 3, 224, 224)


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--model_file", type=str, default="",
                        help="Model filename, Specify this when your model is a combined model.")
    parser.add_argument("--params_file", type=str, default="",
                        help="Parameter filename, Specify this when your model is a combined model.")
    parser.add_argument("--model_dir", type=str, default="",
                        help="Model dir, If you load a non-combined model, specify the directory.")
    parser.add_argument("--threads", type=int, default=1, help="Threads of the math libraries inside one op.")
    parser.add_argument("--use_onnxruntime", type=int, default=0, help="Whether use ONNXRuntime.")
    parser.add_argument("--precision", type=lambda name: PrecisionType.__members__[name],
                        default=PrecisionType.Float32, help="Float32 or Bfloat16.")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse_args()
    pred = init_predictor(args)
    img = demo_image()
    result = run(pred, [img])
    print("class index: ", np.argmax(result[0][0]))
    for i in range(0, result[0].size, 100):
        print(i, ":", result[0].ravel()[i])
