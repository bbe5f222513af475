#include "sim/parallel_cycle.h"

#include <stdexcept>
#include <string>

namespace flit {

CycleThreads::~CycleThreads() = default;

void CycleThreads::set(int threads) {
  if (threads < 1 || threads > kMaxCycleThreads) {
    throw std::invalid_argument("threads: must be 1.." + std::to_string(kMaxCycleThreads) + ", got " +
                                std::to_string(threads));
  }
  if (threads == threads_) return;
  pool_.reset();
  if (threads > 1) pool_ = std::make_unique<PartitionPool>(threads);
  threads_ = threads;
}

CycleOutbox* CycleThreads::outboxes(int parts) {
  if (outboxes_.size() < static_cast<std::size_t>(parts)) outboxes_.resize(static_cast<std::size_t>(parts));
  return outboxes_.data();
}

}  // namespace flit
