// PartitionPool: the threads of a parallel phase (issue 40; docs/engine.md
// "A parallel cycle"). run(parts, job) calls job(p) once for each part p in
// [0, parts), part 0 on the calling thread and part p on worker p - 1, and
// returns when every part is done: a barrier after the phase. The workers
// wait between phases, a short spin first (a cycle's phases follow each
// other within microseconds), then asleep (std::atomic::wait, a futex).
// One phase at a time, from one owning thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <thread>
#include <vector>

namespace flit {

class PartitionPool {
 public:
  explicit PartitionPool(int threads);  // threads >= 2: the caller and threads - 1 workers
  ~PartitionPool();
  PartitionPool(const PartitionPool&) = delete;
  PartitionPool& operator=(const PartitionPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }
  // job(p) for p in [0, parts), parts <= threads(). An exception thrown by a
  // part is rethrown here once every part has ended.
  template <class Job>
  void run(int parts, Job& job) {
    job_ = &job;
    call_ = [](void* j, int p) { (*static_cast<Job*>(j))(p); };
    dispatch(parts);
  }

 private:
  void dispatch(int parts);
  void work(int part);
  void runPart(int part);

  std::vector<std::thread> workers_;
  std::atomic<std::uint64_t> epoch_{0};  // one more per phase
  std::atomic<int> pending_{0};          // workers still in this phase
  int parts_ = 0;
  bool stop_ = false;
  void* job_ = nullptr;
  void (*call_)(void*, int) = nullptr;
  std::vector<std::exception_ptr> errors_;  // per part
};

}  // namespace flit
