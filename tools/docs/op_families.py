"""Which family each operator belongs to, for the operator index.

The OpProto does not say where an op is defined, so the family is the file of
core/ops (or core/distributed, for the collective ops) that registers it
(`PD_REGISTER_OP(relu)` or a file's own wrapper macro such as
`PD_COMPARE_OP(equal, ...)`); a gradient op `<type>_grad` joins its forward
op's family. TITLES names each family in both languages.
"""
import pathlib
import re

# A registration: PD_REGISTER_OP(type) or a file-local PD_<WHAT>_OP(type, ...).
_REGISTRATION = re.compile(r"^\s*PD_\w*OP\((\w+)\s*[,)]", re.MULTILINE)

# Family (file stem) -> (English title, Chinese title), in index order.
TITLES = {
    "activation_ops": ("Activations", "激活函数"),
    "elementwise_ops": ("Elementwise arithmetic", "逐元素算术"),
    "math_unary_ops": ("Elementwise math functions", "逐元素数学函数"),
    "scan_ops": ("Running products and log-sum-exps", "累乘积与累积 log-sum-exp"),
    "complex_ops": ("Complex numbers", "复数"),
    "fft_ops": ("Discrete Fourier transforms", "离散傅里叶变换"),
    "bitwise_ops": ("Bitwise ops, fmax/fmin and heaviside", "按位运算、fmax/fmin 与 heaviside"),
    "compare_ops": ("Comparison and logic", "比较与逻辑"),
    "math_ops": ("Math and type casts", "数学运算与类型转换"),
    "reduce_ops": ("Reductions", "归约"),
    "mul_op": ("mul", "mul"),
    "matmul_v2_op": ("Matrix multiplication", "矩阵乘法"),
    "batch_matmul_ops": ("Batched products", "批量乘积"),
    "det_inverse_ops": ("Determinants and inverses", "行列式与逆矩阵"),
    "solve_ops": ("Cholesky and linear solves", "Cholesky 分解与线性方程组求解"),
    "decomposition_ops": ("Matrix decompositions", "矩阵分解"),
    "lu_lstsq_ops": ("LU, least squares and rank", "LU 分解、最小二乘与秩"),
    "fc_op": ("Fully connected (fused)", "全连接（融合）"),
    "fused_elemwise_act_op": ("Fused add and activation", "融合的加法与激活"),
    "fused_matmul_grad_sgd_op": ("Linear-layer gradient with its SGD update (fused)",
                                 "线性层梯度与其 SGD 更新（融合）"),
    "softmax_op": ("Softmax", "Softmax"),
    "creation_ops": ("Tensor creation", "张量创建"),
    "assign_value_op": ("Constants", "常量"),
    "random_ops": ("Random numbers and dropout", "随机数与 dropout"),
    "reshape2_op": ("Reshape", "变形"),
    "shape_ops": ("Views and transposes", "视图与转置"),
    "slice_ops": ("Slicing", "切片"),
    "layout_ops": ("Tiling, flipping and padding", "平铺、翻转与填充"),
    "join_ops": ("Joining and splitting", "拼接与拆分"),
    "index_ops": ("Indexing and gathering", "索引与收集"),
    "scatter_ops": ("Scattering", "散射"),
    "search_ops": ("Searching and sorting", "搜索与排序"),
    "lookup_table_v2_op": ("Embedding lookup", "嵌入查找"),
    "norm_ops": ("Normalization", "归一化"),
    "rms_norm_op": ("Root mean square normalization", "均方根归一化"),
    "conv_ops": ("Convolution", "卷积"),
    "conv_transpose_op": ("Transposed convolution", "转置卷积"),
    "deformable_conv_op": ("Deformable convolution", "可变形卷积"),
    "fused_conv2d_op": ("Convolution with bias, residual and activation (fused)",
                        "带偏置、残差与激活的卷积（融合）"),
    "pool_ops": ("Pooling", "池化"),
    "fractional_pool_ops": ("Fractional max pooling", "分数最大池化"),
    "interp_ops": ("Interpolation", "插值"),
    "detection_ops": ("Detection boxes", "检测框"),
    "roi_ops": ("Region-of-interest pooling", "感兴趣区域池化"),
    "yolo_loss_op": ("YOLOv3 loss", "YOLOv3 损失"),
    "proposal_ops": ("Matrix NMS and region proposals", "Matrix NMS 与候选区域"),
    "image_io_ops": ("Image files", "图像文件"),
    "decode_jpeg_op": ("JPEG decoding", "JPEG 解码"),
    "rnn_op": ("Recurrent networks", "循环神经网络"),
    "viterbi_decode_op": ("Sequence decoding (Viterbi)", "序列解码（Viterbi）"),
    "fused_softmax_mask_ops": ("Masked softmax of attention scores (fused)", "注意力分数的掩码 softmax（融合）"),
    "identity_loss_op": ("Identity loss", "恒等损失"),
    "average_accumulates_op": ("Model averaging", "模型平均"),
    "loss_ops": ("Losses", "损失函数"),
    "hard_label_loss_ops": ("Hard-label losses", "硬标签损失"),
    "elementwise_loss_ops": ("Elementwise losses", "逐元素损失"),
    "hsigmoid_op": ("Hierarchical sigmoid", "层次 sigmoid"),
    "warprnnt_op": ("RNN transducer loss", "RNN transducer 损失"),
    "margin_loss_ops": ("Class center sampling and margin softmax loss", "类中心采样与间隔 softmax 损失"),
    "optimizer_ops": ("Optimizers", "优化器"),
    "adam_ops": ("Adam optimizers", "Adam 类优化器"),
    "adam_variant_ops": ("Adam variants", "Adam 变体优化器"),
    "grad_clip_ops": ("Gradient clipping", "梯度裁剪"),
    "amp_ops": ("Loss scaling (mixed precision)", "损失缩放（混合精度）"),
    "feed_fetch_ops": ("Program inputs and outputs", "程序输入与输出"),
    "control_flow_ops": ("Control flow", "控制流"),
    "collective_ops": ("Collective communication", "集合通信"),
}


def registered_families(ops_dirs):
    """{op type: family} for every op registered in <dir>/*.cc of each of
    `ops_dirs` (one folder or several)."""
    if isinstance(ops_dirs, (str, pathlib.Path)):
        ops_dirs = [ops_dirs]
    families = {}
    paths = [p for d in ops_dirs for p in sorted(pathlib.Path(d).glob("*.cc"))]
    for path in paths:
        for match in _REGISTRATION.finditer(path.read_text(encoding="utf-8")):
            families[match.group(1)] = path.stem
    return families


def family_of(op_type, families):
    """The op's family; a gradient op's is its forward op's. None when unknown."""
    if op_type in families:
        return families[op_type]
    if op_type.endswith("_grad"):
        return family_of(op_type[: -len("_grad")], families)
    return None
