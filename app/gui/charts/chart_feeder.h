// ChartFeeder: turns the statistics points of the frame snapshots into Qt
// Charts series (issue 5, "Live charts"): latency mean and max per interval,
// offered vs accepted throughput, VC occupancy per VC class, all over
// simulated time, and the latency histogram; with barrier networks (issue 17)
// the barrier VC in the occupancy chart (the share of link cycles its
// packets took) and the latency of each completed barrier.
//
// GUI thread only. consume() appends the points of each frame it has not seen
// (by StatsPoint::index) and clears everything when the frame's reset
// generation changes. The attached series are refreshed at most every
// updateIntervalMs (default 125 ms: 8 Hz) with one QXYSeries::replace() each,
// decimated to maxPointsPerSeries (default 2000) by keeping the minimum and
// maximum of each bucket, so peaks survive (DESIGN.md, Qt 6.4 facts). The
// full-resolution history (the newest kMaxHistoryPoints intervals) is what the
// CSV export writes.
//
// Chart intervals (issue 16): the worker's points (one per published frame)
// are merged into one chart interval until it spans at least
// minIntervalCycles (default 100) and minIntervalMs of wall time (default
// 200), whichever is longer; a frame that is not running closes the open
// interval at once (a pause shows everything simulated), split by cycles
// alone into intervals of at least minIntervalCycles, so that a run that
// took less wall time than one interval (flitscope --run-cycles N at full
// speed) still draws its points. Merging weights the
// latency mean by delivered packets and the rates by cycles. The cycles at
// which interventions took effect are kept (interventionCycles) and drawn as
// a vertical marker on every chart over cycles (the *MarkerSeries).
// A fat-tree's points (StatsPoint::circuits) also feed the circuit chart:
// first-attempt success (%) and attempts per message per interval, from
// the counts merged like the packets (an interval with no first attempt
// finished, or no message finished, repeats the value before it).
#pragma once

#include "frame_snapshot.h"

#include <QList>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QQmlEngine>
#include <QQuickWindow>
#include <QElapsedTimer>
#include <QTimer>
#include <QUrl>

#include <array>
#include <functional>
#include <optional>
#include <vector>

class QXYSeries;

namespace flitgui {

class ChartFeeder : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(int updateIntervalMs READ updateIntervalMs WRITE setUpdateIntervalMs NOTIFY updateIntervalMsChanged)
  Q_PROPERTY(int maxPointsPerSeries READ maxPointsPerSeries WRITE setMaxPointsPerSeries NOTIFY maxPointsPerSeriesChanged)
  Q_PROPERTY(int pointCount READ pointCount NOTIFY rangesChanged)
  Q_PROPERTY(double cycleMin READ cycleMin NOTIFY rangesChanged)
  Q_PROPERTY(double cycleMax READ cycleMax NOTIFY rangesChanged)
  Q_PROPERTY(double latencyAxisMax READ latencyAxisMax NOTIFY rangesChanged)
  Q_PROPERTY(double throughputAxisMax READ throughputAxisMax NOTIFY rangesChanged)
  Q_PROPERTY(double occupancyAxisMax READ occupancyAxisMax NOTIFY rangesChanged)
  Q_PROPERTY(double histogramLatencyMax READ histogramLatencyMax NOTIFY rangesChanged)
  Q_PROPERTY(double histogramCountMax READ histogramCountMax NOTIFY rangesChanged)
  Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)
  Q_PROPERTY(int minIntervalCycles READ minIntervalCycles WRITE setMinIntervalCycles NOTIFY minIntervalChanged)
  Q_PROPERTY(int minIntervalMs READ minIntervalMs WRITE setMinIntervalMs NOTIFY minIntervalChanged)
  Q_PROPERTY(int interventionCount READ interventionCount NOTIFY rangesChanged)
  // The newest point came from a simulation with barrier networks (sync.trees).
  Q_PROPERTY(bool barrierNetworks READ barrierNetworks NOTIFY rangesChanged)
  Q_PROPERTY(double barrierLatencyAxisMax READ barrierLatencyAxisMax NOTIFY rangesChanged)
  Q_PROPERTY(int barrierCount READ barrierCount NOTIFY rangesChanged)
  // The newest point came from a fat-tree's circuit simulator (issue 19):
  // the circuit chart instead of the VC occupancy; attempts per message's axis.
  Q_PROPERTY(bool circuits READ circuits NOTIFY rangesChanged)
  Q_PROPERTY(double attemptsAxisMax READ attemptsAxisMax NOTIFY rangesChanged)
  // Physical units (View, "Times in ns, bandwidth in MB/s"; ViewSettings):
  // wanted by the person; known when the newest frame has the machine's
  // clock (FrameSnapshot::units); shown when both. Then the latency series,
  // the histogram and the barrier latencies are in ns (x nsPerCycle) and the
  // throughput in MB/s per node (x the clock and the bytes a unit carries).
  // The x axes stay in cycles; the CSV exports stay in cycles and flits.
  Q_PROPERTY(bool physicalUnits READ physicalUnits WRITE setPhysicalUnits NOTIFY unitsChanged)
  Q_PROPERTY(bool unitsKnown READ unitsKnown NOTIFY unitsChanged)
  Q_PROPERTY(bool inPhysicalUnits READ inPhysicalUnits NOTIFY unitsChanged)
  Q_PROPERTY(double nsPerCycle READ nsPerCycle NOTIFY unitsChanged)  // the clock's; 0 unknown

 public:
  enum Series {
    LatencyMeanSeries,
    LatencyMaxSeries,
    OfferedSeries,
    AcceptedSeries,
    VcRequest0Series,
    VcRequest1Series,
    VcResponse0Series,
    VcResponse1Series,
    VcAdaptiveSeries,
    HistogramSeries,
    LatencyMarkerSeries,
    ThroughputMarkerSeries,
    OccupancyMarkerSeries,
    VcBarrierSeries,        // the barrier VC: share of link cycles barrier packets took
    BarrierLatencySeries,   // one point per completed barrier: (completion cycle, latency)
    BarrierMarkerSeries,
    FirstAttemptSuccessSeries,  // a fat-tree's circuits: % of first attempts that succeeded
    AttemptsPerMessageSeries,   // attempts per message finished (delivered or given up)
    CircuitMarkerSeries,
  };
  Q_ENUM(Series)
  static constexpr int kSeriesCount = CircuitMarkerSeries + 1;
  enum Chart { LatencyChart, ThroughputChart, VcOccupancyChart, HistogramChart, BarrierLatencyChart, CircuitChart };
  Q_ENUM(Chart)
  static constexpr std::size_t kMaxHistoryPoints = 200000;

  explicit ChartFeeder(QObject* parent = nullptr);

  // `series` must be a QXYSeries (QML LineSeries, ScatterSeries, SplineSeries,
  // or an AreaSeries' upperSeries); anything else sets lastError.
  Q_INVOKABLE void attachSeries(flitgui::ChartFeeder::Series which, QObject* series);
  Q_INVOKABLE int attachedSeriesCount() const;
  void consume(const FrameSnapshot& frame);
  Q_INVOKABLE void flush();  // refresh the series now (the timer calls it)
  // Forgets everything, including which points were seen (a new simulation).
  Q_INVOKABLE void clear();

  Q_INVOKABLE QString csv(flitgui::ChartFeeder::Chart chart) const;
  Q_INVOKABLE bool exportCsv(flitgui::ChartFeeder::Chart chart, const QUrl& file);
  // PNG of the whole window as it is on screen (QQuickWindow::grabWindow).
  Q_INVOKABLE bool exportWindowPng(QQuickWindow* window, const QUrl& file);

  // Min/max-per-bucket decimation: at most maxPoints points (maxPoints >= 2),
  // in x order, containing the first and last point and every bucket's extremes.
  static QList<QPointF> decimate(const QList<QPointF>& points, int maxPoints);

  // b follows a directly: one interval [a.cycleBegin, b.cycleEnd).
  static StatsPoint merge(const StatsPoint& a, const StatsPoint& b);

  const std::vector<StatsPoint>& history() const { return history_; }
  const std::vector<std::uint64_t>& interventionCycles() const { return interventions_; }
  int interventionCount() const { return static_cast<int>(interventions_.size()); }
  int minIntervalCycles() const { return minCycles_; }
  void setMinIntervalCycles(int cycles);
  int minIntervalMs() const { return minMs_; }
  void setMinIntervalMs(int ms);
  int updateIntervalMs() const { return updateTimer_.interval(); }
  void setUpdateIntervalMs(int ms);
  int maxPointsPerSeries() const { return maxPoints_; }
  void setMaxPointsPerSeries(int points);
  int pointCount() const { return static_cast<int>(history_.size()); }
  double cycleMin() const { return cycleMin_; }
  double cycleMax() const { return cycleMax_; }
  double latencyAxisMax() const { return latencyAxisMax_; }
  double throughputAxisMax() const { return throughputAxisMax_; }
  double occupancyAxisMax() const { return occupancyAxisMax_; }
  double histogramLatencyMax() const { return histogramLatencyMax_; }
  double histogramCountMax() const { return histogramCountMax_; }
  bool barrierNetworks() const { return barrierNetworks_; }
  double barrierLatencyAxisMax() const { return barrierLatencyAxisMax_; }
  int barrierCount() const;  // completed barriers in the history
  bool circuits() const { return circuits_; }
  double attemptsAxisMax() const { return attemptsAxisMax_; }
  QString lastError() const { return lastError_; }
  bool physicalUnits() const { return physicalUnits_; }
  void setPhysicalUnits(bool on);
  bool unitsKnown() const { return units_.clockMHz > 0; }
  bool inPhysicalUnits() const { return physicalUnits_ && unitsKnown(); }
  double nsPerCycle() const { return unitsKnown() ? units_.nsPerCycle() : 0.0; }
  // What the charts multiply cycles and flits (bytes) per node-cycle by: 1
  // unless inPhysicalUnits.
  double timeScale() const { return inPhysicalUnits() ? units_.nsPerCycle() : 1.0; }
  double rateScale() const { return inPhysicalUnits() && units_.known() ? units_.linkMBps() : 1.0; }

 signals:
  void updateIntervalMsChanged();
  void maxPointsPerSeriesChanged();
  void rangesChanged();
  void lastErrorChanged();
  void minIntervalChanged();
  void flushed();  // after the series were refreshed
  void unitsChanged();

 private:
  QList<QPointF> seriesPoints(Series which) const;
  void updateRanges();
  void setLastError(const QString& error);
  void markDirty();
  void closePending();
  void closePendingAtPause();  // by cycles only (closePending's rule without the wall time)
  QList<QPointF> markerPoints(double top) const;
  std::vector<double> circuitValues(bool success) const;

  std::array<QPointer<QXYSeries>, kSeriesCount> series_{};
  std::vector<StatsPoint> history_;
  std::optional<StatsPoint> pending_;  // the chart interval being merged
  std::vector<StatsPoint> pendingParts_;  // the worker's points merged into it
  std::size_t historyBeforePending_ = 0;   // history_.size() when it began
  QElapsedTimer pendingSince_;
  int minCycles_ = 100;
  int minMs_ = 200;
  std::vector<std::uint64_t> interventions_;
  LatencyHistogram histogram_;
  std::uint64_t lastIndex_ = 0;
  std::uint64_t resetGeneration_ = 0;
  int maxPoints_ = 2000;
  QTimer updateTimer_;
  double cycleMin_ = 0, cycleMax_ = 1, latencyAxisMax_ = 1, throughputAxisMax_ = 1, occupancyAxisMax_ = 1;
  double histogramLatencyMax_ = 1, histogramCountMax_ = 1;
  double barrierLatencyAxisMax_ = 1;
  double attemptsAxisMax_ = 2;
  bool barrierNetworks_ = false;
  bool circuits_ = false;
  bool physicalUnits_ = false;
  flit::PhysicalUnits units_;
  QString lastError_;
};

}  // namespace flitgui
