#include "gui_session.h"

#include "torus/slice_model.h"

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
  circuitStatus_.setSimulation(&simulation_);
  circuitSweep_.setNetwork(&controller_);
  // The lessons read their facts from, and play their solutions through, these.
  lessons_.setNetwork(&controller_);
  lessons_.setSimulation(&simulation_);
  lessons_.addObject(QStringLiteral("follow"), &follow_);
  for (const auto& [name, panel] : panels_.byName()) lessons_.addObject(name, panel);
  lessons_.addObject(QStringLiteral("tagEditor"), &tagEditor_);
  lessons_.addObject(QStringLiteral("circuits"), &circuitStatus_);
  autosave_.setSimulation(&simulation_);
  autosave_.setFiles(&files_);
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
  const bool oneShot = !options.screenshotPath.isEmpty() || options.benchmarkFrames > 0;
  simulation_.setTransientChoices(oneShot);
  int engineThreads = options.engineThreads;  // 0: the person's last choice, else automatic
  if (engineThreads == 0 && !oneShot) engineThreads = flitgui::SimulationController::rememberedEngineThreads();
  simulation_.setEngineThreads(engineThreads > 0 ? engineThreads : automaticEngineThreads());
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
                                 {QStringLiteral("panels"), QVariant::fromValue<QObject*>(panels_.objects())},
                                 {QStringLiteral("circuitStatus"), QVariant::fromValue(&circuitStatus_)},
                                 {QStringLiteral("circuitSweep"), QVariant::fromValue(&circuitSweep_)},
                                 {QStringLiteral("lessons"), QVariant::fromValue(&lessons_)},
                                 {QStringLiteral("autosave"), QVariant::fromValue(&autosave_)},
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
  autosave_.start(options.autosaveSeconds);  // offers a killed run's recording (Main.qml)
  if (!options.lesson.isEmpty()) {  // --lesson 3 (Help > Lessons' third) or a file
    bool number = false;
    const int index = options.lesson.toInt(&number);
    if (number && (index < 1 || index > lessons_.bundledFiles().size())) {
      error_ = tr("--lesson: %1 is not a lesson number (1 to %2) or a file").arg(options.lesson).arg(lessons_.bundledFiles().size());
      return false;
    }
    if (!(number ? lessons_.openBundled(index - 1) : lessons_.open(options.lesson))) {
      error_ = tr("--lesson: %1").arg(lessons_.errorString());
      return false;
    }
  }
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
