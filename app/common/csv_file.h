// Writing a chart's CSV to the file a dialog chose (a local path or URL),
// whole or not at all (save_whole.h): one rule for the live charts (ChartFeeder) and the
// fat-tree sweep view (CircuitSweep). Returns an empty string, or the error
// naming the file ("Could not write /tmp/x.csv: Permission denied").
#pragma once

#include "save_whole.h"

#include <QCoreApplication>
#include <QString>
#include <QUrl>

namespace flitgui {

inline QString writeCsvFile(const QUrl& file, const QString& csv) {
  const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
  const QString error = saveWhole(path, csv.toUtf8());
  if (!error.isEmpty()) return QCoreApplication::translate("flitgui::ChartFeeder", "Could not write %1: %2").arg(path, error);
  return {};
}

}  // namespace flitgui
