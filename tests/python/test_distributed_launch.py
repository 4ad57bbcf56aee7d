"""python -m paddle.distributed.launch: 2 and 3 ranks on this machine through
Open MPI, each rank's environment and log, a failing rank (an exception, an
import error before MPI starts, sys.exit) ends the job non-zero with its error
on the console and no hang, bad command lines, the mpirun command for several
machines, and a plain mpirun. Every child process runs under a timeout."""
import ctypes.util
import json
import os
import subprocess
import sys
import textwrap
import time

import pytest

import paddle
from paddle.distributed.launch import _arguments as arguments
from paddle.distributed.launch import _logs as logs
from paddle.distributed.launch import _mpirun as mpirun
from paddle.distributed.launch import _rank_env as rank_env
from paddle.distributed.launch import _worker as worker
from dist_util import job_env, needs_mpirun
from paddle.distributed.launch._errors import LaunchError

TIMEOUT = 60  # seconds for one job; a hang fails the test instead of blocking the suite

def run_launcher(cwd, *args, env=None):
    """(exit status, stdout, stderr, seconds) of the launcher in ``cwd``."""
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "paddle.distributed.launch", *args], cwd=cwd,
                          env=env or job_env(), capture_output=True, text=True,
                          timeout=TIMEOUT)
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def write_script(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return path


SHOW_RANK = """
    import json, os, sys
    import paddle
    env = paddle.distributed.ParallelEnv()
    sampler = paddle.io.DistributedBatchSampler(list(range(10)), batch_size=2)
    print(json.dumps({
        "argv": sys.argv[1:], "file": os.path.basename(__file__), "name": __name__,
        "vars": {k: v for k, v in os.environ.items() if k.startswith("PADDLE_")},
        "parallel_env": [env.rank, env.world_size, env.current_endpoint],
        "batches": list(sampler)}))
    print(f"stderr of rank {env.rank}", file=sys.stderr)
"""


def rank_record(log_text):
    return json.loads(next(line for line in log_text.splitlines() if line.startswith("{")))


# 3 ranks through the path of several machines (--host 127.0.0.1:3), with one.
@needs_mpirun
@pytest.mark.parametrize("nproc, machines", [(2, []), (3, ["--ips", "127.0.0.1"])],
                         ids=["2-ranks", "3-ranks-ips"])
def test_each_rank_gets_its_environment_and_its_log(tmp_path, nproc, machines):
    write_script(tmp_path, "show.py", SHOW_RANK)
    status, out, err, _ = run_launcher(tmp_path, *machines, "--nproc_per_node", str(nproc),
                                       "show.py", "--lr", "0.1", "x")
    assert status == 0, err
    endpoints = [f"127.0.0.1:{6070 + i}" for i in range(nproc)]
    batches = []
    for rank in range(nproc):
        text = (tmp_path / "log" / f"workerlog.{rank}").read_text()
        record = rank_record(text)
        assert record["argv"] == ["--lr", "0.1", "x"]
        assert (record["file"], record["name"]) == ("show.py", "__main__")
        assert record["vars"] == {
            "PADDLE_TRAINER_ID": str(rank), "PADDLE_TRAINERS_NUM": str(nproc),
            "PADDLE_GLOBAL_RANK": str(rank), "PADDLE_GLOBAL_SIZE": str(nproc),
            "PADDLE_LOCAL_RANK": str(rank), "PADDLE_RANK_IN_NODE": str(rank),
            "PADDLE_LOCAL_SIZE": str(nproc), "PADDLE_NNODES": "1",
            "PADDLE_MASTER": endpoints[0], "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints),
            "PADDLE_CURRENT_ENDPOINT": endpoints[rank]}
        assert record["parallel_env"] == [rank, nproc, endpoints[rank]]
        assert f"stderr of rank {rank}" in text
        batches += record["batches"]
        # Rank 0's output reaches the console too, the others' only their log.
        assert (f"stderr of rank {rank}" in out) == (rank == 0)
    assert sorted(i for batch in batches for i in batch) == sorted(
        list(range(10)) + list(range(nproc * -(-10 // nproc) - 10)))  # padded from the start


@needs_mpirun
def test_logs_are_appended_unless_overwritten(tmp_path):
    write_script(tmp_path, "hello.py", """
        import os
        print("hello", os.environ["PADDLE_TRAINER_ID"])
    """)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "workerlog.1").write_text("an earlier run\n")
    assert run_launcher(tmp_path, "--nproc_per_node", "2", "--log_dir", "out", "hello.py")[0] == 0
    assert (tmp_path / "out" / "workerlog.1").read_text() == "an earlier run\nhello 1\n"
    status = run_launcher(tmp_path, "--nproc_per_node", "2", "--log_dir", "out",
                          "--log_overwrite", "true", "hello.py")[0]
    assert status == 0 and (tmp_path / "out" / "workerlog.1").read_text() == "hello 1\n"


# The other ranks wait in an MPI barrier (libmpi through ctypes: the script
# needs nothing of paddle) for the rank that fails.
WAIT_IN_MPI = """
    import ctypes, os, sys
    rank = int(os.environ["PADDLE_TRAINER_ID"])
    mpi = ctypes.CDLL({library!r}, mode=ctypes.RTLD_GLOBAL)
    mpi.MPI_Init(None, None)
    if rank == 1:
        raise ValueError("boom on rank 1")
    mpi.MPI_Barrier(ctypes.byref(ctypes.c_void_p.in_dll(mpi, "ompi_mpi_comm_world")))
    mpi.MPI_Finalize()
"""


def assert_failed_with(status, out, err, seconds, rank, error):
    assert status != 0
    assert seconds < TIMEOUT / 2, f"the job took {seconds:.1f} s to end"
    assert f"paddle.distributed.launch: rank {rank} failed: {error}" in err
    if rank != 0:  # its traceback on the console, each line naming the rank
        assert f"[rank {rank}] {error}" in err
    else:
        assert error in out


@needs_mpirun
@pytest.mark.skipif(ctypes.util.find_library("mpi") is None, reason="libmpi is not installed")
def test_a_rank_that_raises_ends_the_job_waiting_for_it(tmp_path):
    write_script(tmp_path, "fail.py", WAIT_IN_MPI.format(library=ctypes.util.find_library("mpi")))
    status, out, err, seconds = run_launcher(tmp_path, "--nproc_per_node", "3", "fail.py")
    assert_failed_with(status, out, err, seconds, 1, "ValueError: boom on rank 1")
    log = (tmp_path / "log" / "workerlog.1").read_text()
    assert 'fail.py", line 7, in <module>' in log and "runpy" not in log


@needs_mpirun
def test_an_import_error_before_mpi_starts_ends_the_job(tmp_path):
    write_script(tmp_path, "bad_import.py", """
        import os, time
        if os.environ["PADDLE_TRAINER_ID"] == "1":
            import no_such_module_for_the_launch_test
        time.sleep(600)  # the others would wait for ever
    """)
    status, out, err, seconds = run_launcher(tmp_path, "--nproc_per_node", "2", "bad_import.py")
    assert_failed_with(status, out, err, seconds, 1,
                       "ModuleNotFoundError: No module named 'no_such_module_for_the_launch_test'")


@needs_mpirun
def test_rank_0_exit_status_is_the_jobs(tmp_path):
    write_script(tmp_path, "exit3.py", """
        import os, sys, time
        if os.environ["PADDLE_TRAINER_ID"] == "0":
            sys.exit(3)
        time.sleep(600)
    """)
    status, out, err, seconds = run_launcher(tmp_path, "--nproc_per_node", "2", "exit3.py")
    assert status == 3
    assert_failed_with(status, out, err, seconds, 0, "exited with status 3")


def test_a_missing_script_is_named_before_anything_starts(tmp_path):
    status, out, err, _ = run_launcher(tmp_path, "--nproc_per_node", "2", "no_such_train.py")
    assert status == 2 and "training_script 'no_such_train.py' does not exist" in err
    assert not (tmp_path / "log").exists()


def test_missing_mpirun_says_how_to_install_it(tmp_path):
    write_script(tmp_path, "hello.py", "print('hello')\n")
    env = job_env()
    env["PATH"] = str(tmp_path)  # no mpirun there
    status, _, err, _ = run_launcher(tmp_path, "hello.py", env=env)
    assert status == 1 and "mpirun was not found on PATH" in err and "openmpi-bin" in err


def test_a_bad_option_value_is_an_argument_error(tmp_path):
    write_script(tmp_path, "hello.py", "print('hello')\n")
    status, _, err, _ = run_launcher(tmp_path, "--nproc_per_node", "two", "hello.py")
    assert status == 2 and "--nproc_per_node: invalid int value: 'two'" in err


@needs_mpirun
def test_a_plain_mpirun_gives_the_ranks_through_open_mpi(tmp_path):
    script = write_script(tmp_path, "plain.py", """
        import sys
        import paddle
        env = paddle.distributed.ParallelEnv()
        sampler = paddle.io.DistributedBatchSampler(list(range(4)), batch_size=1)
        # One write: print's pieces, unbuffered, could interleave with the other rank's.
        sys.stdout.write(f"rank {env.rank} of {env.world_size} {list(sampler)}\\n")
    """)
    done = subprocess.run(["mpirun", "-np", "2", sys.executable, str(script)], cwd=tmp_path,
                          env=job_env(), capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    assert sorted(done.stdout.splitlines()) == ["rank 0 of 2 [[0], [2]]", "rank 1 of 2 [[1], [3]]"]


# --- the plan and the mpirun command, without starting anything -----------


def plan(tmp_path, *argv):
    (tmp_path / "train.py").write_text("")
    return arguments.plan_job(arguments.build_parser().parse_args([*argv, "train.py", "--x"]))


def test_several_machines_fill_each_machine_in_turn_from_the_first(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    job = plan(tmp_path, "--ips", "10.0.0.1,10.0.0.2", "--nproc_per_node", "2",
               "--start_port", "7000", "--log_dir", "logs")
    command = mpirun.mpirun_command(job, "mpirun", environ={"PATH": "/bin", "FLAGS_x": "1",
                                                           "HOME": "/root"}, python="py")
    assert command == [
        "mpirun", "-np", "4", "--map-by", "slot", "--bind-to", "none",
        "--host", "10.0.0.1:2,10.0.0.2:2",
        "-x", "PADDLE_TRAINER_ENDPOINTS=10.0.0.1:7000,10.0.0.1:7001,10.0.0.2:7000,10.0.0.2:7001",
        "-x", "PADDLE_MASTER=10.0.0.1:7000", "-x", "PADDLE_NNODES=2", "-x", "PATH",
        "-x", "FLAGS_x", "py", "-u", "-m", "paddle.distributed.launch._worker",
        "--log_dir", str(tmp_path / "logs"), "--", str(tmp_path / "train.py"), "--x"]


def test_one_machine_may_have_more_ranks_than_cores(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    job = plan(tmp_path, "--gpus", "0,1", "--master", "10.1.1.1:8000")
    command = mpirun.mpirun_command(job, "mpirun", environ={}, python="py")
    assert command[:8] == ["mpirun", "-np", "2", "--map-by", "slot", "--bind-to", "none",
                           "--oversubscribe"]
    assert "PADDLE_MASTER=10.1.1.1:8000" in command
    assert command[command.index("--devices") + 1] == "0,1"


def test_by_default_one_rank_per_gpu_or_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert plan(tmp_path).nproc_per_node == max(paddle.device.device_count(), 1)
    monkeypatch.setattr(paddle.device, "device_count", lambda: 4)
    assert plan(tmp_path).nproc_per_node == 4
    assert plan(tmp_path, "--devices", "1,3").nproc_per_node == 2


@pytest.mark.parametrize("argv, message", [
    (["--nnodes", "2"], "--nnodes 2 needs --ips with the 2 machines"),
    (["--nnodes", "2:4"], "elastic ranges such as 2:4 are not supported"),
    (["--ips", "10.0.0.1,10.0.0.2", "--nnodes", "3"],
     "--nnodes 3 does not match the 2 machines of --ips"),
    (["--ips", "10.0.0.1,,10.0.0.2"], "--ips expected a comma-separated list without empty"),
    (["--ips", "10.0.0.1,10.0.0.1"], "--ips expected distinct machines"),
    (["--nproc_per_node", "0"], "--nproc_per_node expected a positive integer, got 0"),
    (["--devices", "0,1", "--nproc_per_node", "3"],
     "--nproc_per_node 3 does not match the 2 devices of --devices 0,1"),
    (["--start_port", "70000"], "--start_port expected a port in [1, 65535], got 70000"),
])
def test_bad_arguments_are_named(tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(LaunchError, match=message.replace("[", r"\[").replace("]", r"\]")):
        plan(tmp_path, *argv)


def test_root_needs_open_mpis_two_variables():
    allowed = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}
    mpirun.check_root_allowed(allowed, euid=0)
    mpirun.check_root_allowed({}, euid=1000)
    with pytest.raises(LaunchError, match="OMPI_ALLOW_RUN_AS_ROOT=1 and "
                                          "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1") as info:
        mpirun.check_root_allowed({"OMPI_ALLOW_RUN_AS_ROOT": "1"}, euid=0)
    assert info.value.status == 1 and "the launcher does not set them" in str(info.value)


OMPI_RANK_2_OF_4 = {"OMPI_COMM_WORLD_RANK": "2", "OMPI_COMM_WORLD_SIZE": "4",
                    "OMPI_COMM_WORLD_LOCAL_RANK": "0", "OMPI_COMM_WORLD_LOCAL_SIZE": "2",
                    "PADDLE_TRAINER_ENDPOINTS": "a:1,a:2,b:1,b:2", "PADDLE_NNODES": "2",
                    "PADDLE_MASTER": "a:1"}


def test_a_ranks_device_is_numbered_among_the_visible_ones():
    env = rank_env.rank_environment(OMPI_RANK_2_OF_4, devices=("3", "5"))
    assert (env["PADDLE_CURRENT_ENDPOINT"], env["PADDLE_LOCAL_RANK"]) == ("b:1", "0")
    assert env["FLAGS_selected_gpus"] == "3"
    visible = dict(OMPI_RANK_2_OF_4, CUDA_VISIBLE_DEVICES="5,3")
    assert rank_env.rank_environment(visible, devices=("3", "5"))["FLAGS_selected_gpus"] == "1"
    with pytest.raises(LaunchError, match="device 3 of --devices is not in CUDA_VISIBLE_DEVIC"):
        rank_env.rank_environment(dict(visible, CUDA_VISIBLE_DEVICES="5"), devices=("3", "5"))


def test_the_worker_needs_mpirun():
    missing = {k: v for k, v in OMPI_RANK_2_OF_4.items() if k != "OMPI_COMM_WORLD_RANK"}
    with pytest.raises(LaunchError, match="OMPI_COMM_WORLD_RANK is not set"):
        rank_env.rank_environment(missing)


def test_failures_are_read_from_what_this_job_appended(tmp_path):
    old = logs.failure_line(0, "ValueError: an earlier run") + "\n"
    (tmp_path / "workerlog.0").write_text(old)
    sizes = logs.log_sizes(str(tmp_path), 2)
    assert logs.failed_ranks(str(tmp_path), sizes) == []
    with open(tmp_path / "workerlog.1", "a") as log:
        log.write("Traceback ...\n" + logs.failure_line(1, "KeyError: 'x'") + "\n")
    assert logs.failed_ranks(str(tmp_path), sizes) == [
        (1, "KeyError: 'x'", str(tmp_path / "workerlog.1"))]


@pytest.mark.parametrize("body, status, summary", [
    ("print('fine')", 0, None),
    ("import sys; sys.exit(0)", 0, None),
    ("import sys; sys.exit(4)", 4, "exited with status 4"),
    ("import sys; sys.exit('stopped')", 1, "exited: stopped"),
    ("raise KeyError('x')", 1, "KeyError: 'x'"),
    ("raise ValueError('two\\n lines')", 1, "ValueError: two lines"),
    ("import json; json.loads('{')", 1, "json.decoder.JSONDecodeError: Expecting property name "
                                        "enclosed in double quotes: line 1 column 2 (char 1)"),
])
def test_the_worker_runs_a_script_as_python_would(tmp_path, monkeypatch, body, status, summary):
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    monkeypatch.setattr(sys, "path", list(sys.path))
    script = write_script(tmp_path, "script.py", body + "\n")
    got_status, report = worker.run_script(str(script), ["--a"])
    assert (got_status, report and report[1]) == (status, summary)
    assert sys.argv == [str(script), "--a"] and sys.path[0] == str(tmp_path)
    if report and report[0].startswith("Traceback"):  # from the script on, not the worker
        assert report[0].splitlines()[1] == f'  File "{script}", line 1, in <module>'
