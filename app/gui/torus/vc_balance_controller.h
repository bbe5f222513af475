// VcBalanceController: the VC-balance section of the side panel and the
// overlay (issue 18; T3E paper section 4 and Table 1;
// docs/deadlock-and-vc-balance.md). While `watched` it asks the worker for
// Frame::torus->vcBalance: Table 1's rows for the VC tables in force and,
// per channel, the routes of the paper's traffic model on VC0 and VC1.
// optimize() runs the engine's optimizer (analysis/vc_optimize.h, simulated
// annealing over the ring and its subrings) on the thread pool as a QCoro
// coroutine, with `progress` and cancel(); the result's rows and channel
// counts are shown beside the current ones (the overlay can show either).
// apply() sends the tables as a setVcTables intervention; the engine checks
// the dependency graph first and refuses cyclic tables (the frame's
// commandError). GUI thread only.
#pragma once

#include "simulation_controller.h"
#include "watching_controller.h"
#include "view/vc_balance_view.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <atomic>
#include <memory>
#include <vector>

namespace QCoro { template <typename T> class Task; }

class VcBalanceController : public flitgui::WatchingController {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(bool answered READ answered NOTIFY viewChanged)
  Q_PROPERTY(QString error READ error NOTIFY viewChanged)
  // Table 1's rows: [{dimension, ring, subring, average, maximum}].
  Q_PROPERTY(QVariantList rows READ rows NOTIFY viewChanged)
  // The optimizer: "t3e" (8 entries per direction) or "full" tables,
  // annealing steps per distinct ring, seed.
  Q_PROPERTY(QString limit READ limit WRITE setLimit NOTIFY optionsChanged)
  Q_PROPERTY(int iterations READ iterations WRITE setIterations NOTIFY optionsChanged)
  Q_PROPERTY(int seed READ seed WRITE setSeed NOTIFY optionsChanged)
  Q_PROPERTY(bool optimizing READ optimizing NOTIFY optimizingChanged)
  Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
  Q_PROPERTY(bool hasOptimized READ hasOptimized NOTIFY optimizedChanged)
  Q_PROPERTY(QVariantList optimizedRows READ optimizedRows NOTIFY optimizedChanged)
  // The overlay shows the optimized tables' counts instead of those in force.
  Q_PROPERTY(bool showOptimized READ showOptimized WRITE setShowOptimized NOTIFY showOptimizedChanged)

 public:
  explicit VcBalanceController(QObject* parent = nullptr);
  ~VcBalanceController() override;

  bool answered() const { return view_ != nullptr; }
  QString error() const { return view_ ? QString::fromStdString(view_->error) : QString(); }
  QVariantList rows() const;
  QString limit() const { return limit_; }
  void setLimit(const QString& limit);
  int iterations() const { return iterations_; }
  void setIterations(int iterations);
  int seed() const { return seed_; }
  void setSeed(int seed);
  bool optimizing() const { return optimizing_; }
  double progress() const { return progress_; }
  bool hasOptimized() const { return optimized_ != nullptr; }
  QVariantList optimizedRows() const;
  bool showOptimized() const { return showOptimized_; }
  void setShowOptimized(bool on);

  // What the overlay draws: per ChannelId the routes on VC0 and VC1 (the
  // optimized tables' when showOptimized and there are some); empty when
  // there is nothing to show.
  const std::vector<flit::ChannelVcRoutes>& channels() const;

  Q_INVOKABLE void optimize();
  Q_INVOKABLE void cancel();
  // Sends the optimized tables (setVcTables); false when there are none.
  Q_INVOKABLE bool apply();

  struct Optimized {
    std::uint64_t generation = 0;  // the view it was computed from
    flit::VcTablesConfig tables;
    std::vector<flit::VcBalanceRow> rows;
    std::vector<flit::ChannelVcRoutes> channels;
    bool cancelled = false;
  };
  const Optimized* optimizedResult() const { return optimized_.get(); }

 signals:
  void viewChanged();
  void optionsChanged();
  void optimizingChanged();
  void progressChanged();
  void optimizedChanged();
  void showOptimizedChanged();
  void overlayChanged();  // channels() changed
  void optimizeFinished(bool cancelled);

 private:
  void askFor(flit::WatchSet& watch) const override;
  void onFrame() override;
  void forgetView() override;
  void simulationReplaced() override;
  QCoro::Task<void> runOptimizer();

  std::shared_ptr<const flit::VcBalanceView> view_;
  QString limit_ = QStringLiteral("t3e");
  int iterations_ = 200000;
  int seed_ = 1;
  bool optimizing_ = false;
  double progress_ = 0.0;
  bool showOptimized_ = false;
  std::shared_ptr<const Optimized> optimized_;
  std::shared_ptr<std::atomic<bool>> cancel_;
};
