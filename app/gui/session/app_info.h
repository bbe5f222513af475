// AppInfo (QML singleton): what the About dialog and the user guide show
// (issue 42, item 11: "Help has only the shortcut sheet (no guide, no
// About)"): the version, the file formats it reads and writes, the source
// documents the behaviour comes from, and the user guide's text.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace flitgui {

class AppInfo : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
  Q_PROPERTY(QString version READ version CONSTANT)
  Q_PROPERTY(int scenarioFormatVersion READ scenarioFormatVersion CONSTANT)
  Q_PROPERTY(int recordingFormatVersion READ recordingFormatVersion CONSTANT)
  // One line per source document: authors, title, year and what comes from it.
  Q_PROPERTY(QStringList sources READ sources CONSTANT)
  // docs/user-guide.md as built into the program (":/docs/user-guide.md"),
  // Markdown without its pictures (they live beside the file in docs/images).
  Q_PROPERTY(QString userGuide READ userGuide CONSTANT)

 public:
  using QObject::QObject;
  static QString version();  // the project's version (CMake PROJECT_VERSION)
  static int scenarioFormatVersion();
  static int recordingFormatVersion();
  static QStringList sources();
  static QString userGuide();
};

}  // namespace flitgui
