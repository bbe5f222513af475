// Writing a file whole or not at all (issue 41: saving over an existing file
// never leaves a half-written file). QSaveFile writes a temporary file and
// renames it over the old one on commit(), but on Qt 6.4 a buffered write
// the disk cuts short (the disk full, the file-size limit) still commits the
// truncated file (seen: 5000 bytes written, 100 kept, commit() true). Written
// unbuffered, every short write shows: the write is cancelled and the old
// file stays. One rule for every file the window saves (scenarios,
// recordings, the kept run, chart CSV). Any thread.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QSaveFile>
#include <QString>

namespace flitgui {

// The error (the file device's, or how much the disk took), or empty.
inline QString saveWhole(const QString& path, const QByteArray& data) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) return file.errorString();
  qint64 done = 0;
  while (done < data.size()) {
    const qint64 n = file.write(data.constData() + done, data.size() - done);
    if (n <= 0) {
      const QString why = file.error() != QFileDevice::NoError ? file.errorString() : QString();
      file.cancelWriting();
      return QCoreApplication::translate("flitgui::SaveWhole", "the disk took %1 of %2 bytes%3")
          .arg(done)
          .arg(data.size())
          .arg(why.isEmpty() ? QString() : QStringLiteral(" (") + why + QLatin1Char(')'));
    }
    done += n;
  }
  if (!file.commit()) return file.errorString();
  return {};
}

}  // namespace flitgui
