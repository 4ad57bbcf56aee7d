#!/usr/bin/env bash
# Fuzzes model loading (tests/fuzz/model_fuzzer: libFuzzer, ASan + UBSan):
#   scripts/fuzz.sh SECONDS [libFuzzer args]  fuzz; exits non-zero on any finding
#   scripts/fuzz.sh --replay FILE_OR_DIR...   run each input once (regressions)
# Installs clang if missing, builds in build-fuzz/ (ccache, as build.sh), makes
# the seed corpus from tests/data. Artefacts, corpus and log stay in
# build-fuzz/fuzz/. Idempotent: a second call goes straight to fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,3s/^# *//p' "$0" >&2; exit 2; }
[ $# -ge 1 ] || usage
REPLAY=0
if [ "$1" = "--replay" ]; then
  REPLAY=1; shift; [ $# -ge 1 ] || usage
else
  [[ "$1" =~ ^[0-9]+$ ]] || usage
  TIME=$1; shift
fi

BUILD=build-fuzz
OUT=$BUILD/fuzz
BIN=$BUILD/tests/fuzz/model_fuzzer
MAX_LEN=65536

# --- tools ------------------------------------------------------------------
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
missing() {
  for p; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
# The clang version the distribution offers (Debian 12: 14) names the
# compiler-rt (sanitizers, libFuzzer) and libomp (omp.h) packages.
clang_version() { apt-cache policy clang 2>/dev/null | sed -n 's/^ *Candidate: *\([0-9]*:\)\{0,1\}\([0-9][0-9]*\).*/\2/p'; }
V=${PADDLE_FUZZ_CLANG_VERSION:-$(clang_version)}
if [ -z "$V" ]; then
  $SUDO apt-get update -qq
  V=$(clang_version)
fi
[ -n "$V" ] || { echo "fuzz: no clang package available" >&2; exit 1; }
PKGS=(cmake ninja-build ccache protobuf-compiler libprotobuf-dev libopenblas-dev libdnnl-dev libjpeg-dev
      python3 "clang-$V" "llvm-$V" "libomp-$V-dev")
# Debian 12 moved the sanitizer runtimes out of libclang-common-N-dev.
apt-cache show "libclang-rt-$V-dev" >/dev/null 2>&1 && PKGS+=("libclang-rt-$V-dev")
todo=$(missing "${PKGS[@]}")
if [ -n "$todo" ]; then
  echo "fuzz: installing" $todo
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $todo >/dev/null
fi

# --- build ------------------------------------------------------------------
# OpenMP comes from clang's libomp (libomp-N-dev): oneDNN is built against
# GCC's libgomp, but libomp carries libgomp's entry points too and, loaded
# first (by libpaddle_core), serves both.
CONFIG=(-G Ninja -DCMAKE_C_COMPILER="clang-$V" -DCMAKE_CXX_COMPILER="clang++-$V"
  -DCMAKE_BUILD_TYPE=RelWithDebInfo
  # -O1: fast enough to fuzz, quick to build; asserts stay on (no NDEBUG).
  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
  # undefined includes vptr; it reports nothing false against the prebuilt
  # libprotobuf (which has RTTI), so it stays on.
  -DPADDLE_SANITIZE=address,undefined -DPADDLE_BUILD_FUZZ=ON
  -DPADDLE_BUILD_TESTS=OFF -DPADDLE_BUILD_PYTHON=OFF
  -DPADDLE_BUILD_EXAMPLES=OFF -DPADDLE_BUILD_BENCH=OFF)
if [ ! -f "$BUILD/build.ninja" ] || [ "$(cat "$BUILD/.fuzz-config" 2>/dev/null)" != "${CONFIG[*]}" ]; then
  cmake -S . -B "$BUILD" "${CONFIG[@]}" >/dev/null
  echo "${CONFIG[*]}" > "$BUILD/.fuzz-config"
fi
# ccache keys on relative paths, so a clone in another folder (CI) reuses the cache.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
# One job while another build (scripts/build.sh) holds the cores.
jobs=$(nproc); pgrep -x ninja >/dev/null && jobs=1
cmake --build "$BUILD" --target model_fuzzer -j "${CMAKE_BUILD_PARALLEL_LEVEL:-$jobs}"

export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-$V/bin/llvm-symbolizer
COMMON=(-dict=tests/fuzz/model.dict -max_len=$MAX_LEN -rss_limit_mb=2048 -timeout=25)

# The first lines of a finding in a libFuzzer log.
finding() { grep -m1 -A40 -E '^==[0-9]+==ERROR|runtime error:|model_fuzzer: .* escaped|deadly signal|ALARM: working on' "$1" || tail -40 "$1"; }

# --- replay -----------------------------------------------------------------
if [ $REPLAY = 1 ]; then
  mkdir -p "$OUT"
  fails=0; n=0
  while IFS= read -r f; do
    n=$((n + 1))
    if "$BIN" "${COMMON[@]}" "$f" >"$OUT/replay.log" 2>&1; then
      echo "ok    $f"
    else
      echo "FAIL  $f"; finding "$OUT/replay.log" | sed 's/^/      /'
      fails=$((fails + 1))
    fi
  done < <(find "$@" -type f ! -name '*.md' | sort)
  echo "== replay: $n inputs, $fails failing"
  [ $fails -eq 0 ]; exit
fi

# --- seed corpus: every model of tests/data in the input layout of tests/fuzz/fuzz_input.h
SEEDS=$OUT/seeds
mkdir -p "$SEEDS" "$OUT/corpus" "$OUT/artifacts"
python3 - "$SEEDS" "$MAX_LEN" tests/data/*/model.pdmodel <<'EOF'
import os, struct, sys
out, max_len = sys.argv[1], int(sys.argv[2])
for prog_path in sys.argv[3:]:
    name = os.path.basename(os.path.dirname(prog_path))
    prog = open(prog_path, "rb").read()
    params = open(prog_path[: -len(".pdmodel")] + ".pdiparams", "rb").read()
    seeds = {
        "gen": (0, 0, 0, b""),              # generated parameters, free dims 1
        "gen-knobs": (0x1B, 0x85, 15, b""), # free dims 4,3,2,1; any values; all flags
        "file": (0, 0, 0, params),          # the real parameter file
    }
    for kind, (dims, fill, flags, tail) in seeds.items():
        data = struct.pack("<IBBBB", len(prog), dims, fill, flags, 0) + prog + tail
        if len(data) <= max_len:  # libFuzzer would cut a longer one short
            with open(os.path.join(out, f"{name}-{kind}"), "wb") as f:
                f.write(data)
EOF

# --- fuzz -------------------------------------------------------------------
LOG=$OUT/last-run.log
start=$OUT/.run-start
touch "$start"
echo "== fuzz: $TIME s, log in $LOG, artefacts in $OUT/artifacts/"
set +e
"$BIN" "${COMMON[@]}" -seed=1 -max_total_time="$TIME" -print_final_stats=1 \
  -artifact_prefix="$OUT/artifacts/" "$@" "$OUT/corpus" "$SEEDS" >"$LOG" 2>&1
rc=$?
set -e

mapfile -t found < <(find "$OUT/artifacts" -type f -newer "$start" \
  \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
crashes=${#found[@]}
# Single process: the final stats. -fork=N: the last "#runs: cov: ..." line,
# whose oom/timeout/crash counts include findings outside any input (at exit),
# which leave no reproducer.
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG" | tail -1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$LOG" | tail -1)
line=$(grep -E '^#[0-9]+: cov:' "$LOG" | tail -1 || true)
if [ -n "$line" ]; then
  execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$line")
  secs=$(sed -n 's/.* time: *\([0-9]*\)s.*/\1/p' <<<"$line")
  [ "${secs:-0}" -gt 0 ] && rate=$((execs / secs))
  n=$(sed -n 's/.*oom\/timeout\/crash: *\([0-9]*\)\/\([0-9]*\)\/\([0-9]*\).*/\1+\2+\3/p' <<<"$line")
  [ $((n)) -gt "$crashes" ] && crashes=$((n))
fi
[ $rc -ne 0 ] && [ "$crashes" -eq 0 ] && crashes=1
echo "== fuzz: ${execs:-?} executions (${rate:-?} exec/s), $crashes crashes, ${#found[@]} reproducers"
for f in "${found[@]}"; do echo "   $f"; done
if [ "$crashes" -gt 0 ]; then
  finding "$LOG"
  echo "fuzz: libFuzzer exit $rc; reproduce with: scripts/fuzz.sh --replay FILE" >&2
  exit 1
fi
