// The process groups of the job, by id: PaddlePaddle's group id, which the
// collective ops of static programs name as `ring_id`. Group 0 is the world.
#pragma once

#include <vector>

#include "core/base/place.h"
#include "core/distributed/communicator.h"

namespace paddle {
namespace distributed {

// Starts MPI (mpi_env.h) and makes group 0; idempotent.
void InitWorld();
bool WorldReady();

// A group of the given world ranks (sorted, distinct, in range; all ranks when
// empty). Collective over the world: every rank calls it, members or not, in
// the same order. Returns its id.
int NewGroup(std::vector<int> ranks);
// The group's world ranks.
std::vector<int> GroupRanks(int id, const char* where);
// This rank's communicator in the group; a typed error naming `where` when the
// environment is not initialized, the group does not exist, or this rank is not in it.
CommPtr GroupComm(int id, const char* where);
// This rank's communicator in the group for tensors at `place`: the MPI one
// for CPU tensors, the group's NCCL one for that GPU (made on first use, a
// collective call) where built with NCCL; Unimplemented otherwise.
CommPtr CommFor(int id, const Place& place, const char* where);
// Forgets a group (0: all of them, then MPI is finalized).
void DestroyGroup(int id);

}  // namespace distributed
}  // namespace paddle
