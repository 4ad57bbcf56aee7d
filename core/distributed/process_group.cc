#include "core/distributed/process_group.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>

#include "core/base/enforce.h"
#include "core/distributed/mpi_communicator.h"
#include "core/distributed/mpi_env.h"
#include "core/distributed/nccl_communicator.h"

namespace paddle {
namespace distributed {

namespace {

struct Group {
  std::vector<int> ranks;
  std::shared_ptr<MpiCommunicator> comm;  // null where this rank is not a member
  std::map<int, CommPtr> nccl;            // by GPU, made on first use
};

std::mutex g_mutex;
std::map<int, Group> g_groups;
int g_next_id = 1;

Group& Find(int id, const char* where) {
  PD_CHECK(!g_groups.empty(), PreconditionNotMet, "[", where,
           "] the parallel environment is not initialized: call "
           "paddle.distributed.init_parallel_env() first");
  auto it = g_groups.find(id);
  PD_CHECK(it != g_groups.end(), NotFound, "[", where, "] no process group has id ", id,
           " (destroyed, or never made by new_group)");
  return it->second;
}

}  // namespace

void InitWorld() {
  InitMpi();
  std::lock_guard<std::mutex> guard(g_mutex);
  if (g_groups.count(0)) return;
  auto world = std::make_shared<MpiCommunicator>(MPI_COMM_WORLD);
  std::vector<int> all(world->size());
  for (int i = 0; i < world->size(); ++i) all[i] = i;
  g_groups[0] = Group{std::move(all), std::move(world), {}};
}

bool WorldReady() {
  std::lock_guard<std::mutex> guard(g_mutex);
  return g_groups.count(0) != 0;
}

int NewGroup(std::vector<int> ranks) {
  std::lock_guard<std::mutex> guard(g_mutex);
  const Group& world = Find(0, "new_group");
  const int n = static_cast<int>(world.ranks.size());
  if (ranks.empty()) ranks = world.ranks;
  std::sort(ranks.begin(), ranks.end());
  for (size_t i = 0; i < ranks.size(); ++i) {
    PD_CHECK(ranks[i] >= 0 && ranks[i] < n, OutOfRange, "[new_group] rank ", ranks[i],
             " is out of range for a world of ", n);
    PD_CHECK(i == 0 || ranks[i] != ranks[i - 1], InvalidArgument, "[new_group] rank ", ranks[i],
             " is listed twice");
  }
  MPI_Group world_group, group;
  MPI_Comm comm;
  {
    auto lock = MpiLock();
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, static_cast<int>(ranks.size()), ranks.data(), &group);
    int rc = MPI_Comm_create(MPI_COMM_WORLD, group, &comm);  // collective over the world
    MPI_Group_free(&group);
    MPI_Group_free(&world_group);
    CheckMpi(rc, "new_group");
  }
  const int id = g_next_id++;
  g_groups[id] = Group{ranks, comm == MPI_COMM_NULL ? nullptr : std::make_shared<MpiCommunicator>(comm), {}};
  return id;
}

std::vector<int> GroupRanks(int id, const char* where) {
  std::lock_guard<std::mutex> guard(g_mutex);
  return Find(id, where).ranks;
}

CommPtr GroupComm(int id, const char* where) {
  std::lock_guard<std::mutex> guard(g_mutex);
  const Group& g = Find(id, where);
  PD_CHECK(g.comm != nullptr, InvalidArgument, "[", where, "] this rank is not a member of group ", id);
  return g.comm;
}

CommPtr CommFor(int id, const Place& place, const char* where) {
  if (place.type == DeviceType::kCPU) return GroupComm(id, where);
#ifdef PADDLE_WITH_NCCL
  std::lock_guard<std::mutex> guard(g_mutex);
  Group& g = Find(id, where);
  PD_CHECK(g.comm != nullptr, InvalidArgument, "[", where, "] this rank is not a member of group ", id);
  CommPtr& nccl = g.nccl[place.device_id];
  if (!nccl) nccl = std::make_shared<NcclCommunicator>(g.comm, place.device_id);
  return nccl;
#else
  PD_THROW(Unimplemented, "[", where, "] the tensor is on ", place.ToString(),
           ": GPU tensors need the NCCL backend, and this build has none (built without CUDA and NCCL)");
#endif
}

void DestroyGroup(int id) {
  std::unique_lock<std::mutex> guard(g_mutex);
  if (id != 0) {
    Find(id, "destroy_process_group");
    g_groups.erase(id);
    return;
  }
  g_groups.clear();
  guard.unlock();
  FinalizeMpi();
}

}  // namespace distributed
}  // namespace paddle
