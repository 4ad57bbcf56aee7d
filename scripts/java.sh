#!/usr/bin/env bash
# The Java API (java/): packs the JNI library that scripts/build.sh made in
# build/java/ (with libpaddle_inference_c and libpaddle_core) into the jar,
# runs its JUnit 5 tests and, given the digits export folder, serves the trained
# model from Java (examples/java/DigitsInfer.java):
#   scripts/java.sh [DIGITS_EXPORT_DIR]
# Maven fetches its plugins and JUnit into ~/.m2 on the first run.
set -euo pipefail
cd "$(dirname "$0")/.."
native="$PWD/build/java"
if [ ! -f "$native/libpaddle_inference_java.so" ]; then
  echo "java.sh: $native/libpaddle_inference_java.so is missing: run scripts/build.sh (it needs a JDK)" >&2
  exit 1
fi
(cd java && mvn -q -B package -Dpaddle.native.dir="$native")
echo "java.sh: built $(ls java/target/paddle-inference-*.jar)"
if [ $# -ge 1 ]; then
  classes=build/examples/java
  mkdir -p "$classes"
  jar=$(ls java/target/paddle-inference-*.jar)
  javac -d "$classes" -cp "$jar" examples/java/DigitsInfer.java
  java -cp "$jar:$classes" DigitsInfer "$1"
fi
