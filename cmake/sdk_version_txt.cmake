# Writes an SDK's version.txt with PaddlePaddle's fields, at install time (so
# the commit is the one installed, not the one configured). Run by
# install(CODE) with VERSION_FILE, PADDLE_VERSION, SOURCE_DIR and
# CXX_COMPILER_VERSION set.
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse HEAD
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE git_failed ERROR_QUIET)
if(git_failed OR commit STREQUAL "")
  set(commit "unknown")  # a source tree without git (an sdist)
endif()
file(WRITE "${VERSION_FILE}"
  "Paddle version: ${PADDLE_VERSION}\n"
  "GIT COMMIT ID: ${commit}\n"
  "WITH_MKL: OFF\n"
  "WITH_ONEDNN: ON\n"
  "WITH_OPENVINO: OFF\n"
  "WITH_GPU: OFF\n"
  "WITH_ROCM: OFF\n"
  "WITH_IPU: OFF\n"
  "CXX compiler version: ${CXX_COMPILER_VERSION}\n")
