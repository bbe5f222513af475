#include "gui_session.h"

#include "keyboard_focus.h"

#include "coordinate_arity.h"

#include <QQuickGraphicsConfiguration>
#include <QQuickItem>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QLibraryInfo>
#include <QLocale>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QTimer>
#include <QTranslator>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>

GuiOptionsResult parseGuiOptions(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QCoreApplication::translate("flitscope", "Flitscope: simulator and 3D view of interconnection networks (tori and fat-trees)."));
  const QCommandLineOption helpOption = parser.addHelpOption();
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
      QCoreApplication::translate("flitscope", "Switch the running engine's arbiter at start: roundRobin, t3e or age."),
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
  parser.addOptions({scenarioOption, screenshotOption, sizeOption, benchmarkOption, runCyclesOption, failLinkOption,
                     sliceOption, mapOption, chartsOption, arbiterOption, ageColorsOption, syncOption, labOption,
                     vcBalanceOption, heatOption, maxFlitsOption, presenterOption});

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
  if (!parser.positionalArguments().isEmpty()) {
    result.message = QCoreApplication::translate("flitscope", "unexpected argument: %1")
                         .arg(parser.positionalArguments().first());
    result.exitCode = 2;
    return result;
  }
  GuiOptions options;
  options.scenarioPath = parser.value(scenarioOption);
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
  // one or is below `least`. `expected` is a QT_TRANSLATE_NOOP text with %1.
  const auto readCount = [&](const QCommandLineOption& option, std::uint64_t least, const char* expected,
                             std::uint64_t& out) {
    if (!parser.isSet(option)) return true;
    bool ok = false;
    const std::uint64_t value = parser.value(option).toULongLong(&ok);
    if (ok && value >= least) {
      out = value;
      return true;
    }
    result.message = QCoreApplication::translate("flitscope", expected).arg(parser.value(option));
    result.exitCode = 2;
    return false;
  };
  std::uint64_t frames = 0;
  if (!readCount(benchmarkOption, 1, QT_TRANSLATE_NOOP("flitscope", "--benchmark-frames: expected a positive number, got %1"),
                 frames) ||
      !readCount(runCyclesOption, 1, QT_TRANSLATE_NOOP("flitscope", "--run-cycles: expected a positive number, got %1"),
                 options.runCycles) ||
      !readCount(maxFlitsOption, 0,
                 QT_TRANSLATE_NOOP("flitscope", "--max-flits: expected a number of flits (0 or more), got %1"),
                 options.maxFlits))
    return result;
  options.benchmarkFrames = static_cast<int>(std::min<std::uint64_t>(frames, 1u << 30));
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
      result.message = QCoreApplication::translate("flitscope", "--arbiter: must be roundRobin, t3e or age, got %1")
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

MainWindowSession::MainWindowSession(QObject* parent) : QObject(parent) {}

MainWindowSession::~MainWindowSession() {
  engine_.reset();  // QML objects go before the controller they bind to
}

void MainWindowSession::wireControllers() {
  files_.setController(&controller_);
  files_.setSimulation(&simulation_);  // Save writes what was changed live in the engine
  traceExporter_.setSimulation(&simulation_);
  follow_.setController(&controller_);
  follow_.setSimulation(&simulation_);
  nodeInspector_.setNetwork(&controller_);
  nodeInspector_.setSimulation(&simulation_);
  tagEditor_.setNetwork(&controller_);
  tagEditor_.setSimulation(&simulation_);
  sync_.setSimulation(&simulation_);
  vcBalance_.setSimulation(&simulation_);
  deadlockLab_.setSimulation(&simulation_);
  circuitStatus_.setSimulation(&simulation_);
  circuitSweep_.setNetwork(&controller_);
  // The lessons read their facts from, and play their solutions through, these.
  lessons_.setNetwork(&controller_);
  lessons_.setSimulation(&simulation_);
  lessons_.addObject(QStringLiteral("follow"), &follow_);
  lessons_.addObject(QStringLiteral("deadlockLab"), &deadlockLab_);
  lessons_.addObject(QStringLiteral("sync"), &sync_);
  lessons_.addObject(QStringLiteral("outcome"), &outcome_);
  lessons_.addObject(QStringLiteral("arbitrationCharts"), simulation_.arbitrationCharts());
}

QObject* MainWindowSession::rootObject() const {
  return engine_ && !engine_->rootObjects().isEmpty() ? engine_->rootObjects().first() : nullptr;
}

bool MainWindowSession::start(const GuiOptions& options) {
  const QString path = options.scenarioPath.isEmpty() ? NetworkController::defaultScenarioPath()
                                                      : options.scenarioPath;
  if (!controller_.loadScenario(path)) {
    error_ = controller_.errorString();
    return false;
  }
  simulation_.setFlitsDrawnOneByOne(options.maxFlits);
  // The simulation follows every scenario the network controller loads, from
  // the scenario it parsed (each file is parsed once); a scenario the engine
  // cannot simulate still shows its torus (error on stderr and in the
  // controls bar).
  const auto startSimulation = [this] {
    if (const auto* tree = controller_.fatTreeScenario())  // the circuit simulator (issue 19)
      return simulation_.startFatTree(*tree, QFileInfo(controller_.scenarioFile()).fileName(),
                                      controller_.fatTreeRecording());
    return simulation_.startScenario(*controller_.scenario(), controller_.recording(),
                                     QFileInfo(controller_.scenarioFile()).fileName());
  };
  if (!startSimulation()) std::fprintf(stderr, "flitscope: %s\n", qPrintable(simulation_.lastError()));
  connect(&controller_, &NetworkController::scenarioChanged, &simulation_, startSimulation);
  // One source of truth for faults: clicks, undo and redo post interventions
  // to the engine; the view shows the engine's link and node state from every
  // frame that saw all commands posted (an earlier frame would undo a click
  // not yet applied). Failures the engine makes itself (the timeline, a failed
  // node's links) show the same way, without an undo entry.
  // Live setting changes share the Edit menu's undo stack with links and nodes.
  simulation_.setUndoStack(controller_.undoStack());
  if (!options.screenshotPath.isEmpty() || options.benchmarkFrames > 0) settings_.useDefaults();
  if (options.presenter) settings_.setPresenter(true);
  outcome_.setNetwork(&controller_);
  outcome_.setSimulation(&simulation_);
  controller_.setSimulation(&simulation_);
  if (controller_.fatTree() && (!options.failLinks.empty() || options.slice)) {
    error_ = tr("--fail-link and --slice are for torus scenarios (a fat-tree has --map); %1 is a fat-tree")
                 .arg(QFileInfo(controller_.scenarioFile()).fileName());
    return false;
  }
  if (!controller_.fatTree() && options.map) {
    error_ = tr("--map is for fat-tree scenarios (a torus has --slice); %1 is a torus")
                 .arg(QFileInfo(controller_.scenarioFile()).fileName());
    return false;
  }
  for (const QString& text : options.failLinkTexts) {  // "1,0:+Y" on a 3D machine is a mistake, not (1,0,0)
    try {
      flitapp::checkCoordinateArity(text.toStdString(), controller_.topology()->dims(), "--fail-link");
    } catch (const std::exception& e) {
      error_ = QString::fromUtf8(e.what());
      return false;
    }
  }
  for (const flit::LinkSpec& spec : options.failLinks) {  // as clicks: the engine reroutes around them
    try {
      controller_.setLinkUp(flit::resolveLinkSpec(*controller_.topology(), spec, "--fail-link"), false);
    } catch (const std::exception& e) {
      error_ = QString::fromUtf8(e.what());
      return false;
    }
  }
  if (options.slice) {  // the plane index needs the machine: checked here, before the window opens
    try {
      flitgui::buildSliceGrid(*controller_.topology(), options.slice->plane, options.slice->index);
    } catch (const std::exception& e) {
      error_ = QStringLiteral("--slice: ") + QString::fromUtf8(e.what());
      return false;
    }
  }
  QQuickStyle::setStyle(QStringLiteral("Fusion"));
  // Glyphs as plain bitmaps instead of distance fields: the same text on
  // screen, and on llvmpipe about a sixth less render time per frame (the
  // panels are full of labels and the whole window is drawn every frame).
  QQuickWindow::setTextRenderType(QQuickWindow::NativeTextRendering);
  engine_ = std::make_unique<QQmlApplicationEngine>();
  wireControllers();
  engine_->setInitialProperties({{QStringLiteral("controller"), QVariant::fromValue(&controller_)},
                                 {QStringLiteral("simulation"), QVariant::fromValue(&simulation_)},
                                 {QStringLiteral("files"), QVariant::fromValue(&files_)},
                                 {QStringLiteral("traceExporter"), QVariant::fromValue(&traceExporter_)},
                                 {QStringLiteral("follow"), QVariant::fromValue(&follow_)},
                                 {QStringLiteral("nodeInspector"), QVariant::fromValue(&nodeInspector_)},
                                 {QStringLiteral("tagEditor"), QVariant::fromValue(&tagEditor_)},
                                 {QStringLiteral("sync"), QVariant::fromValue(&sync_)},
                                 {QStringLiteral("vcBalance"), QVariant::fromValue(&vcBalance_)},
                                 {QStringLiteral("deadlockLab"), QVariant::fromValue(&deadlockLab_)},
                                 {QStringLiteral("circuitStatus"), QVariant::fromValue(&circuitStatus_)},
                                 {QStringLiteral("circuitSweep"), QVariant::fromValue(&circuitSweep_)},
                                 {QStringLiteral("lessons"), QVariant::fromValue(&lessons_)},
                                 {QStringLiteral("outcome"), QVariant::fromValue(&outcome_)},
                                 {QStringLiteral("settings"), QVariant::fromValue(&settings_)},
                                 {QStringLiteral("width"), options.windowSize.width()},
                                 {QStringLiteral("height"), options.windowSize.height()},
                                 {QStringLiteral("syncAtStart"), options.sync},
                                 {QStringLiteral("vcBalanceAtStart"), options.vcBalance},
                                 {QStringLiteral("labAtStart"), options.lab},
                                 {QStringLiteral("chartsAtStart"), options.charts},
                                 {QStringLiteral("ageColorsAtStart"), options.ageColors},
                                 {QStringLiteral("heatAtStart"), options.heat},
                                 {QStringLiteral("slicePlaneAtStart"), options.slice ? static_cast<int>(options.slice->plane) : -1},
                                 {QStringLiteral("sliceIndexAtStart"), options.slice ? options.slice->index : 0},
                                 {QStringLiteral("mapAtStart"), options.map},
                                 {QStringLiteral("orbitDegreesPerFrame"), options.benchmarkFrames > 0 ? 1.0 : 0.0}});
  engine_->load(QUrl(QStringLiteral("qrc:/Flitscope/Main.qml")));
  window_ = qobject_cast<QQuickWindow*>(rootObject());
  if (!window_) {
    error_ = tr("cannot create the main window (qrc:/Flitscope/Main.qml did not load)");
    return false;
  }
  simulation_.setWindow(window_);  // frames are taken on afterAnimating
  lessons_.addObject(QStringLiteral("window"), window_);
  lessons_.addObject(QStringLiteral("view"), window_->findChild<QQuickItem*>(QStringLiteral("networkView")));
  // Global keys work wherever the focus is; the 3D view holds the keyboard
  // between uses of the controls (keyboard_focus.h).
  new flitgui::KeyboardFocus(window_, window_->findChild<QQuickItem*>(QStringLiteral("networkView")));
  if (!options.arbiter.isEmpty()) simulation_.setArbiter(options.arbiter);  // a refusal shows in the controls bar
  // The 3D view is an underlay: 2D items over it (legend, follow panel) must
  // not be depth-tested against the 3D scene's depth, or nearby nodes and
  // packets show through them. Set before the first expose.
  QQuickGraphicsConfiguration graphics = window_->graphicsConfiguration();
  graphics.setDepthBufferFor2D(false);
  window_->setGraphicsConfiguration(graphics);
  return true;
}

FrameTask::FrameTask(MainWindowSession* session, const GuiOptions& options)
    : QObject(session), session_(session), options_(options) {
  connect(session->window(), &QQuickWindow::frameSwapped, this, &FrameTask::onFrameSwapped,
          Qt::QueuedConnection);
  connect(session->simulation(), &flitgui::SimulationController::frameChanged, this, [this] {
    if (done_ || !timer_.isValid() || options_.benchmarkFrames <= 0) return;
    const EngineMark mark{static_cast<std::uint64_t>(session_->simulation()->cycle()), timer_.nsecsElapsed()};
    if (!firstEngineFrame_) firstEngineFrame_ = mark;
    lastEngineFrame_ = mark;
  });
}

void FrameTask::onFrameSwapped() {
  if (done_) return;
  ++frames_;
  QQuickWindow* window = session_->window();
  flitgui::SimulationController* simulation = session_->simulation();
  if (options_.runCycles > 0 && !runStarted_) {
    if (!simulation->hasSimulation()) {
      std::fprintf(stderr, "flitscope: --run-cycles: %s\n", qPrintable(simulation->lastError()));
      finish(2);
      return;
    }
    simulation->setSpeed(0);
    simulation->runTo(static_cast<double>(options_.runCycles));
    runStarted_ = true;
  }
  // A run the watchdog stopped on a deadlock ends before cycle N: the picture shows the deadlock.
  const bool halted = simulation->currentFrame() && simulation->currentFrame()->deadlock && !simulation->running();
  if (runStarted_ && !runDone_) {
    if (simulation->running() || (simulation->cycle() < static_cast<double>(options_.runCycles) && !halted)) {
      frames_ = 0;  // each new simulation frame brings another swap; warm up after the last
      return;
    }
    runDone_ = true;  // (the benchmark runs the engine again: that is not this run)
  }
  if (runStarted_ && frames_ == 1) {  // the charts up to cycle N, now
    simulation->charts()->flush();
    simulation->arbitrationCharts()->flush();
  }
  if (options_.screenshotPath.isEmpty() && options_.benchmarkFrames <= 0) {
    done_ = true;  // --run-cycles alone: the window stays open, paused at cycle N
    return;
  }
  if (!options_.screenshotPath.isEmpty()) {
    // The controls show the engine's state (adaptive routing, cycle) once a
    // frame that saw every command has come: wait for it, then let the
    // controls' own animations (a switch's handle slides) finish.
    if (simulation->hasSimulation() && !simulation->frameSawEveryCommand()) {
      frames_ = 0;
      window->update();
      return;
    }
    if (!settleTimer_.isValid()) settleTimer_.start();
    // The instance tables are uploaded in the first sync, so the first frames
    // are complete; a few warm-up frames let the layout settle (panel sizes).
    if (frames_ < kWarmupFrames || settleTimer_.elapsed() < kSettleMs) {
      window->update();
      return;
    }
    const QImage image = window->grabWindow();
    if (image.isNull() || !image.save(options_.screenshotPath)) {
      std::fprintf(stderr, "flitscope: %s\n",
                   qPrintable(tr("cannot write the screenshot %1").arg(options_.screenshotPath)));
      finish(3);
      return;
    }
    finish(0);
    return;
  }
  // Benchmark: the window turns the camera by one degree every frame
  // (Main.qml orbitDegreesPerFrame), forcing a full re-render; asking for the
  // next frame keeps the loop going when nothing else would (a paused run).
  window->update();
  if (frames_ == kWarmupFrames) {
    timer_.start();
    if (simulation->hasSimulation()) {  // the engine at full speed while the frames are drawn
      simulation->setSpeed(0);
      simulation->run();
      benchmarkStartCycle_ = simulation->cycle();
    }
  }
  const int measured = frames_ - kWarmupFrames;
  if (measured >= options_.benchmarkFrames) {
    const double seconds = static_cast<double>(timer_.nsecsElapsed()) * 1e-9;
    std::printf("scenario: %s (%d nodes, %d links)\nwindow: %dx%d\nframes: %d in %.3f s\n"
                "frames per second: %.1f\n",
                qPrintable(session_->controller()->scenarioName()), session_->controller()->nodeCount(),
                session_->controller()->linkCount(), window->width(), window->height(), measured,
                seconds, measured / seconds);
    if (simulation->hasSimulation()) {
      double rate = (simulation->cycle() - benchmarkStartCycle_) / seconds;
      if (firstEngineFrame_ && lastEngineFrame_->nsecs > firstEngineFrame_->nsecs)
        rate = static_cast<double>(lastEngineFrame_->cycle - firstEngineFrame_->cycle) /
               (static_cast<double>(lastEngineFrame_->nsecs - firstEngineFrame_->nsecs) * 1e-9);
      std::printf("simulated cycles per second: %.0f\npackets in flight: %.0f\n", rate,
                  simulation->packetsInFlight());
      simulation->pause();
    }
    std::fflush(stdout);
    finish(0);
  }
}

void FrameTask::finish(int exitCode) {
  done_ = true;
  QTimer::singleShot(0, qApp, [exitCode] { QCoreApplication::exit(exitCode); });
}
