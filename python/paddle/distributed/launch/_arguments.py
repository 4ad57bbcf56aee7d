"""The launcher's command line (PaddlePaddle's argument names, where they make
sense for a job that mpirun starts) and its checked reading into a JobPlan."""
import argparse
import dataclasses
import os

from ._errors import LaunchError

DESCRIPTION = """\
Starts training_script in several processes (ranks) through Open MPI's mpirun;
paddle.distributed.init_parallel_env() in the script joins them. Each rank's
output goes to <log_dir>/workerlog.<rank>; rank 0's also to this console. A
rank that fails ends the whole job, and the launcher exits non-zero.

Several machines (--ips): the whole job is started from the first machine,
which starts the others over ssh (passwordless ssh to each machine, the same
Python environment, script and working directory paths on each).
"""

EPILOG = """\
examples:
  python -m paddle.distributed.launch --nproc_per_node 2 train.py --lr 0.1
  python -m paddle.distributed.launch --ips 10.0.0.1,10.0.0.2 --nproc_per_node 4 train.py
The same script also runs under a plain mpirun: mpirun -np 2 python train.py
"""

# The port of rank 0 on each machine in PADDLE_TRAINER_ENDPOINTS (PaddlePaddle's default).
DEFAULT_START_PORT = 6070


def _bool(text):
    """PaddlePaddle's strtobool: true/false spellings, else an argument error."""
    value = text.strip().lower()
    if value in ("y", "yes", "t", "true", "on", "1"):
        return True
    if value in ("n", "no", "f", "false", "off", "0"):
        return False
    raise argparse.ArgumentTypeError(f"expected a boolean (true/false, 1/0), got {text!r}")


def build_parser():
    parser = argparse.ArgumentParser(
        prog="python -m paddle.distributed.launch", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nproc_per_node", type=int, default=None,
                        help="processes per machine (default: the number of --devices, else of "
                             "this machine's GPUs, else 1)")
    parser.add_argument("--nnodes", type=str, default="1",
                        help="number of machines; must equal the number of --ips (default 1)")
    parser.add_argument("--ips", type=str, default=None,
                        help="the machines, comma separated, e.g. 10.0.0.1,10.0.0.2; the job "
                             "starts from the first one, which reaches the others over ssh")
    parser.add_argument("--master", type=str, default=None,
                        help="ip:port given to the script as PADDLE_MASTER (default: rank 0's "
                             "endpoint); mpirun, not a rendezvous server, joins the ranks")
    parser.add_argument("--start_port", type=int, default=DEFAULT_START_PORT,
                        help="the port of each machine's first rank in PADDLE_TRAINER_ENDPOINTS "
                             f"(default {DEFAULT_START_PORT})")
    parser.add_argument("--log_dir", type=str, default="log",
                        help="folder of the per-rank logs workerlog.<rank> (default ./log)")
    parser.add_argument("--log_overwrite", type=_bool, default=False,
                        help="overwrite the logs instead of appending to them (default False)")
    parser.add_argument("--devices", "--gpus", "--npus", "--xpus", type=str, default=None,
                        help="GPUs of each machine, e.g. 0,1: one rank per device, rank i "
                             "gets FLAGS_selected_gpus=<i-th device>")
    parser.add_argument("training_script", type=str,
                        help="the Python script each rank runs")
    parser.add_argument("training_script_args", nargs=argparse.REMAINDER,
                        help="the arguments of training_script")
    return parser


@dataclasses.dataclass(frozen=True)
class JobPlan:
    """What the launcher starts: ``nproc_per_node`` ranks on each of ``hosts``
    (``None``: this machine only), rank r's endpoint ``endpoints[r]``."""
    hosts: tuple
    nproc_per_node: int
    endpoints: tuple
    master: str
    log_dir: str
    log_overwrite: bool
    devices: tuple
    script: str
    script_args: tuple

    @property
    def world_size(self):
        return len(self.endpoints)

    @property
    def nnodes(self):
        return len(self.hosts) if self.hosts else 1


def _split_list(text, option):
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        raise LaunchError(f"[launch] {option} expected a comma-separated list without empty "
                          f"items, got {text!r}")
    return tuple(items)


def _nnodes(text):
    try:
        value = int(text)
    except ValueError:
        raise LaunchError(f"[launch] --nnodes expected a positive integer, got {text!r} "
                          f"(elastic ranges such as 2:4 are not supported)") from None
    if value < 1:
        raise LaunchError(f"[launch] --nnodes expected a positive integer, got {text!r}")
    return value


def _hosts(args, nnodes):
    if args.ips is None:
        if nnodes > 1:
            raise LaunchError(
                f"[launch] --nnodes {nnodes} needs --ips with the {nnodes} machines: the job is "
                f"started from the first machine by mpirun over ssh (there is no --master "
                f"rendezvous, where one launcher runs on each machine)")
        return None
    hosts = _split_list(args.ips, "--ips")
    if len(set(hosts)) != len(hosts):
        raise LaunchError(f"[launch] --ips expected distinct machines, got {args.ips!r}")
    if args.nnodes != "1" and nnodes != len(hosts):
        raise LaunchError(f"[launch] --nnodes {nnodes} does not match the {len(hosts)} "
                          f"machines of --ips {args.ips}")
    return hosts


def _nproc(args, devices):
    if args.nproc_per_node is None:  # as PaddlePaddle: one rank per device
        from paddle.device import device_count

        return len(devices) if devices else max(device_count(), 1)
    if args.nproc_per_node < 1:
        raise LaunchError(f"[launch] --nproc_per_node expected a positive integer, "
                          f"got {args.nproc_per_node}")
    if devices and args.nproc_per_node != len(devices):
        raise LaunchError(f"[launch] --nproc_per_node {args.nproc_per_node} does not match "
                          f"the {len(devices)} devices of --devices {args.devices}")
    return args.nproc_per_node


def plan_job(args):
    """Checks the parsed arguments; a JobPlan, or LaunchError naming the
    argument that is wrong."""
    if not os.path.exists(args.training_script):
        raise LaunchError(f"[launch] training_script {args.training_script!r} does not exist "
                          f"(working directory {os.getcwd()})")
    if not 0 < args.start_port < 65536:
        raise LaunchError(f"[launch] --start_port expected a port in [1, 65535], "
                          f"got {args.start_port}")
    devices = _split_list(args.devices, "--devices") if args.devices is not None else ()
    hosts = _hosts(args, _nnodes(args.nnodes))
    nproc = _nproc(args, devices)
    if args.start_port + nproc > 65536:
        raise LaunchError(f"[launch] --start_port {args.start_port} leaves no port for each "
                          f"of the {nproc} ranks of a machine")
    endpoints = tuple(f"{host}:{args.start_port + i}"
                      for host in (hosts or ("127.0.0.1",)) for i in range(nproc))
    return JobPlan(hosts=hosts, nproc_per_node=nproc, endpoints=endpoints,
                   master=args.master or endpoints[0],
                   log_dir=os.path.abspath(args.log_dir), log_overwrite=args.log_overwrite,
                   devices=devices, script=os.path.abspath(args.training_script),
                   script_args=tuple(args.training_script_args))
