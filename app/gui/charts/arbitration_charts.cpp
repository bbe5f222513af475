#include "arbitration_charts.h"

#include <QBarSet>

#include <algorithm>

namespace flitgui {

ArbitrationCharts::ArbitrationCharts(QObject* parent) : QObject(parent) {
  updateTimer_.setSingleShot(true);
  updateTimer_.setInterval(125);  // ChartFeeder's rate: 8 Hz
  connect(&updateTimer_, &QTimer::timeout, this, &ArbitrationCharts::flush);
}

void ArbitrationCharts::attachBarSet(Bars which, QObject* set) {
  auto* bars = qobject_cast<QBarSet*>(set);
  if ((which != SourceBars && which != AgeBars) || !bars) {
    setLastError(tr("Bar chart %1: not a bar set").arg(static_cast<int>(which)));
    return;
  }
  sets_[static_cast<std::size_t>(which)] = bars;
  writeBarSets();
}

int ArbitrationCharts::attachedBarSetCount() const {
  return static_cast<int>(std::count_if(sets_.begin(), sets_.end(), [](const auto& s) { return !s.isNull(); }));
}

void ArbitrationCharts::consume(const FramePtr& frame) {
  if (!frame) return;
  if (frame->resetGeneration != resetGeneration_) {
    resetGeneration_ = frame->resetGeneration;
    samples_.clear();
  }
  // After an arbiter switch the window starts at the switch: the bars show
  // the arbiter in force, not a mix of the old and the new one.
  // The window starts at the switch itself when the frame says where it was
  // (a run at full speed may pass it before any frame is taken).
  if (arbiter_ && *arbiter_ != frame->arbiter) {
    samples_.clear();
    if (const auto& s = frame->arbiterSwitch; s && s->cycle <= frame->cycle)
      samples_.push_back(Sample{s->cycle, s->deliveredFlitsBySource, s->ageGroups});
  }
  arbiter_ = frame->arbiter;
  newest_ = frame;
  if (samples_.empty()) takeSample();  // the window's start, at once: a short run still gets its bars
  if ((samples_.empty() || samples_.back().cycle != frame->cycle) && !updateTimer_.isActive()) updateTimer_.start();
}

void ArbitrationCharts::flush() {
  updateTimer_.stop();
  takeSample();
  computeBars();
  writeBarSets();
  emit barsChanged();
}

void ArbitrationCharts::clear() {
  samples_.clear();
  newest_.reset();
  arbiter_.reset();
  resetGeneration_ = 0;
  flush();
}

void ArbitrationCharts::takeSample() {
  if (!newest_) return;
  const FrameSnapshot& f = *newest_;
  if (!samples_.empty() && samples_.back().cycle >= f.cycle) return;
  samples_.push_back(Sample{f.cycle, f.deliveredFlitsBySource, f.ageGroups});
  // Keep one sample at or before the window's start, so the window is full.
  const std::uint64_t start = f.cycle > static_cast<std::uint64_t>(windowCycles_) ? f.cycle - windowCycles_ : 0;
  while (samples_.size() > 2 && samples_[1].cycle <= start) samples_.pop_front();
  while (samples_.size() > kMaxSamples) samples_.pop_front();
}

void ArbitrationCharts::computeBars() {
  sourceRates_.clear();
  sourceLabels_.clear();
  agePercent_ = {0, 0, 0, 0};
  ageHeads_ = 0;
  spanCycles_ = 0;
  const std::size_t nodes = samples_.empty() ? 0 : samples_.back().flitsBySource.size();
  sourceNodes_ = static_cast<int>(nodes);
  nodesPerBar_ = static_cast<int>(std::max<std::size_t>(1, (nodes + maxSourceBars_ - 1) / maxSourceBars_));
  const bool twoSamples = samples_.size() >= 2 && samples_.front().flitsBySource.size() == nodes;
  const double cycles = twoSamples ? static_cast<double>(samples_.back().cycle - samples_.front().cycle) : 0.0;
  spanCycles_ = cycles;
  const auto per = static_cast<std::size_t>(nodesPerBar_);
  double top = 0.0;
  for (std::size_t first = 0; first < nodes; first += per) {
    const std::size_t last = std::min(nodes, first + per) - 1;
    double flits = 0.0;
    if (cycles > 0)
      for (std::size_t n = first; n <= last; ++n)
        flits += static_cast<double>(samples_.back().flitsBySource[n] - samples_.front().flitsBySource[n]);
    const double rate = cycles > 0 ? flits / cycles / static_cast<double>(last - first + 1) : 0.0;
    sourceRates_.append(rate);
    top = std::max(top, rate);
    sourceLabels_.append(first == last ? QString::number(first) : QStringLiteral("%1-%2").arg(first).arg(last));
  }
  sourceAxisMax_ = top > 0 ? top * 1.15 : 0.1;
  if (cycles > 0) {
    std::array<double, 4> heads{};
    for (std::size_t g = 0; g < heads.size(); ++g) {
      heads[g] = static_cast<double>(samples_.back().ageGroups[g] - samples_.front().ageGroups[g]);
      ageHeads_ += heads[g];
    }
    for (std::size_t g = 0; g < heads.size(); ++g)
      agePercent_[static_cast<qsizetype>(g)] = ageHeads_ > 0 ? 100.0 * heads[g] / ageHeads_ : 0.0;
  }
}

namespace {
void writeValues(QBarSet* set, const QList<qreal>& values) {
  if (!set) return;
  if (set->count() != values.size()) {
    if (set->count() > 0) set->remove(0, set->count());
    set->append(values);
    return;
  }
  for (qsizetype i = 0; i < values.size(); ++i)
    if (set->at(i) != values[i]) set->replace(i, values[i]);
}
}  // namespace

void ArbitrationCharts::writeBarSets() {
  writeValues(sets_[SourceBars], sourceRates_);
  writeValues(sets_[AgeBars], agePercent_);
}

void ArbitrationCharts::setUpdateIntervalMs(int ms) {
  ms = std::max(ms, 10);
  if (ms == updateTimer_.interval()) return;
  updateTimer_.setInterval(ms);
  emit settingsChanged();
}

void ArbitrationCharts::setWindowCycles(int cycles) {
  cycles = std::max(cycles, 1);
  if (cycles == windowCycles_) return;
  windowCycles_ = cycles;
  emit settingsChanged();
}

void ArbitrationCharts::setMaxSourceBars(int bars) {
  bars = std::max(bars, 1);
  if (bars == maxSourceBars_) return;
  maxSourceBars_ = bars;
  emit settingsChanged();
}

void ArbitrationCharts::setLastError(const QString& error) {
  if (error == lastError_) return;
  lastError_ = error;
  emit lastErrorChanged();
}

double ArbitrationCharts::sourceSpread() const {
  double low = 0, high = 0;
  int sending = 0;
  for (qreal r : sourceRates_) {
    if (r <= 0) continue;
    low = sending == 0 ? r : std::min(low, r);
    high = std::max(high, r);
    ++sending;
  }
  return sending < 2 ? 0.0 : high / low;
}

}  // namespace flitgui
