#include "chart_feeder.h"

#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace flitgui {
namespace {

// Min/max-per-bucket decimation over n points given by accessors: keeps the
// first and last point and, per bucket of interior points, the lowest and the
// highest (in x order), so a latency spike is never averaged away.
template <class X, class Y>
QList<QPointF> decimateIndexed(std::size_t n, X x, Y y, int maxPoints) {
  QList<QPointF> out;
  if (n == 0) return out;
  const std::size_t limit = static_cast<std::size_t>(std::max(maxPoints, 2));
  if (n <= limit) {
    out.reserve(static_cast<qsizetype>(n));
    for (std::size_t i = 0; i < n; ++i) out.append(QPointF(x(i), y(i)));
    return out;
  }
  const std::size_t interior = n - 2;
  const std::size_t buckets = std::max<std::size_t>(1, (limit - 2) / 2);
  out.reserve(static_cast<qsizetype>(2 + 2 * buckets));
  out.append(QPointF(x(0), y(0)));
  for (std::size_t b = 0; b < buckets; ++b) {
    const std::size_t begin = 1 + b * interior / buckets;
    const std::size_t end = 1 + (b + 1) * interior / buckets;
    if (begin >= end) continue;
    std::size_t lo = begin, hi = begin;
    for (std::size_t i = begin + 1; i < end; ++i) {
      if (y(i) < y(lo)) lo = i;
      if (y(i) > y(hi)) hi = i;
    }
    const std::size_t first = std::min(lo, hi), second = std::max(lo, hi);
    out.append(QPointF(x(first), y(first)));
    if (second != first) out.append(QPointF(x(second), y(second)));
  }
  out.append(QPointF(x(n - 1), y(n - 1)));
  return out;
}

double headroom(double v) { return v > 0.0 ? v * 1.1 : 1.0; }
// An axis of whole numbers (cycles, packets) labelled "%.0f" with Qt's five
// ticks (four intervals): its maximum a multiple of four, at least 4, so
// that every tick is a whole number and its label exact (a count axis of
// 0..3.3 read "0 1 2 2 3").
double wholeHeadroom(double v) { return std::max(4.0, 4.0 * std::ceil(headroom(v) / 4.0)); }

}  // namespace

ChartFeeder::ChartFeeder(QObject* parent) : QObject(parent) {
  updateTimer_.setSingleShot(true);
  updateTimer_.setInterval(125);
  connect(&updateTimer_, &QTimer::timeout, this, &ChartFeeder::flush);
}

namespace {
constexpr qreal kFirstPointSize = 9.0;  // pixels: a lone point at the plot's right edge, seen
}  // namespace

void ChartFeeder::attachSeries(Series which, QObject* series) {
  auto* xy = qobject_cast<QXYSeries*>(series);
  if (which < 0 || which >= kSeriesCount || !xy) {
    setLastError(tr("Chart series %1: not an XY series").arg(static_cast<int>(which)));
    return;
  }
  series_[static_cast<std::size_t>(which)] = xy;
  xy->setMarkerSize(kFirstPointSize);  // a run's first point, alone (flush)
  markDirty();
}

int ChartFeeder::attachedSeriesCount() const {
  return static_cast<int>(std::count_if(series_.begin(), series_.end(), [](const auto& s) { return !s.isNull(); }));
}

StatsPoint ChartFeeder::merge(const StatsPoint& a, const StatsPoint& b) {
  StatsPoint m = b;
  m.cycleBegin = a.cycleBegin;
  const auto ca = static_cast<double>(a.cycleEnd - a.cycleBegin), cb = static_cast<double>(b.cycleEnd - b.cycleBegin);
  auto byCycles = [ca, cb](double x, double y) { return ca + cb > 0 ? (x * ca + y * cb) / (ca + cb) : y; };
  m.deliveredPackets = a.deliveredPackets + b.deliveredPackets;
  m.latencyMeanCycles = m.deliveredPackets
                            ? (a.latencyMeanCycles * static_cast<double>(a.deliveredPackets) +
                               b.latencyMeanCycles * static_cast<double>(b.deliveredPackets)) /
                                  static_cast<double>(m.deliveredPackets)
                            : 0.0;
  m.latencyMaxCycles = std::max(a.latencyMaxCycles, b.latencyMaxCycles);
  m.offeredFlitsPerNodeCycle = byCycles(a.offeredFlitsPerNodeCycle, b.offeredFlitsPerNodeCycle);
  m.acceptedFlitsPerNodeCycle = byCycles(a.acceptedFlitsPerNodeCycle, b.acceptedFlitsPerNodeCycle);
  for (std::size_t i = 0; i < m.vcOccupancy.size(); ++i) m.vcOccupancy[i] = byCycles(a.vcOccupancy[i], b.vcOccupancy[i]);
  m.interventionCycles = a.interventionCycles;
  m.interventionCycles.insert(m.interventionCycles.end(), b.interventionCycles.begin(), b.interventionCycles.end());
  m.barrierLinkShare = byCycles(a.barrierLinkShare, b.barrierLinkShare);
  m.barriers = a.barriers;
  m.barriers.insert(m.barriers.end(), b.barriers.begin(), b.barriers.end());
  m.circuits = a.circuits || b.circuits;
  m.firstAttempts = a.firstAttempts + b.firstAttempts;
  m.firstAttemptSuccesses = a.firstAttemptSuccesses + b.firstAttemptSuccesses;
  m.messagesFinished = a.messagesFinished + b.messagesFinished;
  m.attemptsOfFinishedMessages = a.attemptsOfFinishedMessages + b.attemptsOfFinishedMessages;
  return m;
}

void ChartFeeder::setMinIntervalCycles(int cycles) {
  if (cycles == minCycles_ || cycles < 0) return;
  minCycles_ = cycles;
  emit minIntervalChanged();
}

void ChartFeeder::setMinIntervalMs(int ms) {
  if (ms == minMs_ || ms < 0) return;
  minMs_ = ms;
  emit minIntervalChanged();
}

void ChartFeeder::closePending() {
  if (!pending_) return;
  history_.push_back(std::move(*pending_));
  pending_.reset();
  pendingParts_.clear();
  markDirty();
}

void ChartFeeder::closePendingAtPause() {
  if (!pending_) return;
  std::optional<StatsPoint> chunk;
  for (const StatsPoint& p : pendingParts_) {
    chunk = chunk ? merge(*chunk, p) : p;
    if (chunk->cycleEnd - chunk->cycleBegin >= static_cast<std::uint64_t>(minCycles_)) {
      history_.push_back(std::move(*chunk));
      chunk.reset();
    }
  }
  if (chunk) {  // a short rest joins the chunk before it (one interval when it is all there is)
    if (!history_.empty() && history_.size() > historyBeforePending_) {
      history_.back() = merge(history_.back(), *chunk);
    } else {
      history_.push_back(std::move(*chunk));
    }
  }
  pending_.reset();
  pendingParts_.clear();
  markDirty();
}

void ChartFeeder::setPhysicalUnits(bool on) {
  if (on == physicalUnits_) return;
  physicalUnits_ = on;
  emit unitsChanged();
  markDirty();
}

void ChartFeeder::consume(const FrameSnapshot& frame) {
  if (!(frame.units == units_)) {
    units_ = frame.units;
    emit unitsChanged();
    markDirty();
  }
  if (frame.resetGeneration != resetGeneration_) {
    resetGeneration_ = frame.resetGeneration;
    history_.clear();
    pending_.reset();
    pendingParts_.clear();
    interventions_.clear();
    histogram_ = {};
    barrierNetworks_ = false;
    // circuits_ stays: a reset or a rewind keeps the network (a fat-tree's
    // circuit chart stays shown while a rewound run is paused); a new
    // simulation clears it (clear()).
    markDirty();
  }
  for (const StatsPoint& p : frame.stats) {
    if (p.index <= lastIndex_) continue;
    lastIndex_ = p.index;
    barrierNetworks_ = p.barrierNetworks;
    circuits_ = p.circuits;
    for (std::uint64_t c : p.interventionCycles) {
      if (interventions_.empty() || interventions_.back() != c) interventions_.push_back(c);
      markDirty();
    }
    if (pending_ && pending_->cycleEnd == p.cycleBegin) {
      pending_ = merge(*pending_, p);
    } else {
      closePending();
      pending_ = p;
      pendingSince_.start();
      historyBeforePending_ = history_.size();
    }
    pendingParts_.push_back(p);
    const bool longEnough = pending_->cycleEnd - pending_->cycleBegin >= static_cast<std::uint64_t>(minCycles_) &&
                            pendingSince_.elapsed() >= minMs_;
    if (longEnough) closePending();
  }
  if (!frame.running) closePendingAtPause();
  if (history_.size() > kMaxHistoryPoints)  // drop the oldest tenth at once, not one per frame
    history_.erase(history_.begin(), history_.begin() + static_cast<std::ptrdiff_t>(kMaxHistoryPoints / 10));
  if (frame.latencyHistogram.counts != histogram_.counts ||
      frame.latencyHistogram.binWidthCycles != histogram_.binWidthCycles) {
    histogram_ = frame.latencyHistogram;
    markDirty();
  }
}

void ChartFeeder::markDirty() {
  if (!updateTimer_.isActive()) updateTimer_.start();
}

QList<QPointF> ChartFeeder::seriesPoints(Series which) const {
  const auto& h = history_;
  auto cycleAt = [&h](std::size_t i) { return static_cast<double>(h[i].cycleEnd); };
  const double t = timeScale(), r = rateScale();
  auto pick = [&](auto value) { return decimateIndexed(h.size(), cycleAt, [&h, value](std::size_t i) { return value(h[i]); }, maxPoints_); };
  switch (which) {
    case LatencyMeanSeries: return pick([t](const StatsPoint& p) { return p.latencyMeanCycles * t; });
    case LatencyMaxSeries: return pick([t](const StatsPoint& p) { return p.latencyMaxCycles * t; });
    case OfferedSeries: return pick([r](const StatsPoint& p) { return p.offeredFlitsPerNodeCycle * r; });
    case AcceptedSeries: return pick([r](const StatsPoint& p) { return p.acceptedFlitsPerNodeCycle * r; });
    case VcRequest0Series:
    case VcRequest1Series:
    case VcResponse0Series:
    case VcResponse1Series:
    case VcAdaptiveSeries: {
      const auto vc = static_cast<std::size_t>(which - VcRequest0Series);
      return pick([vc](const StatsPoint& p) { return p.vcOccupancy[vc]; });
    }
    case VcBarrierSeries: return pick([](const StatsPoint& p) { return p.barrierLinkShare; });
    case BarrierLatencySeries: {
      std::vector<const flit::BarrierCompletion*> all;
      for (const StatsPoint& p : h)
        for (const flit::BarrierCompletion& b : p.barriers) all.push_back(&b);
      return decimateIndexed(
          all.size(), [&all](std::size_t i) { return static_cast<double>(all[i]->cycle); },
          [&all, t](std::size_t i) { return static_cast<double>(all[i]->latencyCycles) * t; }, maxPoints_);
    }
    case HistogramSeries: {
      // A step outline: two points per bin, at its left and right edge.
      const auto& counts = histogram_.counts;
      const double width = histogram_.binWidthCycles * t;
      return decimateIndexed(
          counts.size() * 2, [width](std::size_t i) { return static_cast<double>((i + 1) / 2) * width; },
          [&counts](std::size_t i) { return static_cast<double>(counts[i / 2]); }, maxPoints_);
    }
    case LatencyMarkerSeries: return markerPoints(latencyAxisMax_);
    case ThroughputMarkerSeries: return markerPoints(throughputAxisMax_);
    case OccupancyMarkerSeries: return markerPoints(occupancyAxisMax_);
    case BarrierMarkerSeries: return markerPoints(barrierLatencyAxisMax_);
    case FirstAttemptSuccessSeries:
    case AttemptsPerMessageSeries: {
      const std::vector<double> v = circuitValues(which == FirstAttemptSuccessSeries);
      return decimateIndexed(h.size(), cycleAt, [&v](std::size_t i) { return v[i]; }, maxPoints_);
    }
    case CircuitMarkerSeries: return markerPoints(100.0);
  }
  return {};
}

// Per history interval: first-attempt success in % or attempts per message;
// an interval without the counts it needs repeats the one before it.
std::vector<double> ChartFeeder::circuitValues(bool success) const {
  std::vector<double> out;
  out.reserve(history_.size());
  double last = 0.0;
  for (const StatsPoint& p : history_) {
    if (success && p.firstAttempts > 0)
      last = 100.0 * static_cast<double>(p.firstAttemptSuccesses) / static_cast<double>(p.firstAttempts);
    else if (!success && p.messagesFinished > 0)
      last = static_cast<double>(p.attemptsOfFinishedMessages) / static_cast<double>(p.messagesFinished);
    out.push_back(last);
  }
  return out;
}

// A vertical line from 0 to `top` at each intervention, joined along y = 0
// (one series per chart: the joins lie on the axis).
QList<QPointF> ChartFeeder::markerPoints(double top) const {
  QList<QPointF> out;
  out.reserve(static_cast<qsizetype>(interventions_.size() * 3));
  for (std::uint64_t c : interventions_) {
    const auto x = static_cast<double>(c);
    if (x < cycleMin_) continue;
    out.append({QPointF(x, 0.0), QPointF(x, top), QPointF(x, 0.0)});
  }
  return out;
}

void ChartFeeder::flush() {
  updateTimer_.stop();
  updateRanges();  // the markers reach the axes' tops
  for (int s = 0; s < kSeriesCount; ++s) {
    QXYSeries* series = series_[static_cast<std::size_t>(s)];
    if (!series) continue;
    const QList<QPointF> points = seriesPoints(static_cast<Series>(s));
    // A line needs two points: a series of one (a run's first interval) is
    // drawn as its point, large enough to see at the plot's right edge, so
    // the chart shows it from the first sample on.
    series->setPointsVisible(points.size() == 1);
    series->replace(points);
  }
  emit flushed();
}

void ChartFeeder::updateRanges() {
  cycleMin_ = history_.empty() ? 0.0 : static_cast<double>(history_.front().cycleBegin);
  cycleMax_ = history_.empty() ? 1.0 : std::max(cycleMin_ + 1.0, static_cast<double>(history_.back().cycleEnd));
  double latency = 0, throughput = 0, occupancy = 0, barrierLatency = 0;
  for (const StatsPoint& p : history_) {
    latency = std::max({latency, p.latencyMaxCycles, p.latencyMeanCycles});
    throughput = std::max({throughput, p.offeredFlitsPerNodeCycle, p.acceptedFlitsPerNodeCycle});
    for (double v : p.vcOccupancy) occupancy = std::max(occupancy, v);
    occupancy = std::max(occupancy, p.barrierLinkShare);
    for (const flit::BarrierCompletion& b : p.barriers) barrierLatency = std::max(barrierLatency, static_cast<double>(b.latencyCycles));
  }
  const double t = timeScale();
  barrierLatencyAxisMax_ = wholeHeadroom(barrierLatency * t);
  double attempts = 0;
  for (double v : circuitValues(false)) attempts = std::max(attempts, v);
  attemptsAxisMax_ = std::max(2.0, std::ceil(attempts * 1.15));
  latencyAxisMax_ = wholeHeadroom(latency * t);
  throughputAxisMax_ = headroom(throughput * rateScale());
  occupancyAxisMax_ = std::min(1.0, headroom(occupancy));
  std::uint64_t countMax = 0;
  for (std::uint64_t c : histogram_.counts) countMax = std::max(countMax, c);
  histogramCountMax_ = wholeHeadroom(static_cast<double>(countMax));
  histogramLatencyMax_ = std::max(1.0, static_cast<double>(histogram_.counts.size()) * histogram_.binWidthCycles * t);
  emit rangesChanged();
}

int ChartFeeder::barrierCount() const {
  std::size_t n = 0;
  for (const StatsPoint& p : history_) n += p.barriers.size();
  return static_cast<int>(n);
}

void ChartFeeder::clear() {
  history_.clear();
  pending_.reset();
  interventions_.clear();
  histogram_ = {};
  barrierNetworks_ = false;
  circuits_ = false;
  lastIndex_ = 0;
  resetGeneration_ = 0;
  flush();
}

QList<QPointF> ChartFeeder::decimate(const QList<QPointF>& points, int maxPoints) {
  return decimateIndexed(
      static_cast<std::size_t>(points.size()), [&points](std::size_t i) { return points[static_cast<qsizetype>(i)].x(); },
      [&points](std::size_t i) { return points[static_cast<qsizetype>(i)].y(); }, maxPoints);
}

void ChartFeeder::setUpdateIntervalMs(int ms) {
  ms = std::max(ms, 10);
  if (ms == updateTimer_.interval()) return;
  updateTimer_.setInterval(ms);
  emit updateIntervalMsChanged();
}

void ChartFeeder::setMaxPointsPerSeries(int points) {
  points = std::max(points, 2);
  if (points == maxPoints_) return;
  maxPoints_ = points;
  markDirty();
  emit maxPointsPerSeriesChanged();
}

void ChartFeeder::setLastError(const QString& error) {
  if (error == lastError_) return;
  lastError_ = error;
  emit lastErrorChanged();
}

}  // namespace flitgui
