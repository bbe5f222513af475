// flitscope: the GUI. `flitscope [--scenario FILE] [--screenshot PNG]
// [--size WxH] [--benchmark-frames N] [--run-cycles N]`. Exit codes: 0 ok, 2 bad command line
// or scenario (message on stderr names the field), 3 screenshot not written.
#include "gui_session.h"

#include <QApplication>
#include <QIcon>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("flitscope"));
  QApplication::setApplicationDisplayName(QStringLiteral("Flitscope"));
  QApplication::setDesktopFileName(QStringLiteral("flitscope"));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/flitscope.png")));
  installTranslations(app);

  const GuiOptionsResult parsed = parseGuiOptions(QApplication::arguments());
  if (!parsed.options) {
    std::fprintf(parsed.exitCode ? stderr : stdout, "%s%s\n", parsed.exitCode ? "flitscope: " : "",
                 qPrintable(parsed.message));
    return parsed.exitCode;
  }
  MainWindowSession session;
  if (!session.start(*parsed.options)) {
    std::fprintf(stderr, "flitscope: %s\n", qPrintable(session.errorString()));
    return 2;
  }
  if (!parsed.options->screenshotPath.isEmpty() || parsed.options->benchmarkFrames > 0 ||
      parsed.options->runCycles > 0) {
    new FrameTask(&session, *parsed.options);
  }
  return QApplication::exec();
}
