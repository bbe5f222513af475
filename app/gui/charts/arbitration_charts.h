// ArbitrationCharts: the two live bar charts of arbitration fairness (the
// Cray XT paper, Abts & Weisser SC'07): accepted throughput per source node
// (Figure 4's bandwidth shares) and the ages of the heads leaving the routers
// in the four groups of RTR_AGE_GROUP0/1 (Table 4; Figure 5 as a live view).
//
// GUI thread only. consume() takes the cumulative counters every frame
// carries (FrameSnapshot::deliveredFlitsBySource, ageGroups: SimTotals, never
// restarted by the per-interval statistics, so nothing here calls
// resetStats()). The first frame (after a clear, reset or arbiter switch) is
// sampled at once; then flush(), at most every updateIntervalMs like
// ChartFeeder, records one sample (cycle, counters) and computes the bars over the recent
// window: the difference between the newest sample and the oldest one no
// more than windowCycles before it, divided by the cycles between them. A
// reset (new resetGeneration) or an arbiter switch starts the window afresh,
// so the bars show the arbiter in force now.
//
// Bars reach QBarSets (QML BarSet) attached with attachBarSet(): values are
// replaced in place when the bar count is unchanged. A machine with more
// than maxSourceBars nodes gets one bar per run of consecutive node ids
// (their mean), labelled "first-last" (a run of one node: its number).
#pragma once

#include "frame_snapshot.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

class QBarSet;

namespace flitgui {

class ArbitrationCharts : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("ArbitrationCharts belongs to a SimulationController")
  Q_PROPERTY(int updateIntervalMs READ updateIntervalMs WRITE setUpdateIntervalMs NOTIFY settingsChanged)
  Q_PROPERTY(int windowCycles READ windowCycles WRITE setWindowCycles NOTIFY settingsChanged)
  Q_PROPERTY(int maxSourceBars READ maxSourceBars WRITE setMaxSourceBars NOTIFY settingsChanged)
  Q_PROPERTY(QList<qreal> sourceRates READ sourceRates NOTIFY barsChanged)
  Q_PROPERTY(QStringList sourceLabels READ sourceLabels NOTIFY barsChanged)
  // How unfair the shares are: the largest source rate over the smallest
  // of those that sent at all (1: even; XT Figure 4 under round robin: 32).
  // 0 while fewer than two sources sent.
  Q_PROPERTY(double sourceSpread READ sourceSpread NOTIFY barsChanged)
  Q_PROPERTY(int nodesPerBar READ nodesPerBar NOTIFY barsChanged)
  Q_PROPERTY(int sourceNodes READ sourceNodes NOTIFY barsChanged)  // nodes the bars cover, 0 up
  Q_PROPERTY(double sourceAxisMax READ sourceAxisMax NOTIFY barsChanged)
  Q_PROPERTY(QList<qreal> agePercent READ agePercent NOTIFY barsChanged)
  Q_PROPERTY(double ageHeads READ ageHeads NOTIFY barsChanged)
  Q_PROPERTY(double spanCycles READ spanCycles NOTIFY barsChanged)
  Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)

 public:
  enum Bars { SourceBars, AgeBars };
  Q_ENUM(Bars)
  static constexpr std::size_t kMaxSamples = 512;

  explicit ArbitrationCharts(QObject* parent = nullptr);

  // `set` must be a QBarSet (QML BarSet); anything else sets lastError.
  Q_INVOKABLE void attachBarSet(flitgui::ArbitrationCharts::Bars which, QObject* set);
  Q_INVOKABLE int attachedBarSetCount() const;
  void consume(const FramePtr& frame);
  Q_INVOKABLE void flush();  // sample the newest frame and refresh the bars now (the timer calls it)
  Q_INVOKABLE void clear();  // forget every sample (a new simulation)

  int updateIntervalMs() const { return updateTimer_.interval(); }
  void setUpdateIntervalMs(int ms);
  int windowCycles() const { return windowCycles_; }
  void setWindowCycles(int cycles);
  int maxSourceBars() const { return maxSourceBars_; }
  void setMaxSourceBars(int bars);
  // Accepted flits per cycle from each source (or the mean of a run of sources).
  QList<qreal> sourceRates() const { return sourceRates_; }
  double sourceSpread() const;
  QStringList sourceLabels() const { return sourceLabels_; }
  int nodesPerBar() const { return nodesPerBar_; }
  int sourceNodes() const { return sourceNodes_; }
  double sourceAxisMax() const { return sourceAxisMax_; }
  // Share (0..100) of the heads sent in the window per age group.
  QList<qreal> agePercent() const { return agePercent_; }
  double ageHeads() const { return ageHeads_; }
  double spanCycles() const { return spanCycles_; }  // cycles the bars cover (0: not yet two samples)
  QString lastError() const { return lastError_; }

 signals:
  void settingsChanged();
  void barsChanged();
  void lastErrorChanged();

 private:
  struct Sample {
    std::uint64_t cycle = 0;
    std::vector<std::uint64_t> flitsBySource;
    std::array<std::uint64_t, 4> ageGroups{};
  };
  void takeSample();
  void computeBars();
  void writeBarSets();
  void setLastError(const QString& error);

  FramePtr newest_;
  std::deque<Sample> samples_;
  std::uint64_t resetGeneration_ = 0;
  std::optional<flit::ArbiterKind> arbiter_;
  int windowCycles_ = 2000;
  int maxSourceBars_ = 64;
  QTimer updateTimer_;
  std::array<QPointer<QBarSet>, 2> sets_{};
  QList<qreal> sourceRates_;
  QStringList sourceLabels_;
  int nodesPerBar_ = 1;
  int sourceNodes_ = 0;
  double sourceAxisMax_ = 1.0;
  QList<qreal> agePercent_{0, 0, 0, 0};
  double ageHeads_ = 0;
  double spanCycles_ = 0;
  QString lastError_;
};

}  // namespace flitgui
