#!/usr/bin/env bash
# Installs the peer runtimes that bench/mlp_infer_bench.py compares against, each once into
# its own virtual environment outside the repo (default root /opt/paddle-peers, override with
# PEERS_ROOT). Idempotent: an environment whose marker file exists is skipped; delete the
# folder to reinstall. Never run by CI or the tests.
#
#   paddle331  paddlepaddle (CPU build from PyPI) + numpy
#   torch      torch + numpy (PyPI only carries the CUDA build of torch for Linux, several
#              GB with its nvidia-* wheels; it is installed only when the disk has room,
#              see TORCH_MIN_FREE_GB; it runs fine on CPU)
#   ort        onnxruntime + onnx + numpy
#
# Usage: bash bench/peers.sh [paddle331|torch|ort ...]   (default: all three)
set -euo pipefail

PEERS_ROOT="${PEERS_ROOT:-/opt/paddle-peers}"
PYTHON="${PYTHON:-python3}"
TORCH_MIN_FREE_GB="${TORCH_MIN_FREE_GB:-15}"

# Pinned versions (what PyPI gave when these were chosen).
NUMPY_VERSION="${NUMPY_VERSION:-2.4.6}"
PADDLE_VERSION="${PADDLE_VERSION:-3.3.1}"
TORCH_VERSION="${TORCH_VERSION:-2.15.0}"
ORT_VERSION="${ORT_VERSION:-1.32.0}"
ONNX_VERSION="${ONNX_VERSION:-1.23.2}"

mkdir -p "$PEERS_ROOT"

make_env() {  # name, pip requirement...
  local name="$1"; shift
  local dir="$PEERS_ROOT/$name"
  if [[ -f "$dir/.installed" ]]; then
    echo "[peers] $name: already installed in $dir, skipping"
    return 0
  fi
  echo "[peers] $name: creating $dir with: $*"
  rm -rf "$dir"
  "$PYTHON" -m venv "$dir"
  "$dir/bin/python" -m pip install --quiet --upgrade pip
  "$dir/bin/python" -m pip install --quiet "$@"
  "$dir/bin/python" -m pip freeze > "$dir/.installed"
  echo "[peers] $name: done"
}

free_gb() {
  df -Pk "$PEERS_ROOT" | awk 'NR==2 {print int($4 / 1024 / 1024)}'
}

install_paddle331() {
  make_env paddle331 "paddlepaddle==$PADDLE_VERSION" "numpy==$NUMPY_VERSION"
}

install_torch() {
  if [[ -f "$PEERS_ROOT/torch/.installed" ]]; then
    echo "[peers] torch: already installed in $PEERS_ROOT/torch, skipping"
    return 0
  fi
  local free
  free="$(free_gb)"
  if (( free < TORCH_MIN_FREE_GB )); then
    echo "[peers] torch: SKIPPED, only ${free} GB free under $PEERS_ROOT" \
         "(PyPI's torch is a CUDA build of several GB; need ${TORCH_MIN_FREE_GB} GB)"
    return 0
  fi
  make_env torch "torch==$TORCH_VERSION" "numpy==$NUMPY_VERSION"
}

install_ort() {
  make_env ort "onnxruntime==$ORT_VERSION" "onnx==$ONNX_VERSION" "numpy==$NUMPY_VERSION"
}

targets=("$@")
if (( ${#targets[@]} == 0 )); then
  targets=(paddle331 torch ort)
fi
status=0
for t in "${targets[@]}"; do
  case "$t" in
    paddle331) install_paddle331 || { echo "[peers] paddle331: FAILED"; status=1; } ;;
    torch)     install_torch     || { echo "[peers] torch: FAILED"; status=1; } ;;
    ort)       install_ort       || { echo "[peers] ort: FAILED"; status=1; } ;;
    *) echo "[peers] unknown peer: $t" >&2; status=2 ;;
  esac
done
exit $status
