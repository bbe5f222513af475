// CircuitSweep: the fat-tree's sweep view (issue 19: "a sweep view of
// success probability against load, the shape of the paper's Figures
// 11-12"; DeHon seed 004, section 6.3). start() runs the scenario the
// window shows, with the routers and channels failed in the view now, at a
// series of loads on a thread of its own (the window goes on; cancel()
// stops between slices): per load a warm-up, then `cycles` measured cycles
// (flit::fattree::runMeasured, as `flitscope-cli sweep` does). Each point
// is the network loading (the share of time endpoints have an attempt in
// the network) against first-attempt success in %, plus the attempts per
// message and the messages given up, appended to the attached series as it
// arrives. GUI thread only, except the run itself.
#pragma once

#include "network_controller.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

class QXYSeries;

namespace flitgui {

class CircuitSweep : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* network READ network WRITE setNetwork NOTIFY networkChanged)
  Q_PROPERTY(bool running READ running NOTIFY runningChanged)
  Q_PROPERTY(double progress READ progress NOTIFY pointsChanged)  // 0..1 of the points
  Q_PROPERTY(int pointCount READ pointCount NOTIFY pointsChanged)
  Q_PROPERTY(double loadingAxisMax READ loadingAxisMax NOTIFY pointsChanged)
  Q_PROPERTY(QString summary READ summary NOTIFY pointsChanged)
  Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)
  Q_PROPERTY(int cycles READ cycles WRITE setCycles NOTIFY settingsChanged)  // measured per load
  Q_PROPERTY(int warmup READ warmup WRITE setWarmup NOTIFY settingsChanged)

 public:
  struct Point {
    double rate = 0.0;     // per cycle, the chance an idle endpoint gets a new message
    double loading = 0.0;  // flit::fattree::networkLoading
    double firstAttemptSuccess = 0.0;  // 0..1
    double attemptsPerMessage = 0.0;
    std::uint64_t givenUp = 0;
  };
  // The loads of a sweep: from almost idle to every endpoint always sending.
  static const std::vector<double>& rates();

  explicit CircuitSweep(QObject* parent = nullptr);
  ~CircuitSweep() override;  // stops a run and waits for it

  NetworkController* network() const { return network_; }
  void setNetwork(NetworkController* network);
  bool running() const { return worker_.joinable() && !finished_; }
  double progress() const { return static_cast<double>(points_.size()) / static_cast<double>(rates().size()); }
  int pointCount() const { return static_cast<int>(points_.size()); }
  double loadingAxisMax() const;
  QString summary() const;
  QString lastError() const { return lastError_; }
  int cycles() const { return cycles_; }
  void setCycles(int cycles);
  int warmup() const { return warmup_; }
  void setWarmup(int cycles);
  const std::vector<Point>& points() const { return points_; }

  // Starts a sweep of the network's fat-tree (an error names why not: no
  // fat-tree shown); the points so far are dropped.
  Q_INVOKABLE void start();
  Q_INVOKABLE void cancel();
  // `series` (a QXYSeries: LineSeries, ScatterSeries) gets (loading, first-attempt success %).
  Q_INVOKABLE void attachSeries(QObject* series);
  Q_INVOKABLE QString csv() const;
  Q_INVOKABLE bool exportCsv(const QUrl& file);

 signals:
  void networkChanged();
  void runningChanged();
  void pointsChanged();
  void lastErrorChanged();
  void settingsChanged();
  void finished();

 private:
  void stop();  // requests a stop and joins
  void addPoint(const Point& p);
  void done(const QString& error);
  void setLastError(const QString& error);
  void writeSeries();

  QPointer<NetworkController> network_;
  std::vector<Point> points_;
  QList<QPointer<QXYSeries>> series_;
  std::jthread worker_;
  bool finished_ = true;
  int cycles_ = 3000;
  int warmup_ = 500;
  QString lastError_;
};

}  // namespace flitgui
