// The window's command line and its translation (gui_options.h).
#include "gui_options.h"

#include "coordinate_arity.h"
#include "router/router_config.h"
#include "sim/parallel_cycle.h"
#include "version_text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QThread>
#include <QTranslator>

#include <algorithm>
#include <cstdint>
#include <exception>

int automaticEngineThreads() {
  return std::clamp(QThread::idealThreadCount() - 1, 1, kMaxAutoEngineThreads);
}

GuiOptionsResult parseGuiOptions(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QCoreApplication::translate("flitscope", "Flitscope: simulator and 3D view of interconnection networks (tori and fat-trees)."));
  const QCommandLineOption helpOption = parser.addHelpOption();
  const QCommandLineOption versionOption(
      {QStringLiteral("v"), QStringLiteral("version")},
      QCoreApplication::translate("flitscope", "Print the version and the versions of the file formats it reads, and exit."));
  const QCommandLineOption scenarioOption(
      QStringLiteral("scenario"),
      QCoreApplication::translate("flitscope", "Scenario JSON file to open (default: the teaching 4x4x4 torus)."),
      QCoreApplication::translate("flitscope", "file"));
  const QCommandLineOption screenshotOption(
      QStringLiteral("screenshot"),
      QCoreApplication::translate("flitscope", "Render the first complete frame to this PNG file and exit."),
      QCoreApplication::translate("flitscope", "png"));
  const QCommandLineOption sizeOption(
      QStringLiteral("size"), QCoreApplication::translate("flitscope", "Window size, e.g. 1280x800."),
      QCoreApplication::translate("flitscope", "WxH"), QStringLiteral("1280x800"));
  const QCommandLineOption benchmarkOption(
      QStringLiteral("benchmark-frames"),
      QCoreApplication::translate("flitscope", "Orbit the camera for N frames, print the frame rate and exit."),
      QStringLiteral("N"));
  const QCommandLineOption runCyclesOption(
      QStringLiteral("run-cycles"),
      QCoreApplication::translate("flitscope", "Simulate N cycles at full speed first (with --screenshot: the picture after N cycles)."),
      QStringLiteral("N"));
  const QCommandLineOption failLinkOption(
      QStringLiteral("fail-link"),
      QCoreApplication::translate("flitscope", "Break this link at start, as a click on it would (repeatable), e.g. 1,0,0:+Y."),
      QStringLiteral("X,Y,Z:DIR"));
  const QCommandLineOption sliceOption(
      QStringLiteral("slice"),
      QCoreApplication::translate("flitscope", "Open the 2D slice beside the 3D view on this plane, e.g. XY:3 (the XY plane at Z = 3); planes XY, YZ, XZ."),
      QStringLiteral("PLANE:INDEX"));
  const QCommandLineOption mapOption(
      QStringLiteral("map"),
      QCoreApplication::translate("flitscope", "Open a fat-tree's map beside the 3D view (a torus has --slice)."));
  const QCommandLineOption chartsOption(
      QStringLiteral("charts"), QCoreApplication::translate("flitscope", "Open the live charts below the view."));
  const QCommandLineOption arbiterOption(
      QStringLiteral("arbiter"),
      QCoreApplication::translate("flitscope", "Switch the running engine's arbiter at start: one of %1.")
          .arg(QString::fromStdString(flit::arbiterNameList())),
      QStringLiteral("NAME"));
  const QCommandLineOption ageColorsOption(
      QStringLiteral("age-colors"),
      QCoreApplication::translate("flitscope", "Colour the packets by their age (needs the age arbiter)."));
  const QCommandLineOption presenterOption(
      QStringLiteral("presenter"),
      QCoreApplication::translate("flitscope", "Start in presenter mode (as F5): full screen, larger type, Page Up / Down step."));
  const QCommandLineOption syncOption(
      QStringLiteral("sync"),
      QCoreApplication::translate("flitscope", "Open the Synchronization section and show the barrier tree (scenarios with sync.trees)."));
  const QCommandLineOption vcBalanceOption(
      QStringLiteral("vc-balance"),
      QCoreApplication::translate("flitscope", "Open the VC balance section and show the VC-balance overlay (V)."));
  const QCommandLineOption labOption(
      QStringLiteral("lab"),
      QCoreApplication::translate("flitscope", "Open the deadlock lab: the VC rule, the channel dependency graph, the deadlock's cycle (Ctrl+D)."));
  const QCommandLineOption heatOption(
      QStringLiteral("heat"),
      QCoreApplication::translate("flitscope", "Colour the links by their load (load, as H) or by its change since the last intervention (change, as Shift+H)."),
      QStringLiteral("MODE"));
  const QCommandLineOption maxFlitsOption(
      QStringLiteral("max-flits"),
      QCoreApplication::translate("flitscope", "Draw up to N flits one by one (default 50000); with more in flight each link shows its flits by colour."),
      QStringLiteral("N"));
  const QCommandLineOption engineThreadsOption(
      QStringLiteral("engine-threads"),
      QCoreApplication::translate("flitscope", "Run each simulated cycle on N threads (0: the cores the view leaves, at most 4; without it: the count last chosen in Simulation > Engine threads, else 0; the results are the same for any N)."),
      QStringLiteral("N"));
  const QCommandLineOption autosaveOption(
      QStringLiteral("autosave-seconds"),
      QCoreApplication::translate("flitscope", "Keep the run on disk every N seconds, to restore it after a crash (default 5; 0: off)."),
      QStringLiteral("N"));
  const QCommandLineOption lessonOption(
      QStringLiteral("lesson"),
      QCoreApplication::translate("flitscope", "Open a guided lesson at start: its number in Help > Lessons (1, 2, ...) or a lesson file. It loads its own scenario."),
      QStringLiteral("N|FILE"));
  parser.addOptions({versionOption, autosaveOption, lessonOption, scenarioOption, screenshotOption, sizeOption, benchmarkOption, runCyclesOption, failLinkOption,
                     sliceOption, mapOption, chartsOption, arbiterOption, ageColorsOption, syncOption, labOption,
                     vcBalanceOption, heatOption, maxFlitsOption, engineThreadsOption, presenterOption});

  GuiOptionsResult result;
  if (!parser.parse(arguments)) {
    result.message = parser.errorText();
    result.exitCode = 2;
    return result;
  }
  if (parser.isSet(helpOption)) {
    result.message = parser.helpText();
    return result;
  }
  if (parser.isSet(versionOption)) {
    result.message = QString::fromStdString(flitapp::versionText("flitscope")).trimmed();
    return result;
  }
  if (!parser.positionalArguments().isEmpty()) {
    result.message = QCoreApplication::translate("flitscope", "unexpected argument: %1")
                         .arg(parser.positionalArguments().first());
    result.exitCode = 2;
    return result;
  }
  GuiOptions options;
  options.scenarioPath = parser.value(scenarioOption);
  options.lesson = parser.value(lessonOption);
  if (!options.lesson.isEmpty() && !options.scenarioPath.isEmpty()) {
    result.message = QCoreApplication::translate("flitscope", "--lesson loads the lesson's own scenario: leave out --scenario");
    result.exitCode = 2;
    return result;
  }
  options.screenshotPath = parser.value(screenshotOption);
  const QStringList size = parser.value(sizeOption).split(QLatin1Char('x'));
  bool okW = false, okH = false;
  if (size.size() == 2) options.windowSize = QSize(size[0].toInt(&okW), size[1].toInt(&okH));
  if (!okW || !okH || options.windowSize.width() < 200 || options.windowSize.height() < 150 ||
      options.windowSize.width() > 8192 || options.windowSize.height() > 8192) {
    result.message = QCoreApplication::translate("flitscope", "--size: expected WxH between 200x150 and 8192x8192, got %1")
                         .arg(parser.value(sizeOption));
    result.exitCode = 2;
    return result;
  }
  // A whole-number option: false, with the message naming it, when it is not
  // one or is outside least..most. `expected` is a QT_TRANSLATE_NOOP text with %1.
  const auto readCount = [&](const QCommandLineOption& option, std::uint64_t least, const char* expected,
                             std::uint64_t& out, std::uint64_t most = UINT64_MAX) {
    if (!parser.isSet(option)) return true;
    bool ok = false;
    const std::uint64_t value = parser.value(option).toULongLong(&ok);
    if (ok && value >= least && value <= most) {
      out = value;
      return true;
    }
    result.message = QCoreApplication::translate("flitscope", expected).arg(parser.value(option));
    result.exitCode = 2;
    return false;
  };
  std::uint64_t frames = 0;
  std::uint64_t autosave = 5;
  std::uint64_t engineThreads = 0;
  static_assert(flit::kMaxCycleThreads == 64, "the --engine-threads message says 0 to 64");
  if (!readCount(benchmarkOption, 1, QT_TRANSLATE_NOOP("flitscope", "--benchmark-frames: expected a positive number, got %1"),
                 frames) ||
      !readCount(autosaveOption, 0, QT_TRANSLATE_NOOP("flitscope", "--autosave-seconds: expected a number of seconds (0 or more), got %1"),
                 autosave) ||
      !readCount(runCyclesOption, 1, QT_TRANSLATE_NOOP("flitscope", "--run-cycles: expected a positive number, got %1"),
                 options.runCycles) ||
      !readCount(maxFlitsOption, 0,
                 QT_TRANSLATE_NOOP("flitscope", "--max-flits: expected a number of flits (0 or more), got %1"),
                 options.maxFlits) ||
      !readCount(engineThreadsOption, 0,
                 QT_TRANSLATE_NOOP("flitscope", "--engine-threads: expected a number of threads (0 to 64), got %1"),
                 engineThreads, flit::kMaxCycleThreads))
    return result;
  // Not given: 0, the count last chosen in Simulation > Engine threads (the session asks the
  // simulation controller), else the automatic one; given as 0: the automatic one.
  if (parser.isSet(engineThreadsOption))
    options.engineThreads = engineThreads == 0 ? automaticEngineThreads() : static_cast<int>(engineThreads);
  else
    options.engineThreads = 0;
  options.benchmarkFrames = static_cast<int>(std::min<std::uint64_t>(frames, 1u << 30));
  // A one-shot run (a picture, a frame-rate figure) keeps nothing for a crash.
  const bool oneShot = !options.screenshotPath.isEmpty() || options.benchmarkFrames > 0;
  options.autosaveSeconds = oneShot ? 0 : static_cast<int>(std::min<std::uint64_t>(autosave, 86400));
  for (const QString& spec : parser.values(failLinkOption)) {
    try {
      options.failLinks.push_back(flit::parseLinkSpec(spec.toStdString(), "--fail-link"));
      options.failLinkTexts.append(spec);
    } catch (const std::exception& e) {
      result.message = QString::fromUtf8(e.what());
      result.exitCode = 2;
      return result;
    }
  }
  if (parser.isSet(sliceOption)) {
    try {
      options.slice = flitgui::parseSliceSpec(parser.value(sliceOption).toStdString(), "--slice");
    } catch (const std::exception& e) {
      result.message = QString::fromUtf8(e.what());
      result.exitCode = 2;
      return result;
    }
  }
  options.map = parser.isSet(mapOption);
  options.charts = parser.isSet(chartsOption);
  options.ageColors = parser.isSet(ageColorsOption);
  options.presenter = parser.isSet(presenterOption);
  options.sync = parser.isSet(syncOption);
  options.vcBalance = parser.isSet(vcBalanceOption);
  options.lab = parser.isSet(labOption);
  if (parser.isSet(heatOption)) {
    options.heat = parser.value(heatOption);
    if (options.heat != QLatin1String("load") && options.heat != QLatin1String("change")) {
      result.message = QCoreApplication::translate("flitscope", "--heat: must be load or change, got %1").arg(options.heat);
      result.exitCode = 2;
      return result;
    }
  }
  if (parser.isSet(arbiterOption)) {
    options.arbiter = parser.value(arbiterOption);
    if (!flit::parseArbiterKind(options.arbiter.toStdString())) {
      result.message = QCoreApplication::translate("flitscope", "--arbiter: must be one of %1, got %2")
                           .arg(QString::fromStdString(flit::arbiterNameList()))
                           .arg(options.arbiter);
      result.exitCode = 2;
      return result;
    }
  }
  result.options = options;
  return result;
}

void installTranslations(QCoreApplication& app) {
  auto* own = new QTranslator(&app);
  if (own->load(QLocale(), QStringLiteral("flitscope"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
    QCoreApplication::installTranslator(own);
  }
  auto* qt = new QTranslator(&app);
  if (qt->load(QLocale(), QStringLiteral("qt"), QStringLiteral("_"),
               QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
    QCoreApplication::installTranslator(qt);
  }
}
