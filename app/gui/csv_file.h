// Writing a chart's CSV to the file a dialog chose (a local path or URL),
// atomically (QSaveFile): one rule for the live charts (ChartFeeder) and the
// fat-tree sweep view (CircuitSweep). Returns an empty string, or the error
// naming the file ("Could not write /tmp/x.csv: Permission denied").
#pragma once

#include <QCoreApplication>
#include <QSaveFile>
#include <QString>
#include <QUrl>

namespace flitgui {

inline QString writeCsvFile(const QUrl& file, const QString& csv) {
  const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
  QSaveFile out(path);
  if (!out.open(QIODevice::WriteOnly | QIODevice::Text) || out.write(csv.toUtf8()) < 0 || !out.commit())
    return QCoreApplication::translate("flitgui::ChartFeeder", "Could not write %1: %2").arg(path, out.errorString());
  return {};
}

}  // namespace flitgui
