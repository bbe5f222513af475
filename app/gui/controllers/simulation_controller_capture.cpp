// The run as the person left it, asked of the engine for Save and the
// autosave (SimulationController::captureLiveScenario, requestLiveScenario):
// a CaptureScenarioCommand through the queue, answered in the frames
// (live_scenario.h). Apart from simulation_controller.cpp, which starts
// simulations and takes their frames.
#include "simulation_controller.h"

#include <QCoroTimer>
#include <QElapsedTimer>
#include <QPointer>

#include <algorithm>
#include <chrono>

namespace flitgui {

QCoro::Task<std::shared_ptr<const LiveScenario>> SimulationController::captureLiveScenario(
    std::chrono::milliseconds timeout) {
  if (!worker_) co_return std::shared_ptr<const LiveScenario>();
  QPointer<SimulationController> self(this);
  const std::uint64_t id = ++nextCaptureId_;
  post(CaptureScenarioCommand{id});
  QElapsedTimer waited;
  waited.start();
  // Every frame after the answer carries it; take frames until one does.
  while (self) {
    if (frame_ && frame_->liveScenario && frame_->liveScenario->requestId == id) co_return frame_->liveScenario;
    const auto left = timeout - std::chrono::milliseconds(waited.elapsed());
    if (left.count() <= 0) co_return std::shared_ptr<const LiveScenario>();
    // A short sleep, not qCoro(this, &frameChanged, left): QCoro 0.8 connects
    // that awaiter with a queued connection, and a second frameChanged queued
    // before the first resumed us ran its lambda on the destroyed awaiter
    // (a crash found by tst_gui_soak while saving as frames arrived).
    const std::chrono::milliseconds nap = std::min(left, std::chrono::milliseconds(10));
    co_await QCoro::sleepFor(nap);
  }
  co_return std::shared_ptr<const LiveScenario>();
}

void SimulationController::requestLiveScenario(LiveScenarioAnswer done) {
  if (!worker_) {
    done(nullptr);
    return;
  }
  const std::uint64_t id = ++nextCaptureId_;
  liveRequests_.emplace_back(id, std::move(done));
  post(CaptureScenarioCommand{id});
}

void SimulationController::answerLiveRequests(bool stopped) {
  if (liveRequests_.empty()) return;
  std::shared_ptr<const LiveScenario> answer;
  std::uint64_t answered = 0;
  if (!stopped) {
    if (!frame_ || !frame_->liveScenario) return;
    answer = frame_->liveScenario;
    answered = answer->requestId;  // every frame after an answer carries the latest
  }
  // A request answered by a later capture takes that one (newer, as good).
  std::vector<LiveScenarioAnswer> due;
  std::erase_if(liveRequests_, [&](auto& request) {
    if (!stopped && request.first > answered) return false;
    due.push_back(std::move(request.second));
    return true;
  });
  for (LiveScenarioAnswer& done : due) done(answer);  // may post again
}

}  // namespace flitgui
