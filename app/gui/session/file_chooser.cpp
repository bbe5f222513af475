#include "file_chooser.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QStandardPaths>

namespace flitgui {
namespace {

// The folder a choice was accepted in last, by any chooser (this run).
QUrl& lastFolder() {
  static QUrl folder;
  return folder;
}

QUrl startFolder() {
  if (lastFolder().isValid() && QFileInfo(lastFolder().toLocalFile()).isDir()) return lastFolder();
  const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  return QUrl::fromLocalFile(QFileInfo(documents).isDir() ? documents : QDir::homePath());
}

}  // namespace

FileChooser::FileChooser(QObject* parent) : QObject(parent) {}

FileChooser::~FileChooser() {
  if (dialog_) delete dialog_.data();
}

void FileChooser::setTitle(const QString& title) {
  if (title == title_) return;
  title_ = title;
  emit settingsChanged();
}

void FileChooser::setFileMode(FileMode mode) {
  if (mode == fileMode_) return;
  fileMode_ = mode;
  emit settingsChanged();
}

void FileChooser::setAcceptLabel(const QString& label) {
  if (label == acceptLabel_) return;
  acceptLabel_ = label;
  emit settingsChanged();
}

void FileChooser::setNameFilters(const QStringList& filters) {
  if (filters == nameFilters_) return;
  nameFilters_ = filters;
  emit settingsChanged();
}

void FileChooser::setDefaultSuffix(const QString& suffix) {
  if (suffix == defaultSuffix_) return;
  defaultSuffix_ = suffix;
  emit settingsChanged();
}

void FileChooser::setSuggestedName(const QString& name) {
  if (name == suggestedName_) return;
  suggestedName_ = name;
  emit settingsChanged();
}

QUrl FileChooser::currentFolder() const { return currentFolder_.isValid() ? currentFolder_ : startFolder(); }

void FileChooser::setCurrentFolder(const QUrl& folder) {
  if (folder == currentFolder_) return;
  currentFolder_ = folder;
  emit currentFolderChanged();
}

void FileChooser::open() {
  if (dialog_) {
    dialog_->raise();
    dialog_->activateWindow();
    return;
  }
  auto* dialog = new QFileDialog(nullptr, title_);
  dialog->setObjectName(objectName());
  dialog->setAcceptMode(fileMode_ == SaveFile ? QFileDialog::AcceptSave : QFileDialog::AcceptOpen);
  dialog->setFileMode(fileMode_ == SaveFile ? QFileDialog::AnyFile : QFileDialog::ExistingFile);
  if (!nameFilters_.isEmpty()) dialog->setNameFilters(nameFilters_);
  dialog->setDefaultSuffix(defaultSuffix_);
  if (!acceptLabel_.isEmpty()) dialog->setLabelText(QFileDialog::Accept, acceptLabel_);
  QUrl folder = currentFolder();
  if (!QFileInfo(folder.toLocalFile()).isDir()) folder = startFolder();
  dialog->setDirectoryUrl(folder);
  if (fileMode_ == SaveFile && !suggestedName_.isEmpty()) dialog->selectFile(suggestedName_);
  // Modal over the window the person works in, which stays drawn and runs.
  dialog->setWindowModality(Qt::WindowModal);
  // The window to go back to when the dialog closes: the one with the focus,
  // else the chooser's own (no window may be active: a dialog closed before,
  // under a desktop without a window manager; the window's keys need it active).
  owner_ = QGuiApplication::focusWindow();
  if (!owner_) {
    if (auto* item = qobject_cast<QQuickItem*>(parent())) owner_ = item->window();
  }
  if (owner_) {
    dialog->winId();  // creates the native window, so that it can have a transient parent
    dialog->windowHandle()->setTransientParent(owner_);
  }
  connect(dialog, &QDialog::finished, this, &FileChooser::finish);
  dialog_ = dialog;
  dialog->open();
  emit visibleChanged();
}

void FileChooser::close() {
  if (dialog_) dialog_->reject();
}

void FileChooser::finish(int result) {
  QFileDialog* dialog = dialog_;
  if (!dialog) return;
  dialog_.clear();
  dialog->deleteLater();
  if (owner_) owner_->requestActivate();
  emit visibleChanged();
  const QList<QUrl> files = dialog->selectedUrls();
  if (result != QDialog::Accepted || files.isEmpty()) {
    emit rejected();
    return;
  }
  selectedFile_ = files.first();
  const QUrl folder = QUrl::fromLocalFile(QFileInfo(selectedFile_.toLocalFile()).absolutePath());
  lastFolder() = folder;
  setCurrentFolder(folder);
  emit selectedFileChanged();
  emit accepted();
}

}  // namespace flitgui
