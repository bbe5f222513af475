// flitscope: the GUI. `flitscope [--scenario FILE] [--screenshot PNG]
// [--size WxH] [--benchmark-frames N] [--run-cycles N]`. Exit codes: 0 ok, 2 bad command line
// or scenario (message on stderr names the field), 3 screenshot not written.
#include "gui_session.h"

#include <QApplication>
#include <QCoreApplication>
#include <QIcon>
#include <QThread>
#include <QtQml/qqmlextensionplugin.h>

#include <algorithm>
#include <cstdio>
#include <string_view>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

namespace {

bool answersWithoutDisplay(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg == "--help" || arg == "-h" || arg == "-?" || arg == "--help-all" || arg == "--version" || arg == "-v")
      return true;
  }
  return false;
}

// Help on stdout (exit 0), an error on stderr naming the option (exit 2).
int printParseResult(const GuiOptionsResult& parsed) {
  std::fprintf(parsed.exitCode ? stderr : stdout, "%s%s\n", parsed.exitCode ? "flitscope: " : "",
               qPrintable(parsed.message));
  return parsed.exitCode;
}

}  // namespace

int main(int argc, char** argv) {
  // Software rendering (Mesa llvmpipe) starts one rasterizer thread per core
  // besides the render thread; with the engine running flat out on the worker
  // they took CPU from it. Measured on 2 cores with other builds running:
  // T3E 8x8x8 about 2400 simulated cycles/s beside the GUI with two
  // rasterizer threads, 3200 to 3900 with none; 8x32x8 440 with two, 540 with
  // none, 590 with one, at the same or a better frame rate. One thread fewer
  // than the machine has cores leaves the engine its core. Hardware drivers
  // ignore it; a value in the environment wins (docs/live-gui.md).
  // --help and --version need no display: answer it before a QApplication (which would
  // abort without an X server) exists. Every other option is parsed after,
  // because QApplication removes its own (-platform, -style ...) first.
  if (answersWithoutDisplay(argc, argv)) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("flitscope"));
    installTranslations(app);
    return printParseResult(parseGuiOptions(QCoreApplication::arguments()));
  }
  if (!qEnvironmentVariableIsSet("LP_NUM_THREADS"))
    qputenv("LP_NUM_THREADS", QByteArray::number(std::max(1, QThread::idealThreadCount() - 1)));
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("flitscope"));
  QApplication::setApplicationDisplayName(QStringLiteral("Flitscope"));
  QApplication::setDesktopFileName(QStringLiteral("flitscope"));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/flitscope.png")));
  installTranslations(app);

  const GuiOptionsResult parsed = parseGuiOptions(QApplication::arguments());
  if (!parsed.options) return printParseResult(parsed);
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
