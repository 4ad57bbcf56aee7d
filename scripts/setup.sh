#!/usr/bin/env bash
# Installs what building and testing paddle needs: Debian packages (compiler
# tools, protobuf, oneDNN, OpenBLAS, libjpeg-turbo, GoogleTest, the DLPack header, ccache, a
# JDK and Maven for java/, Open MPI for paddle.distributed) and a Python virtual env in
# .venv with the pinned packages of requirements-dev.txt. Idempotent: a second
# run checks and returns in about a second.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(g++ cmake ninja-build ccache protobuf-compiler libprotobuf-dev
              libopenblas-dev libdnnl-dev libjpeg-dev libgtest-dev libdlpack-dev python3-venv
              openjdk-17-jdk-headless maven openmpi-bin libopenmpi-dev)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$PY" -m venv .venv
fi
stamp=.venv/.requirements.sha
want=$(sha256sum requirements-dev.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: installing Python packages"
  .venv/bin/pip install -q --disable-pip-version-check -r requirements-dev.txt
  echo "$want" > "$stamp"
fi
