#include "torus/vc_balance_controller.h"

#include "panel_registry.h"

#include "view/watch_set.h"

#include "analysis/vc_optimize.h"

#include <QCoroFuture>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

// The session makes one (panel_registry.h); QML and the lessons know it as "vcBalance".
FLITSCOPE_REGISTER_PANEL(VcBalanceController, "vcBalance");

namespace {

QVariantList rowsToVariant(const std::vector<flit::VcBalanceRow>& rows) {
  QVariantList out;
  for (const flit::VcBalanceRow& r : rows) {
    out.append(QVariantMap{{QStringLiteral("dimension"), r.dimension},
                           {QStringLiteral("ring"), r.ring},
                           {QStringLiteral("subring"), r.subring},
                           {QStringLiteral("average"), r.average},
                           {QStringLiteral("maximum"), r.maximum}});
  }
  return out;
}

const std::vector<flit::ChannelVcRoutes> kNoChannels;

}  // namespace

VcBalanceController::VcBalanceController(QObject* parent) : WatchingController(parent) {}

VcBalanceController::~VcBalanceController() {
  if (cancel_) cancel_->store(true);  // the search stops at its next check; its result is dropped
}

void VcBalanceController::simulationReplaced() {
  view_.reset();  // (the watch's answer comes in a later frame)
  optimized_.reset();
  emit viewChanged();
  emit optimizedChanged();
  emit overlayChanged();
}

void VcBalanceController::forgetView() {
  if (!view_) return;
  view_.reset();
  emit viewChanged();
  emit overlayChanged();
}

void VcBalanceController::askFor(flit::WatchSet& w) const { w.vcBalance = watched_; }

void VcBalanceController::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  const auto balance = frame && frame->torus ? frame->torus->vcBalance : nullptr;
  if (!watched_ || !balance || balance == view_) return;
  const bool routesChanged = view_ && view_->generation != balance->generation;
  view_ = balance;
  emit viewChanged();
  if (routesChanged && optimized_ && optimized_->generation != view_->generation && showOptimized_) {
    showOptimized_ = false;  // the routes moved on: show what is in force
    emit showOptimizedChanged();
  }
  emit overlayChanged();
}

QVariantList VcBalanceController::rows() const { return view_ ? rowsToVariant(view_->rows) : QVariantList{}; }

QVariantList VcBalanceController::optimizedRows() const {
  return optimized_ ? rowsToVariant(optimized_->rows) : QVariantList{};
}

void VcBalanceController::setLimit(const QString& limit) {
  if (limit == limit_ || !flit::parseVcTableLimit(limit.toStdString())) return;
  limit_ = limit;
  emit optionsChanged();
}

void VcBalanceController::setIterations(int iterations) {
  if (iterations == iterations_ || iterations < 1) return;
  iterations_ = iterations;
  emit optionsChanged();
}

void VcBalanceController::setSeed(int seed) {
  if (seed == seed_ || seed < 0) return;
  seed_ = seed;
  emit optionsChanged();
}

void VcBalanceController::setShowOptimized(bool on) {
  if (on == showOptimized_) return;
  showOptimized_ = on;
  emit showOptimizedChanged();
  emit overlayChanged();
}

const std::vector<flit::ChannelVcRoutes>& VcBalanceController::channels() const {
  if (showOptimized_ && optimized_) return optimized_->channels;
  return view_ ? view_->channels : kNoChannels;
}

void VcBalanceController::optimize() {
  if (optimizing_ || !view_ || !view_->input) return;
  runOptimizer();
}

void VcBalanceController::cancel() {
  if (cancel_) cancel_->store(true);
}

bool VcBalanceController::apply() {
  if (!optimized_ || !simulation_ || !simulation_->hasSimulation()) return false;
  // An undo entry (Edit > Undo applies the engine's inverse: the tables in force before).
  simulation_->change(flit::Intervention::vcTablesChange(optimized_->tables), tr("apply optimized VC tables"));
  return true;
}

// The search runs on the thread pool with its own copy of the machine and
// routes (the view's snapshot); progress comes back through an atomic the
// GUI thread reads on a timer, so nothing on the pool touches this object.
QCoro::Task<void> VcBalanceController::runOptimizer() {
  QPointer<VcBalanceController> self(this);
  const std::shared_ptr<const flit::VcBalanceInput> input = view_->input;
  const std::uint64_t generation = view_->generation;
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  auto done = std::make_shared<std::atomic<double>>(0.0);
  cancel_ = cancel;
  flit::VcOptimizeOptions options;
  options.limit = flit::parseVcTableLimit(limit_.toStdString()).value_or(flit::VcTableLimit::T3e);
  options.iterations = iterations_;
  options.seed = static_cast<std::uint64_t>(seed_);
  options.cancel = cancel.get();
  options.progress = [done](double f) { done->store(f); };
  optimizing_ = true;
  progress_ = 0.0;
  emit optimizingChanged();
  emit progressChanged();
  QTimer poll;
  poll.setInterval(100);
  connect(&poll, &QTimer::timeout, this, [this, done] {
    progress_ = done->load();
    emit progressChanged();
  });
  poll.start();
  // The result comes back through `found`, not the future's result store
  // (QCoro 0.8 and QFuture<T> of a non-trivial T freed it twice).
  auto found = std::make_shared<std::shared_ptr<const Optimized>>();
  QFuture<void> search = QtConcurrent::run([input, options, generation, found] {
    const flit::VcOptimizeResult r = flit::optimizeVcTables(input->topology, input->routing, options);
    auto out = std::make_shared<Optimized>();
    out->generation = generation;
    out->tables = flit::VcTablesConfig{flit::VcTableGenerator::TimeOfCrossing,
                                       flit::vcTableEntriesOf(input->topology, r.tables)};
    out->rows = r.after;
    flit::RoutingSetup routes = input->routing;
    routes.vcTables = r.tables;
    out->channels = flit::channelVcRoutes(input->topology, routes);
    out->cancelled = r.cancelled;
    *found = std::move(out);
  });
  co_await search;
  if (!self) co_return;
  poll.stop();
  optimizing_ = false;
  progress_ = 1.0;
  if (cancel_ == cancel) cancel_.reset();
  optimized_ = std::move(*found);
  showOptimized_ = true;
  emit optimizingChanged();
  emit progressChanged();
  emit optimizedChanged();
  emit showOptimizedChanged();
  emit overlayChanged();
  emit optimizeFinished(optimized_->cancelled);
}
