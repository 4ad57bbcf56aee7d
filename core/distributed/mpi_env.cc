#include "core/distributed/mpi_env.h"

#include <cstdlib>
#include <string>

#include "core/base/enforce.h"

namespace paddle {
namespace distributed {

namespace {
bool g_initialized_by_us = false;
int g_thread_level = MPI_THREAD_SINGLE;
std::mutex g_init_mutex;
std::mutex g_call_mutex;
}  // namespace

void InitMpi() {
  std::lock_guard<std::mutex> guard(g_init_mutex);
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  PD_CHECK(!finalized, PreconditionNotMet,
           "[init_parallel_env] MPI was already finalized in this process; it cannot be "
           "initialized again");
  if (initialized) {  // by another library (mpi4py): use it as it is
    MPI_Query_thread(&g_thread_level);
  } else {
    int rc = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &g_thread_level);
    PD_CHECK(rc == MPI_SUCCESS, PreconditionNotMet,
             "[init_parallel_env] MPI_Init_thread failed (code ", rc, ")");
    g_initialized_by_us = true;
  }
  PD_CHECK(g_thread_level >= MPI_THREAD_SERIALIZED, PreconditionNotMet,
           "[init_parallel_env] the MPI library gives thread level ", g_thread_level,
           ", paddle needs at least MPI_THREAD_SERIALIZED");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

bool MpiActive() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  return initialized && !finalized;
}

void FinalizeMpi() {
  std::lock_guard<std::mutex> guard(g_init_mutex);
  if (g_initialized_by_us && MpiActive()) MPI_Finalize();
}

void AbortMpi(int code) {
  if (MpiActive()) MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

void CheckMpi(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  int cls = 0;
  MPI_Error_class(rc, &cls);
  PD_CHECK(cls != MPI_ERR_TRUNCATE, InvalidArgument, "[", what,
           "] the message is larger than the receiving tensor (", std::string(text, len), ")");
  PD_THROW(PreconditionNotMet, "[", what, "] MPI error: ", std::string(text, len));
}

bool MpiThreadMultiple() { return g_thread_level >= MPI_THREAD_MULTIPLE; }

std::unique_lock<std::mutex> MpiLock() {
  return MpiThreadMultiple() ? std::unique_lock<std::mutex>()
                             : std::unique_lock<std::mutex>(g_call_mutex);
}

MPI_Comm WorldComm() {
  PD_CHECK(MpiActive(), PreconditionNotMet,
           "[paddle.distributed] the parallel environment is not initialized: call "
           "paddle.distributed.init_parallel_env() first");
  return MPI_COMM_WORLD;
}

}  // namespace distributed
}  // namespace paddle
