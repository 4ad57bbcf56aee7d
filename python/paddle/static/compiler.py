"""CompiledProgram and BuildStrategy: a program plus the graph passes to run
over it before it runs (core/ir, registered by name). The passes run on a
copy made for each set of feeds and fetches (they must not drop what a run
feeds or fetches), once, and the Executor runs that copy."""
import os

from .. import _core
from .program import Program

__all__ = ["BuildStrategy", "CompiledProgram"]


class BuildStrategy:
    """Which graph passes a CompiledProgram runs. The switches with a pass
    here:

    * ``fuse_elewise_add_act_ops``: ``elementwise_add`` + relu/sigmoid/tanh/gelu
      → ``fused_elemwise_add_activation`` (``elementwise_act_fuse_pass``);
    * ``remove_unused_ops`` (ours): ops the run's fetches and the persistable
      updates do not need are dropped (``dead_code_elimination_pass``);
    * ``debug_graphviz_path``: after the passes, the program's graph is
      written to ``<path>.dot`` (and ``.svg`` where Graphviz is installed).

    The executor always frees temporaries after their last reader and reuses
    their memory (``enable_inplace``/``memory_optimize`` are always on). The
    other PaddlePaddle switches (multi-device reduce strategies, CINN, ...)
    are accepted and have no effect in a one-device CPU build.

    Example:
        >>> s = paddle.static.BuildStrategy()
        >>> s.fuse_elewise_add_act_ops = True
        >>> s._pass_pipeline()
        'elementwise_act_fuse_pass'
    """

    _ACCEPTED = {
        "allow_cuda_graph_capture": False, "async_mode": False, "bkcl_comm_num": 1,
        "build_cinn_pass": False, "cache_runtime_context": False, "enable_addto": False,
        "enable_auto_fusion": False, "enable_backward_optimizer_op_deps": True,
        "fuse_adamw": False, "fuse_all_optimizer_ops": False, "fuse_all_reduce_ops": True,
        "fuse_bn_act_ops": False, "fuse_bn_add_act_ops": True, "fuse_broadcast_ops": True,
        "fuse_dot_product_attention": False, "fuse_gemm_epilogue": False,
        "fuse_relu_depthwise_conv": False, "fuse_resunit": False, "fused_attention": False,
        "fused_feedforward": False, "hierarchical_allreduce_inter_nranks": 0,
        "nccl_comm_num": 1, "num_trainers": 1, "reduce_strategy": 0, "sequential_run": False,
        "sync_batch_norm": False, "trainer_id": 0, "trainers_endpoints": [],
        "use_hierarchical_allreduce": False, "enable_inplace": True, "memory_optimize": None,
    }

    def __init__(self):
        for name, value in self._ACCEPTED.items():
            object.__setattr__(self, name, value)
        self.fuse_elewise_add_act_ops = False
        self.remove_unused_ops = False
        self.debug_graphviz_path = ""

    def __setattr__(self, name, value):
        if name in ("fuse_elewise_add_act_ops", "remove_unused_ops") and not isinstance(value, bool):
            raise TypeError(f"[BuildStrategy] {name} must be a bool, got {type(value).__name__}")
        if name == "debug_graphviz_path" and not isinstance(value, str):
            raise TypeError(f"[BuildStrategy] debug_graphviz_path must be a str, got "
                            f"{type(value).__name__}")
        if name not in self._ACCEPTED and name not in (
                "fuse_elewise_add_act_ops", "remove_unused_ops", "debug_graphviz_path"):
            raise AttributeError(f"[BuildStrategy] has no switch '{name}'")
        object.__setattr__(self, name, value)

    def _pass_pipeline(self):
        passes = []
        if self.fuse_elewise_add_act_ops:
            passes.append("elementwise_act_fuse_pass")
        if self.remove_unused_ops:
            passes.append("dead_code_elimination_pass")
        if self.debug_graphviz_path:
            path = self.debug_graphviz_path
            if "," in path or ")" in path:
                raise ValueError(f"[BuildStrategy] debug_graphviz_path cannot hold ',' or ')': "
                                 f"{path!r}")
            passes.append(f"graph_viz_pass(path={path}.dot)")
        return ",".join(passes)


class CompiledProgram:
    """A program with a BuildStrategy, for ``Executor.run``.

    Args:
        program_or_graph (Program): The program to run; anything else raises TypeError.
        build_strategy (BuildStrategy, optional): The graph passes to apply (fusions, ...)
            before running; None (the default) uses ``BuildStrategy()``.

    Returns:
        CompiledProgram: The program to give ``Executor.run``.

    Example:
        >>> paddle.enable_static()
        >>> main, startup = paddle.static.Program(), paddle.static.Program()
        >>> with paddle.static.program_guard(main, startup):
        ...     x = paddle.static.data("x", [None, 2])
        ...     y = paddle.nn.functional.relu(x + 1.0)
        >>> strategy = paddle.static.BuildStrategy()
        >>> strategy.fuse_elewise_add_act_ops = True
        >>> compiled = paddle.static.CompiledProgram(main, strategy)
        >>> exe = paddle.static.Executor()
        >>> exe.run(compiled, feed={"x": np.array([[-3.0, 1.0]], "float32")}, fetch_list=[y])[0]
        array([[0., 2.]], dtype=float32)
        >>> paddle.disable_static()
    """

    def __init__(self, program_or_graph, build_strategy=None):
        if not isinstance(program_or_graph, Program):
            raise TypeError(f"[CompiledProgram] expects a paddle.static.Program, got "
                            f"{type(program_or_graph).__name__}")
        if build_strategy is not None and not isinstance(build_strategy, BuildStrategy):
            raise TypeError(f"[CompiledProgram] build_strategy must be a BuildStrategy, got "
                            f"{type(build_strategy).__name__}")
        self._program = program_or_graph
        self._build_strategy = build_strategy or BuildStrategy()
        self._compiled = {}

    def _program_for(self, feeds, fetches, scope):
        """The program the passes made for these feeds and fetches (made once
        per change of the source program)."""
        key = (self._program._desc.revision, tuple(feeds), tuple(fetches), id(scope))
        done = self._compiled.get(key)
        if done is None:
            pipeline = self._build_strategy._pass_pipeline()
            desc = self._program._desc.clone()
            if pipeline:
                if self._build_strategy.debug_graphviz_path:
                    folder = os.path.dirname(os.path.abspath(self._build_strategy.debug_graphviz_path))
                    os.makedirs(folder, exist_ok=True)
                _core._run_passes(desc, pipeline, list(feeds) + list(fetches), scope)
            done = Program._wrap(desc)
            self._compiled = {key: done}  # an older revision's program is of no further use
        return done
