// FileChooser: the window's file dialog, for opening and for saving under a
// new name. QML uses it as it would QtQuick.Dialogs' FileDialog (title,
// fileMode, nameFilters, defaultSuffix, open(), onAccepted with
// selectedFile), but it opens Qt Widgets' QFileDialog.
//
// Why not QtQuick.Dialogs (Qt 6.4, DESIGN.md): where no platform theme is
// present (Xvfb, many minimal desktops) FileDialog falls back to a QML dialog
// that ignores `fileMode: FileDialog.SaveFile`: a new name cannot be saved,
// its button reads "Open", its name field takes no focus. QFileDialog saves
// under a new name everywhere, adds the default suffix, and asks before it
// replaces an existing file (a platform's own dialog where the platform
// theme has one, Qt's widget dialog elsewhere).
//
// The dialog is window-modal over the window that had focus, and opened
// without a nested event loop: the simulation and the view go on meanwhile.
// When it closes, that window is active again (keys reach its shortcuts,
// also where no window manager hands the focus back).
// Each chooser remembers the folder it was accepted in; a new chooser starts
// in the folder any chooser was accepted in last (this run), else Documents.
// GUI thread only.
#pragma once

#include <QFileDialog>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QUrl>
#include <QWindow>
#include <QtQml/qqmlregistration.h>


namespace flitgui {

class FileChooser : public QObject {
  Q_OBJECT
  QML_ELEMENT

  Q_PROPERTY(QString title READ title WRITE setTitle NOTIFY settingsChanged)
  Q_PROPERTY(FileMode fileMode READ fileMode WRITE setFileMode NOTIFY settingsChanged)
  // The accept button's text; empty: the dialog's own ("Open" / "Save").
  Q_PROPERTY(QString acceptLabel READ acceptLabel WRITE setAcceptLabel NOTIFY settingsChanged)
  // "Scenario files (*.json)", ...; the first is selected.
  Q_PROPERTY(QStringList nameFilters READ nameFilters WRITE setNameFilters NOTIFY settingsChanged)
  // Added to a saved name that has no suffix ("json": "lesson" -> "lesson.json").
  Q_PROPERTY(QString defaultSuffix READ defaultSuffix WRITE setDefaultSuffix NOTIFY settingsChanged)
  // The name filled in when a Save dialog opens ("my-torus.json"); empty: none.
  Q_PROPERTY(QString suggestedName READ suggestedName WRITE setSuggestedName NOTIFY settingsChanged)
  // The folder the dialog opens in (a file: URL); set by an accepted choice.
  Q_PROPERTY(QUrl currentFolder READ currentFolder WRITE setCurrentFolder NOTIFY currentFolderChanged)
  // The file accepted last (a file: URL); read it in onAccepted.
  Q_PROPERTY(QUrl selectedFile READ selectedFile NOTIFY selectedFileChanged)
  Q_PROPERTY(bool visible READ visible NOTIFY visibleChanged)

 public:
  enum FileMode { OpenFile, SaveFile };
  Q_ENUM(FileMode)

  explicit FileChooser(QObject* parent = nullptr);
  ~FileChooser() override;

  QString title() const { return title_; }
  void setTitle(const QString& title);
  FileMode fileMode() const { return fileMode_; }
  void setFileMode(FileMode mode);
  QString acceptLabel() const { return acceptLabel_; }
  void setAcceptLabel(const QString& label);
  QStringList nameFilters() const { return nameFilters_; }
  void setNameFilters(const QStringList& filters);
  QString defaultSuffix() const { return defaultSuffix_; }
  void setDefaultSuffix(const QString& suffix);
  QString suggestedName() const { return suggestedName_; }
  void setSuggestedName(const QString& name);
  QUrl currentFolder() const;
  void setCurrentFolder(const QUrl& folder);
  QUrl selectedFile() const { return selectedFile_; }
  bool visible() const { return dialog_ != nullptr; }

  // The dialog while it is open (tests type into it), else null.
  QFileDialog* dialog() const { return dialog_; }

 public slots:
  // Opens the dialog (again in front if it is open already).
  void open();
  // Closes it as Cancel would.
  void close();

 signals:
  void accepted();
  void rejected();
  void settingsChanged();
  void currentFolderChanged();
  void selectedFileChanged();
  void visibleChanged();

 private:
  void finish(int result);

  QString title_;
  FileMode fileMode_ = OpenFile;
  QString acceptLabel_;
  QStringList nameFilters_;
  QString defaultSuffix_;
  QString suggestedName_;
  QUrl currentFolder_;
  QUrl selectedFile_;
  QPointer<QFileDialog> dialog_;
  QPointer<QWindow> owner_;  // the window it was opened over: the keyboard goes back to it
};

}  // namespace flitgui
