// The process's Open MPI environment: initialized once (rank and world size
// come from mpirun's environment; alone, a process is rank 0 of 1), the
// error convention (codes become typed exceptions), and the lock that MPI
// calls take when the library gives less than MPI_THREAD_MULTIPLE.
#pragma once

#include <mpi.h>

#include <mutex>

namespace paddle {
namespace distributed {

// MPI_Init_thread (MPI_THREAD_MULTIPLE asked) unless done; idempotent.
void InitMpi();
// True between InitMpi and FinalizeMpi.
bool MpiActive();
// MPI_Finalize if active: a collective call, every rank must reach it.
void FinalizeMpi();
// Ends every process of the job with `code` (MPI_Abort), for a rank that failed.
[[noreturn]] void AbortMpi(int code);

// Throws PreconditionNotMet naming `what`, with MPI's own text, when rc is
// not MPI_SUCCESS; InvalidArgument for a message longer than its buffer.
void CheckMpi(int rc, const char* what);

// Held around each MPI call: a real lock only when MPI is not thread-multiple.
std::unique_lock<std::mutex> MpiLock();
bool MpiThreadMultiple();

// MPI_COMM_WORLD with errors returned instead of aborting (InitMpi first).
MPI_Comm WorldComm();

}  // namespace distributed
}  // namespace paddle
