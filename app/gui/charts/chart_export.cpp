// ChartFeeder's files (issue 5; charts panel): what the CSV buttons write
// for each chart (its interval rows, one column per series) and the PNG
// button's picture of the window, each whole or not at all (csv_file.h,
// save_whole.h). Apart from chart_feeder.cpp, which feeds the series.
#include "chart_feeder.h"

#include "csv_file.h"
#include "save_whole.h"

#include <QBuffer>
#include <QImage>
#include <QQuickWindow>

#include <cmath>

namespace flitgui {
namespace {

// Fixed notation, never an exponent (1e-05, 1.2e+10 confuse spreadsheets and
// readers alike): whole numbers as integers, others with up to 9 decimals.
QString number(double v) {
  if (!std::isfinite(v)) return QStringLiteral("0");
  if (v == std::floor(v) && std::abs(v) < 1e15) return QString::number(static_cast<qint64>(v));
  QString s = QString::number(v, 'f', 9);
  while (s.endsWith(QLatin1Char('0'))) s.chop(1);
  if (s.endsWith(QLatin1Char('.'))) s.chop(1);
  return s == QLatin1String("-0") ? QStringLiteral("0") : s;
}

const char* const kVcColumnNames = "request_vc0,request_vc1,response_vc0,response_vc1,adaptive";

}  // namespace

QString ChartFeeder::csv(Chart chart) const {
  QString out;
  auto interval = [](const StatsPoint& p) { return number(static_cast<double>(p.cycleBegin)) + ',' + number(static_cast<double>(p.cycleEnd)); };
  switch (chart) {
    case LatencyChart:
      out = QStringLiteral("cycle_begin,cycle_end,delivered_packets,latency_mean_cycles,latency_max_cycles\n");
      for (const StatsPoint& p : history_)
        out += interval(p) + ',' + number(static_cast<double>(p.deliveredPackets)) + ',' + number(p.latencyMeanCycles) + ',' +
               number(p.latencyMaxCycles) + '\n';
      break;
    case ThroughputChart:
      out = QStringLiteral("cycle_begin,cycle_end,offered_flits_per_node_cycle,accepted_flits_per_node_cycle\n");
      for (const StatsPoint& p : history_)
        out += interval(p) + ',' + number(p.offeredFlitsPerNodeCycle) + ',' + number(p.acceptedFlitsPerNodeCycle) + '\n';
      break;
    case VcOccupancyChart: {
      // The barrier VC's column with barrier networks only (sync.trees).
      const bool barrier = std::any_of(history_.begin(), history_.end(), [](const StatsPoint& p) { return p.barrierNetworks; });
      out = QStringLiteral("cycle_begin,cycle_end,") + QLatin1String(kVcColumnNames) +
            (barrier ? QStringLiteral(",barrier_link_share\n") : QStringLiteral("\n"));
      for (const StatsPoint& p : history_) {
        out += interval(p);
        for (double v : p.vcOccupancy) out += ',' + number(v);
        if (barrier) out += ',' + number(p.barrierLinkShare);
        out += '\n';
      }
      break;
    }
    case BarrierLatencyChart:
      out = QStringLiteral("completion_cycle,bsu,latency_cycles\n");
      for (const StatsPoint& p : history_)
        for (const flit::BarrierCompletion& b : p.barriers)
          out += number(static_cast<double>(b.cycle)) + ',' + QString::number(b.bsu) + ',' + number(static_cast<double>(b.latencyCycles)) + '\n';
      break;
    case CircuitChart: {
      out = QStringLiteral("cycle_begin,cycle_end,first_attempts,first_attempt_successes,messages_finished,"
                           "attempts_of_finished_messages\n");
      for (const StatsPoint& p : history_)
        out += interval(p) + ',' + number(static_cast<double>(p.firstAttempts)) + ',' +
               number(static_cast<double>(p.firstAttemptSuccesses)) + ',' + number(static_cast<double>(p.messagesFinished)) +
               ',' + number(static_cast<double>(p.attemptsOfFinishedMessages)) + '\n';
      break;
    }
    case HistogramChart:
      out = QStringLiteral("latency_from_cycles,latency_to_cycles,packets\n");
      for (std::size_t i = 0; i < histogram_.counts.size(); ++i) {
        const bool last = i + 1 == histogram_.counts.size();
        out += number(static_cast<double>(i * histogram_.binWidthCycles)) + ',' +
               (last ? QString() : number(static_cast<double>((i + 1) * histogram_.binWidthCycles))) + ',' +
               number(static_cast<double>(histogram_.counts[i])) + '\n';
      }
      break;
  }
  return out;
}

bool ChartFeeder::exportCsv(Chart chart, const QUrl& file) {
  setLastError(writeCsvFile(file, csv(chart)));
  return lastError_.isEmpty();
}

bool ChartFeeder::exportWindowPng(QQuickWindow* window, const QUrl& file) {
  const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
  if (!window) {
    setLastError(tr("Could not write %1: no window").arg(path));
    return false;
  }
  const QImage image = window->grabWindow();
  QByteArray png;
  QBuffer buffer(&png);
  if (image.isNull() || !buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG")) {
    setLastError(tr("Could not write %1").arg(path));
    return false;
  }
  if (const QString error = saveWhole(path, png); !error.isEmpty()) {  // whole or not at all
    setLastError(tr("Could not write %1: %2").arg(path, error));
    return false;
  }
  setLastError({});
  return true;
}

}  // namespace flitgui
