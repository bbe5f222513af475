#include "fat_tree/circuit_sweep.h"

#include "csv_file.h"

#include "fattree/circuit_measure.h"
#include "fattree/fat_tree_scenario.h"

#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace flitgui {

const std::vector<double>& CircuitSweep::rates() {
  static const std::vector<double> r{0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0};
  return r;
}

CircuitSweep::CircuitSweep(QObject* parent) : QObject(parent) {}

CircuitSweep::~CircuitSweep() { stop(); }

void CircuitSweep::setNetwork(NetworkController* network) {
  if (network == network_) return;
  if (network_) disconnect(network_, nullptr, this, nullptr);
  network_ = network;
  // Another scenario: the points were of the old one.
  if (network_)
    connect(network_, &NetworkController::scenarioChanged, this, [this] {
      stop();
      points_.clear();
      writeSeries();
      emit pointsChanged();
    });
  emit networkChanged();
}

void CircuitSweep::stop() {
  if (!worker_.joinable()) return;
  worker_.request_stop();
  worker_.join();
  if (!finished_) {
    finished_ = true;
    emit runningChanged();
  }
}

void CircuitSweep::start() {
  stop();
  const flit::fattree::FatTreeScenario* scenario = network_ ? network_->fatTreeScenario() : nullptr;
  const flit::fattree::FatTreeNetwork* net = network_ ? network_->fatTreeNetwork() : nullptr;
  if (!scenario || !net) {
    setLastError(tr("Sweep: no fat-tree is shown (the sweep view is for fat-tree scenarios)"));
    return;
  }
  // The faults as the view shows them now: failed RN1s and channels.
  flit::fattree::FaultMap faults(*net);
  const flit::NetworkGraph& graph = network_->graph();
  for (const int node : network_->failedNodeIds())
    if (node >= 0 && static_cast<std::uint32_t>(node) < graph.routerCount) faults.routerFailed[static_cast<std::size_t>(node)] = 1;
  for (const int link : network_->failedLinkIds())
    if (link >= 0 && static_cast<std::uint32_t>(link) < graph.linkCount())
      faults.channelFailed[graph.links[static_cast<std::size_t>(link)].familyId] = 1;
  points_.clear();
  writeSeries();
  setLastError({});
  finished_ = false;
  emit pointsChanged();
  emit runningChanged();
  const auto warmup = static_cast<std::uint64_t>(warmup_), cycles = static_cast<std::uint64_t>(cycles_);
  worker_ = std::jthread([this, s = *scenario, network = *net, faults, warmup, cycles](std::stop_token stop) {
    QString error;
    try {
      for (const double rate : rates()) {
        if (stop.stop_requested()) break;
        flit::fattree::CircuitConfig cfg = s.circuit;
        cfg.rate = rate;
        flit::fattree::CircuitSimulator sim(network, cfg, s.seed);
        flit::fattree::applyFaults(sim, faults);
        flit::fattree::runMeasured(sim, warmup, cycles, stop);
        if (stop.stop_requested()) break;
        const Point p{rate, flit::fattree::networkLoading(sim), sim.stats().firstAttemptSuccess(),
                      sim.stats().attemptsPerMessage(), sim.stats().messagesGivenUp};
        QMetaObject::invokeMethod(this, [this, p] { addPoint(p); }, Qt::QueuedConnection);
      }
    } catch (const std::exception& e) {
      error = QString::fromUtf8(e.what());
    }
    QMetaObject::invokeMethod(this, [this, error] { done(error); }, Qt::QueuedConnection);
  });
}

void CircuitSweep::cancel() {
  if (!running()) return;
  stop();
  setLastError(tr("Sweep cancelled: %1 of %2 loads done").arg(pointCount()).arg(rates().size()));
}

void CircuitSweep::addPoint(const Point& p) {
  if (finished_) return;  // a cancelled run's last point
  points_.push_back(p);
  writeSeries();
  emit pointsChanged();
}

void CircuitSweep::done(const QString& error) {
  if (finished_) return;
  finished_ = true;
  if (!error.isEmpty()) setLastError(tr("Sweep: %1").arg(error));
  emit runningChanged();
  emit finished();
}

void CircuitSweep::attachSeries(QObject* series) {
  auto* xy = qobject_cast<QXYSeries*>(series);
  if (!xy) {
    setLastError(tr("Sweep view: not an XY series"));
    return;
  }
  series_.append(xy);
  writeSeries();
}

void CircuitSweep::writeSeries() {
  QList<QPointF> pts;
  for (const Point& p : points_) pts.append(QPointF(p.loading, 100.0 * p.firstAttemptSuccess));
  for (const QPointer<QXYSeries>& s : series_)
    if (s) s->replace(pts);
}

double CircuitSweep::loadingAxisMax() const {
  double top = 0.0;
  for (const Point& p : points_) top = std::max(top, p.loading);
  return top > 0 ? std::ceil(top * 11.0) / 10.0 : 1.0;  // 10% headroom, to a tenth
}

QString CircuitSweep::summary() const {
  if (points_.empty()) return {};
  const Point& p = points_.back();
  return tr("At rate %1: loading %2, first-attempt success %3 %, %4 attempts per message, %5 given up")
      .arg(p.rate)
      .arg(p.loading, 0, 'f', 3)
      .arg(100.0 * p.firstAttemptSuccess, 0, 'f', 1)
      .arg(p.attemptsPerMessage, 0, 'f', 2)
      .arg(p.givenUp);
}

QString CircuitSweep::csv() const {
  QString out = QStringLiteral("rate,loading,first_attempt_success,attempts_per_message,given_up\n");
  for (const Point& p : points_)
    out += QStringLiteral("%1,%2,%3,%4,%5\n")
               .arg(p.rate)
               .arg(p.loading, 0, 'g', 8)
               .arg(p.firstAttemptSuccess, 0, 'g', 8)
               .arg(p.attemptsPerMessage, 0, 'g', 8)
               .arg(p.givenUp);
  return out;
}

bool CircuitSweep::exportCsv(const QUrl& file) {
  setLastError(writeCsvFile(file, csv()));
  return lastError_.isEmpty();
}

void CircuitSweep::setCycles(int cycles) {
  cycles = std::max(cycles, 100);
  if (cycles == cycles_) return;
  cycles_ = cycles;
  emit settingsChanged();
}

void CircuitSweep::setWarmup(int cycles) {
  cycles = std::max(cycles, 0);
  if (cycles == warmup_) return;
  warmup_ = cycles;
  emit settingsChanged();
}

void CircuitSweep::setLastError(const QString& error) {
  if (error == lastError_) return;
  lastError_ = error;
  emit lastErrorChanged();
}

}  // namespace flitgui
