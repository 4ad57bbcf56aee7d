"""The learning-rate scheduler cases that tools/oracle/record_lr_schedulers.py
records with the real PaddlePaddle and tests/python/test_lr_scheduler.py replays
with ours, and how a case's JSON arguments become a scheduler.

Arguments are JSON, so two kinds of value are spelled as objects:
  {"lambda": "epoch: 0.95 ** epoch"}            a Python lambda (its text after `lambda `)
  {"scheduler": "StepDecay", "kwargs": {...}}    a nested scheduler (LinearWarmup's learning_rate)
"""


def decode_value(lr_module, value):
    """One JSON argument as the Python value the scheduler takes."""
    if isinstance(value, dict) and "lambda" in value:
        return eval("lambda " + value["lambda"])  # noqa: S307  (the case table's own text)
    if isinstance(value, dict) and "scheduler" in value:
        return build_scheduler(lr_module, value["scheduler"], value["kwargs"])
    return value


def build_scheduler(lr_module, name, kwargs):
    """lr_module.<name>(**kwargs), kwargs decoded (lr_module: paddle.optimizer.lr)."""
    cls = getattr(lr_module, name)
    return cls(**{k: decode_value(lr_module, v) for k, v in kwargs.items()})


def public_attributes(sched):
    """The scheduler's public attributes of plain types (the numbers and settings
    a user reads off it; not callables or nested schedulers)."""
    return {k: v for k, v in vars(sched).items()
            if not k.startswith("_") and isinstance(v, (bool, int, float, str, list, type(None)))}


def _nested(name, **kwargs):
    return {"scheduler": name, "kwargs": kwargs}


# Falls, then a plateau a float32 rounding decides (0.99989997 is below
# 1 - 1e-4 in float64, not in float32), then noise around a level, then a rise.
PLATEAU_METRICS = [5.0, 4.0, 3.0, 3.0, 3.0, 2.9999, 3.0, 1.0, 0.99989997, 0.99989997, 0.99995,
                   1.0, 1.0, 1.0, 0.5, 0.6, 0.55, 0.5, 0.5, 0.5, 0.5, 0.49, 0.49, 0.5,
                   0.5, 0.5, 0.6, 0.7, 0.8, 0.9]

# (scheduler, kwargs); each is stepped 30 times, jumped with step(epoch) and resumed
# from its state_dict.
CASES = [
    ("NoamDecay", {"d_model": 512, "warmup_steps": 10}),
    ("NoamDecay", {"d_model": 64, "warmup_steps": 4, "learning_rate": 2.0}),
    ("NoamDecay", {"d_model": 100, "warmup_steps": 20, "last_epoch": 3}),
    ("PiecewiseDecay", {"boundaries": [3, 6, 10], "values": [1.0, 0.5, 0.1, 0.05]}),
    ("PiecewiseDecay", {"boundaries": [5], "values": [0.1, 0.01], "last_epoch": 4}),
    ("NaturalExpDecay", {"learning_rate": 0.5, "gamma": 0.1}),
    ("NaturalExpDecay", {"learning_rate": 1.0, "gamma": 0.5, "last_epoch": 2}),
    ("InverseTimeDecay", {"learning_rate": 0.5, "gamma": 0.1}),
    ("InverseTimeDecay", {"learning_rate": 2, "gamma": 1.0}),
    ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 10}),
    ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 10, "end_lr": 0.01,
                         "power": 2.0, "cycle": True}),
    ("PolynomialDecay", {"learning_rate": 1.0, "decay_steps": 7, "end_lr": 0.1,
                         "power": 0.5}),
    ("LinearWarmup", {"learning_rate": 0.5, "warmup_steps": 5, "start_lr": 0.0,
                      "end_lr": 0.5}),
    ("LinearWarmup", {"learning_rate": _nested("PiecewiseDecay", boundaries=[5, 10],
                                               values=[0.5, 0.1, 0.01]),
                      "warmup_steps": 4, "start_lr": 0.0, "end_lr": 0.5}),
    ("LinearWarmup", {"learning_rate": _nested("CosineAnnealingDecay", learning_rate=0.5,
                                               T_max=10),
                      "warmup_steps": 6, "start_lr": 0.01, "end_lr": 0.5}),
    ("LinearWarmup", {"learning_rate": _nested("ExponentialDecay", learning_rate=0.5,
                                               gamma=0.9),
                      "warmup_steps": 3, "start_lr": 0.1, "end_lr": 0.4, "last_epoch": 1}),
    ("ExponentialDecay", {"learning_rate": 0.5, "gamma": 0.9}),
    ("ExponentialDecay", {"learning_rate": 1.0, "gamma": 0.5, "last_epoch": 3}),
    ("MultiStepDecay", {"learning_rate": 0.5, "milestones": [3, 7, 12]}),
    ("MultiStepDecay", {"learning_rate": 0.5, "milestones": [2, 4, 6, 20], "gamma": 0.5}),
    ("StepDecay", {"learning_rate": 0.5, "step_size": 4}),
    ("StepDecay", {"learning_rate": 0.5, "step_size": 3, "gamma": 0.5, "last_epoch": 2}),
    ("LambdaDecay", {"learning_rate": 0.5, "lr_lambda": {"lambda": "epoch: 0.95 ** epoch"}}),
    ("LambdaDecay", {"learning_rate": 1.0, "lr_lambda": {"lambda": "epoch: 1 / (epoch + 1)"}}),
    ("ReduceOnPlateau", {"learning_rate": 1.0}),
    ("ReduceOnPlateau", {"learning_rate": 1.0, "patience": 2, "factor": 0.5}),
    ("ReduceOnPlateau", {"learning_rate": 1.0, "patience": 1, "factor": 0.5,
                         "threshold": 0.01, "threshold_mode": "abs", "cooldown": 2}),
    ("ReduceOnPlateau", {"learning_rate": 1.0, "mode": "max", "patience": 1,
                         "factor": 0.5, "min_lr": 0.2}),
    ("ReduceOnPlateau", {"learning_rate": 1.0, "mode": "MAX", "patience": 0,
                         "threshold_mode": "ABS", "factor": 0.9, "epsilon": 0.05}),
    ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 10}),
    ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 7, "eta_min": 0.05}),
    ("CosineAnnealingDecay", {"learning_rate": 2.0, "T_max": 3, "eta_min": 1,
                              "last_epoch": 2}),
    ("MultiplicativeDecay", {"learning_rate": 0.5, "lr_lambda": {"lambda": "epoch: 0.95"}}),
    ("MultiplicativeDecay", {"learning_rate": 0.5,
                             "lr_lambda": {"lambda": "epoch: 0.9 if epoch % 2 else 1.0"}}),
    ("OneCycleLR", {"max_learning_rate": 0.1, "total_steps": 30}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 40, "divide_factor": 10,
                    "end_learning_rate": 0.001, "phase_pct": 0.25,
                    "anneal_strategy": "linear"}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 30, "three_phase": True}),
    ("OneCycleLR", {"max_learning_rate": 0.5, "total_steps": 20, "phase_pct": 0.4,
                    "three_phase": True, "anneal_strategy": "linear"}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 4}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 3,
                  "step_size_down": 5, "mode": "triangular2"}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 5,
                  "mode": "exp_range", "exp_gamma": 0.9}),
    ("CyclicLR", {"base_learning_rate": 0.2, "max_learning_rate": 0.8, "step_size_up": 4,
                  "scale_fn": {"lambda": "x: 0.9 ** x"}, "scale_mode": "iterations"}),
    ("CyclicLR", {"base_learning_rate": 0.2, "max_learning_rate": 0.8, "step_size_up": 2,
                  "step_size_down": 3, "mode": "nonsense",
                  "scale_fn": {"lambda": "x: 1 / x"}}),
    ("LinearLR", {"learning_rate": 0.5, "total_steps": 10}),
    ("LinearLR", {"learning_rate": 0.5, "total_steps": 5, "start_factor": 0.5,
                  "end_factor": 0.1}),
    ("LinearLR", {"learning_rate": 1.0, "total_steps": 20, "start_factor": 0.25,
                  "last_epoch": 4}),
    ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 5}),
    ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 3, "T_mult": 2,
                                     "eta_min": 0.01}),
    ("CosineAnnealingWarmRestarts", {"learning_rate": 1.0, "T_0": 4, "T_mult": 3}),
]

STEPS = 30
JUMP_EPOCHS = [5, 2, 17, 0, 11, 29, 3]
RESUME_AFTER = 7  # steps before state_dict; the resumed scheduler then steps RESUME_STEPS
RESUME_STEPS = 12

# (scheduler, kwargs) that PaddlePaddle rejects; the recorder writes the error's
# type and message.
BAD_ARGUMENTS = [
    ("StepDecay", {"learning_rate": "0.1", "step_size": 2}),
    ("StepDecay", {"learning_rate": -0.1, "step_size": 2}),
    ("NoamDecay", {"d_model": 0, "warmup_steps": 10}),
    ("PiecewiseDecay", {"boundaries": [], "values": [0.1]}),
    ("PiecewiseDecay", {"boundaries": [2, 4], "values": [0.1, 0.01]}),
    ("NaturalExpDecay", {"learning_rate": 0.5, "gamma": 0.0}),
    ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 0}),
    ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 2.5}),
    ("PolynomialDecay", {"learning_rate": 0.5, "decay_steps": 5, "power": 0.0}),
    ("LinearWarmup", {"learning_rate": "0.5", "warmup_steps": 5, "start_lr": 0.0,
                      "end_lr": 0.5}),
    ("LinearWarmup", {"learning_rate": 0.5, "warmup_steps": 0, "start_lr": 0.0,
                      "end_lr": 0.5}),
    ("LinearWarmup", {"learning_rate": 0.5, "warmup_steps": 5, "start_lr": 0.5,
                      "end_lr": 0.5}),
    ("ExponentialDecay", {"learning_rate": 0.5, "gamma": 1.0}),
    ("ExponentialDecay", {"learning_rate": 0.5, "gamma": 0.0}),
    ("MultiStepDecay", {"learning_rate": 0.5, "milestones": "3,7"}),
    ("MultiStepDecay", {"learning_rate": 0.5, "milestones": [3, 3]}),
    ("MultiStepDecay", {"learning_rate": 0.5, "milestones": [3, 7], "gamma": 1.0}),
    ("StepDecay", {"learning_rate": 0.5, "step_size": 2.0}),
    ("StepDecay", {"learning_rate": 0.5, "step_size": 2, "gamma": 1.5}),
    ("StepDecay", {"learning_rate": 0.5, "step_size": 0}),
    ("LambdaDecay", {"learning_rate": 0.5, "lr_lambda": 0.5}),
    ("ReduceOnPlateau", {"learning_rate": 1.0, "mode": "avg"}),
    ("ReduceOnPlateau", {"learning_rate": 1.0, "factor": 1.0}),
    ("ReduceOnPlateau", {"learning_rate": 1.0, "threshold_mode": "ratio"}),
    ("ReduceOnPlateau", {"learning_rate": "1.0"}),
    ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 2.0}),
    ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 2, "eta_min": "0"}),
    ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 0}),
    ("MultiplicativeDecay", {"learning_rate": 0.5, "lr_lambda": 1}),
    ("OneCycleLR", {"max_learning_rate": "1", "total_steps": 10}),
    ("OneCycleLR", {"max_learning_rate": -1.0, "total_steps": 10}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 10, "end_learning_rate": "0"}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 10, "end_learning_rate": -1}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 1.5}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 0}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 10, "phase_pct": 1}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 10, "phase_pct": 1.5}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 10, "divide_factor": "25"}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 10, "phase_pct": 0.5,
                    "three_phase": True}),
    ("OneCycleLR", {"max_learning_rate": 1.0, "total_steps": 10, "anneal_strategy": "exp"}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": "1", "step_size_up": 2}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": -1.0, "step_size_up": 2}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 2.0}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 0}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 2,
                  "step_size_down": 1.0}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 2,
                  "step_size_down": -3}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 2,
                  "exp_gamma": 1}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 2,
                  "mode": "square"}),
    ("CyclicLR", {"base_learning_rate": 0.1, "max_learning_rate": 1.0, "step_size_up": 2,
                  "scale_mode": "epochs"}),
    ("LinearLR", {"learning_rate": 0.5, "total_steps": 10, "start_factor": 0}),
    ("LinearLR", {"learning_rate": 0.5, "total_steps": 10, "start_factor": 1.5}),
    ("LinearLR", {"learning_rate": 0.5, "total_steps": 10, "end_factor": -0.1}),
    ("LinearLR", {"learning_rate": 0.5, "total_steps": 10, "end_factor": 1.1}),
    ("LinearLR", {"learning_rate": 0.5, "total_steps": 0}),
    ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 0}),
    ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 2.5}),
    ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 2, "T_mult": 0}),
    ("CosineAnnealingWarmRestarts", {"learning_rate": 0.5, "T_0": 2, "T_mult": 1.5}),
]
