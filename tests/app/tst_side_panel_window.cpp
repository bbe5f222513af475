// The side-panel tools in the real main window (MainWindowSession, as
// flitscope starts it, on the T3E 8x8x8 preset): a click on a node in the 3D
// view selects it and the open node inspector shows its buffers and LUT
// from the engine; with "Pick" on, two node clicks give the tag editor its
// source and destination and the preview's hops appear; Apply asks first
// when the preview warns; the traffic pattern combo and the adaptive switch
// of ControlsBar change the running engine; the Arbitration section switches
// the arbiter and the age bias of the engine, shows the engine's refusal
// naming the field, and the Age colour button follows the arbiter. Needs a
// display (xvfb-run).
#include "test_main.h"
#include "gui_session.h"
#include "torus/node_inspector.h"
#include "scenario_files.h"
#include "torus/tag_editor.h"
#include "view_settings.h"
#include "window_test_support.h"

#include "routing/path_trace.h"
#include "routing/routing_setup.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include <algorithm>
#include <utility>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using namespace flitgui;

class TestSidePanelWindow : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindowSession> session_;

  QQuickWindow* window() { return session_->window(); }
  QObject* object(const char* name) { return window()->findChild<QObject*>(QString::fromLatin1(name)); }
  QQuickItem* item(const char* name) { return window()->findChild<QQuickItem*>(QString::fromLatin1(name)); }
  static QQuickItem* visualItem(QQuickItem* root, const QString& name) { return window_test::visualItem(root, name); }
  NodeInspector* inspector() { return object("sidePanel")->property("nodeInspector").value<NodeInspector*>(); }
  TagEditor* editor() { return object("sidePanel")->property("tagEditor").value<TagEditor*>(); }

  void clickItem(QQuickItem* target) { window_test::clickItem(window(), target); }
  // Clicks the node's centre in the 3D view (Main.qml screenPositionOf).
  void clickNode(int node) {
    const QVector3D p = session_->controller()->nodePosition(node);
    QVariant screen;
    QVERIFY(QMetaObject::invokeMethod(session_->rootObject(), "screenPositionOf", Q_RETURN_ARG(QVariant, screen),
                                      Q_ARG(QVariant, QVariant::fromValue(p))));
    const QPointF at = screen.toPointF();
    QVERIFY2(at.x() > 0 && at.y() > 0, "node on screen");
    QTest::mouseClick(window(), Qt::LeftButton, {}, at.toPoint());
  }
  // A node whose centre is not hidden behind a link or another node.
  int clickableNode(int from) {
    for (int node = from; node < session_->controller()->nodeCount(); ++node) {
      const QVector3D p = session_->controller()->nodePosition(node);
      QVariant screen;
      QMetaObject::invokeMethod(session_->rootObject(), "screenPositionOf", Q_RETURN_ARG(QVariant, screen),
                                Q_ARG(QVariant, QVariant::fromValue(p)));
      const QPointF at = screen.toPointF();
      if (at.x() < 20 || at.y() < 20 || at.x() > 900 || at.y() > 600) continue;
      QVariant hit;
      QMetaObject::invokeMethod(session_->rootObject(), "nodeAt", Q_RETURN_ARG(QVariant, hit),
                                Q_ARG(QVariant, at.x()), Q_ARG(QVariant, at.y()));
      if (hit.toInt() == node) return node;
    }
    return -1;
  }

 private slots:
  void initTestCase() {
    session_ = std::make_unique<MainWindowSession>();
    GuiOptions options;
    options.scenarioPath = QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json");
    QVERIFY2(session_->start(options), qPrintable(session_->errorString()));
    if (!QTest::qWaitForWindowExposed(window())) QSKIP("no window system (run under xvfb-run)");
    QVERIFY(inspector());
    QVERIFY(editor());
  }
  void cleanupTestCase() { session_.reset(); }

  void clickedNodeIsInspected() {
    clickItem(item("inspectorSection"));
    QCOMPARE(inspector()->node(), -1);
    const int node = clickableNode(0);
    QVERIFY(node >= 0);
    clickNode(node);
    QTRY_COMPARE(session_->controller()->selectedNode(), node);
    QTRY_VERIFY(inspector()->node() == node && inspector()->hasData());
    QCOMPARE(inspector()->portModel()->count(), 7);
    QCOMPARE(inspector()->lut()->rowCount(), 512);
    QQuickItem* lut = item("lutList");
    QVERIFY(lut && lut->isVisible());
    QTRY_VERIFY(lut->property("count").toInt() == 512);
    session_->simulation()->setSpeed(0);
    session_->simulation()->step(200);
    QTRY_COMPARE(inspector()->cycle(), 200.0);  // live: the frames keep coming for this node
    window()->grabWindow().save(QStringLiteral("side_panel_inspector.png"));
  }

  // While the simulation runs, every field of the inspector's tables is one
  // text: the same delegates, changed in place by every frame (they used to
  // be rebuilt per frame, and the old and new texts were drawn over each other).
  void inspectorTablesKeepOneTextPerFieldWhileRunning() {
    QTRY_VERIFY(inspector()->hasData());
    const int vcs = inspector()->portModel()->vcCount();
    QCOMPARE(vcs, 5);  // the T3E's five VCs: five labelled columns
    QCOMPARE(inspector()->portModel()->count(), 7);
    const auto visibleItems = [this](const QString& name) {
      QList<QQuickItem*> out;
      window_test::collect(window()->contentItem(), name, out);
      out.erase(std::remove_if(out.begin(), out.end(), [](QQuickItem* i) { return !i->isVisible(); }), out.end());
      return out;
    };
    const QList<QQuickItem*> bars = visibleItems(QStringLiteral("occupancyBar"));
    const QList<QQuickItem*> cells = visibleItems(QStringLiteral("counterCell"));
    QCOMPARE(bars.size(), 7 * vcs);
    QCOMPARE(cells.size(), 7 * vcs);
    session_->simulation()->setSpeed(0);
    session_->simulation()->toggle();  // run
    const double start = inspector()->cycle();
    bool sawFlits = false;
    for (int sample = 0; sample < 5; ++sample) {
      QTRY_VERIFY(inspector()->cycle() > start + 20 * sample);
      QCOMPARE(visibleItems(QStringLiteral("occupancyBar")), bars);  // the same items, not new ones
      QCOMPARE(visibleItems(QStringLiteral("counterCell")), cells);
      QStringList names;
      for (QQuickItem* label : visibleItems(QStringLiteral("bufferPortName"))) names << label->property("text").toString();
      QCOMPARE(names.size(), 7);
      QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), 7);  // +X ... processor, each once
      for (QQuickItem* fill : visibleItems(QStringLiteral("occupancyFill"))) sawFlits = sawFlits || fill->width() > 0;
    }
    // A single router is empty in many frames at the preset's load: keep
    // watching until one frame shows a buffered flit (CI once missed it in
    // five samples).
    const auto fillShowsFlits = [&] {
      for (QQuickItem* fill : visibleItems(QStringLiteral("occupancyFill"))) sawFlits = sawFlits || fill->width() > 0;
      return sawFlits;
    };
    QTRY_VERIFY_WITH_TIMEOUT(fillShowsFlits(), 20000);
    window()->grabWindow().save(QStringLiteral("side_panel_inspector_running.png"));
    session_->simulation()->toggle();  // pause
    QTRY_VERIFY(!session_->simulation()->running());
    QVERIFY2(sawFlits, "an occupancy bar showed buffered flits");
    // The counter cells show the chosen counter of the engine's frame.
    const QVariantList packets = inspector()->portModel()->data(inspector()->portModel()->index(0),
                                                                InspectorPortModel::PacketsRole).toList();
    QTRY_COMPARE(cells.first()->property("text").toString(), QString::number(packets.value(0).toDouble(), 'f', 0));
  }

  void twoClicksFeedTheTagEditor() {
    clickItem(item("inspectorSection"));  // fold the inspector again
    clickItem(item("tagSection"));
    clickItem(item("pickButton"));
    const int a = clickableNode(0);
    const int b = clickableNode(a + 1);
    QVERIFY(a >= 0 && b >= 0);
    clickNode(a);
    QTRY_COMPARE(editor()->source(), a);
    clickNode(b);
    QTRY_COMPARE(editor()->destination(), b);
    QTRY_VERIFY(editor()->hasPreview() && editor()->delivered());
    QVERIFY(!editor()->hops().isEmpty());
    QVERIFY(!editor()->pathChannels().isEmpty());
    // The preview is drawn as a ghost line in the 3D view (PathOverlay).
    QObject* ghost = object("tagGhost");
    QVERIFY(ghost);
    QTRY_VERIFY(ghost->property("visible").toBool());
    QObject* view = object("networkView");
    QVERIFY(view);
    QCOMPARE(view->property("ghostChannels").value<QList<int>>(), editor()->pathChannels());
    QVERIFY(!item("applyButton")->isEnabled());  // nothing edited yet

    // An edit that misroutes: Apply asks first.
    const int x = editor()->fields()["xAddr"].toInt();
    QCOMPARE(editor()->setField(QStringLiteral("xAddr"), (x + 1) % 8), QString());
    QCOMPARE(editor()->setField(QStringLiteral("yAddr"), (editor()->fields()["yAddr"].toInt() + 3) % 8), QString());
    QTRY_VERIFY(editor()->canApply() && !editor()->warnings().isEmpty());
    clickItem(item("applyButton"));
    QObject* dialog = object("confirmDialog");
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->property("visible").toBool());
    QTRY_COMPARE(dialog->property("opacity").toDouble(), 1.0);  // faded in
    window()->grabWindow().save(QStringLiteral("side_panel_tag_editor.png"));
    QMetaObject::invokeMethod(dialog, "reject");
    QTRY_VERIFY(!dialog->property("visible").toBool());
    QVERIFY(!editor()->lutEdited());  // cancelled: nothing written
    editor()->discardEdit();
    clickItem(item("pickButton"));
    clickItem(item("tagSection"));  // folded: no ghost line
    QTRY_VERIFY(!ghost->property("visible").toBool());
  }

  void ctrlOAndCtrlSOpenTheFileDialogs_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("dialog");
    QTest::newRow("Ctrl+O") << "Ctrl+O" << "openDialog";
    QTest::newRow("Ctrl+S") << "Ctrl+S" << "saveDialog";
  }
  void ctrlOAndCtrlSOpenTheFileDialogs() {
    QFETCH(QString, key);
    QFETCH(QString, dialog);
    QObject* d = object(dialog.toLatin1().constData());
    QVERIFY(d);
    window()->requestActivate();
    QVERIFY(QTest::qWaitForWindowActive(window()));
    QTest::keySequence(window(), QKeySequence(key));
    QTRY_VERIFY(d->property("visible").toBool());
    QVERIFY(QMetaObject::invokeMethod(d, "close"));
    QTRY_VERIFY(!d->property("visible").toBool());
  }

  void badFileOpenedKeepsTheScenarioAndNamesTheField() {
    QTemporaryDir dir;
    QFile bad(dir.filePath(QStringLiteral("bad-radix.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(R"({"format": "flitscope-scenario", "version": 1, "name": "bad",
        "topology": {"radix": [4, 1, 4], "wrap": [true, true, true]}})");
    bad.close();
    auto* files = object("sidePanel")->property("files").value<ScenarioFiles*>();
    QVERIFY(files);
    const QVariantMap r = QCoro::waitFor(files->openFile(bad.fileName()));
    QVERIFY(!r["ok"].toBool());
    QQuickItem* label = item("errorLabel");
    QVERIFY(label);
    QTRY_VERIFY(label->isVisible());
    QVERIFY2(label->property("text").toString().contains(QStringLiteral("bad-radix.json: ")),
             qPrintable(label->property("text").toString()));
    QVERIFY(label->property("text").toString().contains(QStringLiteral("radix")));
    QCOMPARE(session_->controller()->nodeCount(), 512);  // the T3E stays, and so does its simulation
    QVERIFY(session_->simulation()->hasSimulation());
    // A good file through the same coroutine replaces both.
    const QVariantMap ok = QCoro::waitFor(
        files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/teaching-4x4x4.json")));
    QVERIFY(ok["ok"].toBool());
    QCOMPARE(session_->controller()->nodeCount(), 64);
    QTRY_VERIFY(!label->isVisible());
    // Back to the T3E for the next test.
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json")))["ok"].toBool());
    QTRY_VERIFY(session_->simulation()->currentFrame() && session_->simulation()->currentFrame()->adaptiveAvailable);
  }

  // File > Open takes a recording: a bad one (a link outside the machine)
  // shows the error naming the entry and keeps the T3E and its simulation; a
  // good one shows its machine and replays to its cycle, the link failed.
  void recordingOpenedReplaysOrIsRefused() {
    QTemporaryDir dir;
    const QByteArray head = R"({"flitscopeRecording": 1, "scenario": {"format": "flitscope-scenario",
        "version": 1, "topology": {"radix": [4, 4, 4]}}, "cycles": 40, "timeline": [)";
    const QString badPath = dir.filePath(QStringLiteral("bad-recording.json"));
    const QString goodPath = dir.filePath(QStringLiteral("recording.json"));
    for (const auto& [path, entry] : {std::pair{badPath, QByteArray(R"({"cycle": 10, "failLink": "9,0,0:+Y"})")},
                                      std::pair{goodPath, QByteArray(R"({"cycle": 10, "failLink": "1,0,0:+Y"})")}}) {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(head + entry + "]}");
    }
    auto* files = object("sidePanel")->property("files").value<ScenarioFiles*>();
    QVERIFY(files);
    const QVariantMap r = QCoro::waitFor(files->openFile(badPath));
    QVERIFY(!r["ok"].toBool());
    QQuickItem* label = item("errorLabel");
    QVERIFY(label);
    QTRY_VERIFY(label->isVisible());
    QVERIFY2(label->property("text").toString().contains(QStringLiteral("recording.timeline[0].failLink")),
             qPrintable(label->property("text").toString()));
    QCOMPARE(session_->controller()->nodeCount(), 512);
    QVERIFY(session_->simulation()->hasSimulation());

    QVERIFY(QCoro::waitFor(files->openFile(goodPath))["ok"].toBool());
    QCOMPARE(session_->controller()->nodeCount(), 64);
    SimulationController* sim = session_->simulation();
    QTRY_VERIFY_WITH_TIMEOUT(sim->frameSawEveryCommand() && sim->cycle() == 40.0 && !sim->running(), 10000);
    const flit::Topology& topo = *session_->controller()->topology();
    const flit::LinkId link = topo.linkFrom(topo.nodeAt(flit::Coord{{1, 0, 0}}), flit::Direction::PlusY);
    QCOMPARE(int(sim->currentFrame()->linkUp[static_cast<std::size_t>(link)]), 0);
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json")))["ok"].toBool());
    QTRY_VERIFY(sim->currentFrame() && sim->currentFrame()->adaptiveAvailable);
  }

  void rightClickFailsAndRepairsANode() {
    SimulationController* sim = session_->simulation();
    NetworkController* c = session_->controller();
    const int node = clickableNode(3);
    QVERIFY(node >= 0);
    const QVector3D p = c->nodePosition(node);
    QVariant screen;
    QVERIFY(QMetaObject::invokeMethod(session_->rootObject(), "screenPositionOf", Q_RETURN_ARG(QVariant, screen),
                                      Q_ARG(QVariant, QVariant::fromValue(p))));
    QTest::mouseClick(window(), Qt::RightButton, {}, screen.toPointF().toPoint());
    QObject* menu = object("nodeMenu");
    QVERIFY(menu);
    QTRY_VERIFY(menu->property("visible").toBool());
    QCOMPARE(menu->property("node").toInt(), node);
    QObject* fail = object("failNodeItem");
    QVERIFY(fail);
    QVERIFY(fail->property("text").toString().startsWith(QStringLiteral("Fail node")));
    QMetaObject::invokeMethod(fail, "triggered");
    QCOMPARE(c->failedNodeIds(), QList<int>{node});
    sim->step(1);
    // (The engine rebuilds and checks the routes first: seconds in a sanitizer build.)
    QTRY_VERIFY_WITH_TIMEOUT(sim->currentFrame() && sim->currentFrame()->nodeUp.size() == 512 &&
                                 sim->currentFrame()->nodeUp[static_cast<std::size_t>(node)] == 0,
                             60000);
    QVERIFY2(sim->lastError().isEmpty(), qPrintable(sim->lastError()));
    c->undo();  // repaired in the view and in the engine
    QCOMPARE(c->failedNodeCount(), 0);
    sim->step(1);
    QTRY_VERIFY_WITH_TIMEOUT(sim->currentFrame()->nodeUp[static_cast<std::size_t>(node)] == 1, 60000);
    // "Make it a hot spare target" (T3E paper section 9): the engine marks
    // it, the view says so, the entry turns into "Stop using ...".
    QObject* spare = object("hotSpareItem");
    QVERIFY(spare);
    QVERIFY(spare->property("text").toString().startsWith(QStringLiteral("Make node")));
    QMetaObject::invokeMethod(spare, "triggered");
    QTRY_VERIFY(sim->hotSpareIds().contains(node));
    QVERIFY(object("hotSpareMarkers"));
    QTRY_VERIFY(object("spareStatusLabel")->property("text").toString().contains(QStringLiteral("standing by")));
    QTRY_VERIFY(spare->property("text").toString().startsWith(QStringLiteral("Stop using")));
    QMetaObject::invokeMethod(spare, "triggered");
    QTRY_VERIFY(!sim->hotSpareIds().contains(node));
    if (menu->property("visible").toBool()) QMetaObject::invokeMethod(menu, "close");
    QTRY_VERIFY(!menu->property("visible").toBool());
  }

  void figure17PreviewInTheWindowIsTheEnginesRoute() {
    // T3E manual Figure 17 on its 2x4x2 torus (tests/engine/tst_route_examples.cpp):
    // typed into the panel, the ghost line is the engine's route.
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("figure-17.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "flitscope-scenario", "version": 1, "name": "Figure 17", "seed": 1,
        "topology": {"radix": [2, 4, 2], "wrap": [true, true, true]},
        "router": {"vcCount": 2, "vcClasses": 1, "vcDepthFlits": 4},
        "traffic": {"pattern": "uniform", "rateFlitsPerNodeCycle": 0.0, "packetFlits": 2}})");
    f.close();
    auto* files = object("sidePanel")->property("files").value<ScenarioFiles*>();
    QVERIFY(QCoro::waitFor(files->openFile(f.fileName()))["ok"].toBool());
    QTRY_VERIFY(session_->simulation()->hasSimulation());
    if (!item("tagSection")->property("checked").toBool()) clickItem(item("tagSection"));
    for (const auto& [field, text] : {std::pair{"sourceField", "0,3,0"}, std::pair{"destinationField", "1,1,1"}}) {
      QQuickItem* input = item(field);
      clickItem(input);
      QTRY_VERIFY(input->hasActiveFocus());
      input->setProperty("text", QString());
      for (const char* ch = text; *ch; ++ch) QTest::keyClick(window(), *ch);
      QTest::keyClick(window(), Qt::Key_Return);
    }
    QTRY_VERIFY(editor()->hasPreview() && editor()->delivered());
    QCOMPARE(editor()->tagHex(), QStringLiteral("0x0000000300010101"));  // X+01 Y+01 Z+01, no initial hop

    const flit::Scenario scenario = flit::loadScenarioFile(f.fileName().toStdString());
    const flit::Topology topo = flit::buildTopology(scenario);
    const flit::RoutingSetup setup = flit::buildRoutingSetup(topo, flit::simConfigFromScenario(scenario).routing);
    const flit::PathTrace trace = flit::tracePath(topo, setup, editor()->source(), editor()->destination());
    QList<int> channels;
    for (const flit::PathHop& h : trace.hops)
      if (h.outPort >= 0 && h.outPort < flit::kDirectionCount)
        channels << topo.channelFrom(h.node, static_cast<flit::Direction>(h.outPort));
    QCOMPARE(channels.size(), 4);  // +X, +Y, +Y (wrap, dateline), +Z
    QTRY_COMPARE(object("networkView")->property("ghostChannels").value<QList<int>>(), channels);
    QTRY_VERIFY(object("tagGhost")->property("visible").toBool());
    window()->grabWindow().save(QStringLiteral("side_panel_figure17.png"));
    // Back to the T3E for the next test.
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json")))["ok"].toBool());
    clickItem(item("tagSection"));
    QTRY_VERIFY(session_->simulation()->currentFrame() && session_->simulation()->currentFrame()->adaptiveAvailable);
  }

  void patternComboAndAdaptiveSwitchReachTheEngine() {
    SimulationController* sim = session_->simulation();
    QTRY_COMPARE(sim->trafficPattern(), QStringLiteral("uniform"));
    QTRY_VERIFY(sim->adaptiveAvailable());  // the teaching torus's frame, not one of the scenario before
    QQuickItem* combo = item("patternBox");
    QVERIFY(combo);
    QCOMPARE(combo->property("currentText").toString(), QStringLiteral("uniform"));
    QMetaObject::invokeMethod(combo, "activated", Q_ARG(int, static_cast<int>(sim->trafficPatterns().indexOf("tornado"))));
    sim->step(1);
    QTRY_VERIFY(sim->currentFrame() && sim->currentFrame()->trafficPattern == "tornado");
    QCOMPARE(sim->trafficPattern(), QStringLiteral("tornado"));
    QCOMPARE(combo->property("currentText").toString(), QStringLiteral("tornado"));

    const bool wasAdaptive = sim->adaptive();
    clickItem(item("adaptiveSwitch"));
    sim->step(1);
    QTRY_VERIFY(sim->currentFrame()->adaptive == !wasAdaptive);
    QCOMPARE(sim->adaptive(), !wasAdaptive);
    QVERIFY2(sim->lastError().isEmpty(), qPrintable(sim->lastError()));
  }

  void arbitrationControlsReachTheEngine() {
    SimulationController* sim = session_->simulation();
    // The T3E has an adaptive VC: age is refused, the message names the field, the T3E arbiter stays.
    QTRY_COMPARE(sim->arbiter(), QStringLiteral("t3e"));
    // Folded at first on a machine without the age arbiter (issue 42, item 11): its header opens it.
    QQuickItem* section = item("arbitrationSection");
    QVERIFY(section);
    QVERIFY(!section->property("checked").toBool());
    clickItem(section);
    QTRY_VERIFY(item("arbiterBox"));
    QQuickItem* box = item("arbiterBox");
    QVERIFY(box);
    QCOMPARE(box->property("currentIndex").toInt(), 1);
    QQuickItem* ageButton = item("ageColorButton");
    QVERIFY(ageButton);
    QVERIFY(!ageButton->isEnabled());
    QVERIFY(item("ageSettingsNote")->isVisible());  // the age settings act under age only
    QVERIFY(!item("ageSettings")->isVisible());     // ... and show with it (issue 42, item 11)
    // The list greys the age arbiter (flit::arbiterUnavailableReason): a
    // click on it changes nothing.
    // The arbiters this machine refuses, as the panel's list has them.
    const auto refused = [sim] {
      QStringList names;
      for (const QVariant& c : sim->arbiterChoices())
        if (c.toMap()[QStringLiteral("refused")].toBool()) names << c.toMap()[QStringLiteral("name")].toString();
      return names;
    };
    QCOMPARE(refused(), QStringList{QStringLiteral("age")});
    auto* popup = box->property("popup").value<QObject*>();
    clickItem(box);
    QTRY_VERIFY(popup->property("opened").toBool());
    QQuickItem* ageItem = nullptr;
    QTRY_VERIFY((ageItem = visualItem(window()->contentItem(), QStringLiteral("arbiterItem_age"))) != nullptr &&
                ageItem->isVisible());
    QVERIFY(!ageItem->isEnabled());
    QVERIFY(visualItem(window()->contentItem(), QStringLiteral("arbiterItem_roundRobin"))->isEnabled());
    // The list is the engine's table with the window's words (arbiter_labels.h).
    const QVariantList choices = sim->arbiterChoices();
    QCOMPARE(choices.size(), static_cast<qsizetype>(std::size(flit::kArbiters)));
    for (const QVariant& c : choices) {
      const QVariantMap m = c.toMap();
      QQuickItem* entry = visualItem(window()->contentItem(), QStringLiteral("arbiterItem_") + m[QStringLiteral("name")].toString());
      QVERIFY(entry);
      QCOMPARE(entry->property("text").toString(), m[QStringLiteral("text")].toString());
      QCOMPARE(m[QStringLiteral("refused")].toBool(), m[QStringLiteral("name")] == QStringLiteral("age"));
      QCOMPARE(m[QStringLiteral("why")].toString().isEmpty(), !m[QStringLiteral("refused")].toBool());
    }
    // A real click on it (clickItem wants an enabled target).
    QTest::mouseClick(window(), Qt::LeftButton, {}, ageItem->mapToScene(QPointF(ageItem->width() / 2, ageItem->height() / 2)).toPoint());
    QTest::qWait(200);
    QCOMPARE(sim->arbiter(), QStringLiteral("t3e"));
    QTest::keyClick(window(), Qt::Key_Escape);
    QTRY_VERIFY(!popup->property("visible").toBool());
    // Asked for all the same (a saved scenario, the CLI), the engine refuses it naming the field.
    QMetaObject::invokeMethod(box, "activated", Q_ARG(int, 2));  // age
    sim->step(1);
    QQuickItem* error = item("arbitrationErrorLabel");
    QVERIFY(error);
    QTRY_VERIFY(error->isVisible());
    QVERIFY2(error->property("text").toString().contains(QStringLiteral("router.arbiter")),
             qPrintable(error->property("text").toString()));
    QTRY_COMPARE(sim->arbiter(), QStringLiteral("t3e"));
    QTRY_COMPARE(box->property("currentIndex").toInt(), 1);

    // The XT merging line: round robin, then age with a request bias of 3 on X.
    auto* files = object("sidePanel")->property("files").value<ScenarioFiles*>();
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/xt-merging-8.json")))["ok"].toBool());
    QTRY_VERIFY(sim->currentFrame() && sim->currentFrame()->arbiter == flit::ArbiterKind::Age);
    QTRY_VERIFY(item("arbiterBox") && item("arbiterBox")->property("currentIndex").toInt() == 2);
    QTRY_VERIFY(refused().isEmpty());  // no adaptive VC: every arbiter offered
    box = item("arbiterBox");
    QTRY_VERIFY(item("ageColorButton")->isEnabled());
    QMetaObject::invokeMethod(box, "activated", Q_ARG(int, 0));  // round robin
    sim->step(1);
    QTRY_VERIFY(sim->frameSawEveryCommand() && sim->currentFrame()->arbiter == flit::ArbiterKind::RoundRobin);
    QCOMPARE(box->property("currentIndex").toInt(), 0);
    QTRY_VERIFY(!item("ageColorButton")->isEnabled());
    QMetaObject::invokeMethod(box, "activated", Q_ARG(int, 2));  // age again
    QQuickItem* bias = visualItem(window()->contentItem(), QStringLiteral("requestBiasSpin0"));
    QVERIFY(bias);
    QVERIFY(!visualItem(window()->contentItem(), QStringLiteral("requestBiasSpin1")));  // a line has one dimension
    bias->setProperty("value", 3);
    QVERIFY(QMetaObject::invokeMethod(bias, "valueModified"));  // as the arrows or typing would
    sim->step(1);
    QTRY_VERIFY(sim->frameSawEveryCommand() && sim->currentFrame()->arbiter == flit::ArbiterKind::Age);
    QCOMPARE(int(sim->currentFrame()->age.requestBias[0]), 3);
    QCOMPARE(int(sim->currentFrame()->age.requestBias[3]), 3);
    QCOMPARE(sim->ageRequestBias().front(), 3);
    QVERIFY(!item("arbitrationErrorLabel")->isVisible());
    QVERIFY(!item("ageSettingsNote")->isVisible());
    QVERIFY(item("ageSettings")->isVisible());
    // Back to the T3E for tests that may follow.
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json")))["ok"].toBool());
  }

  // The T3E's description is 17 lines at this width: it shows four and a
  // More button that unfolds it, and Less folds it again.
  void descriptionShowsItsFirstLinesUntilMore() {
    QQuickItem* text = item("scenarioDescription");
    QQuickItem* more = item("descriptionMoreButton");
    QVERIFY(text && more);
    QTRY_VERIFY(text->property("truncated").toBool());
    QCOMPARE(text->property("lineCount").toInt(), 4);
    QVERIFY(more->isVisible());
    clickItem(more);
    QTRY_VERIFY(text->property("lineCount").toInt() > 8);
    QVERIFY(!text->property("truncated").toBool());
    QVERIFY(more->isVisible());  // now Less
    clickItem(more);
    QTRY_COMPARE(text->property("lineCount").toInt(), 4);
  }

  // A folded section opened below the panel's fold is scrolled into view:
  // the Synchronization section's header and its Barrier button.
  void openedSectionIsScrolledIntoView() {
    QObject* panel = object("sidePanel");
    QQuickItem* scroll = item("sidePanelScroll");
    QVERIFY(panel && scroll);
    auto* flick = scroll->property("contentItem").value<QQuickItem*>();
    QVERIFY(flick);
    panel->setProperty("synchronizationOpen", false);
    panel->setProperty("arbitrationOpen", true);
    flick->setProperty("contentY", 0.0);
    QQuickItem* header = item("syncSection");
    QVERIFY(header);
    const auto inView = [&](QQuickItem* it) {
      const double y = it->mapToItem(scroll, QPointF(0, 0)).y();
      return it->isVisible() && y >= 0 && y + it->height() <= scroll->height();
    };
    // Open from code, as a start flag or a menu would: the panel scrolls.
    panel->setProperty("synchronizationOpen", true);
    QTRY_VERIFY(flick->property("contentY").toDouble() > 0);
    QTRY_VERIFY(inView(header));
    QQuickItem* barrier = visualItem(window()->contentItem(), QStringLiteral("syncBarrierButton"));
    QVERIFY(barrier);
    QTRY_VERIFY(inView(barrier));
    panel->setProperty("synchronizationOpen", false);
  }

  // Synchronization > Eureka from node (T3E Figure 6: OP_EUR, S_BAR ->
  // S_EUR): a click on a node selects it, the button names it, and a click
  // on the button makes that node alone signal a eureka, which the engine
  // records (once); the others then join the barrier that ends it.
  void eurekaFromTheClickedNode() {
    QObject* panel = object("sidePanel");
    auto* files = panel->property("files").value<ScenarioFiles*>();
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/teaching-4x4x4.json")))["ok"].toBool());
    SimulationController* sim = session_->simulation();
    panel->setProperty("arbitrationOpen", false);
    panel->setProperty("synchronizationOpen", true);
    QTest::qWait(600);  // the panel's reveal of the opened section, done
    const int node = clickableNode(0);
    QVERIFY(node >= 0);
    clickNode(node);
    QTRY_COMPARE(session_->controller()->selectedNode(), node);
    QQuickItem* button = visualItem(window()->contentItem(), QStringLiteral("syncEurekaFromButton"));
    QVERIFY(button);
    const QString coords = session_->controller()->nodeLabel(node, ViewSettings::CoordinateLabels, -1);
    QTRY_COMPARE(button->property("text").toString(), QStringLiteral("Eureka from node %1").arg(coords));
    QTRY_VERIFY(button->isEnabled());
    // Scrolled into view, as a person scrolls the panel to the button.
    QQuickItem* scroll = item("sidePanelScroll");
    auto* flick = scroll->property("contentItem").value<QQuickItem*>();
    const auto top = [&] { return button->mapToItem(scroll, QPointF(0, 0)).y(); };
    const auto inView = [&] { return top() >= 0 && top() + button->height() <= scroll->height(); };
    for (int tries = 0; tries < 5 && !inView(); ++tries) {
      flick->setProperty("contentY", std::max(0.0, flick->property("contentY").toDouble() + top() - scroll->height() / 2));
      QTest::qWait(100);
    }
    QVERIFY(inView());
    clickItem(button);
    sim->step(1);
    const auto eurekaMarks = [&] {
      int n = 0;
      if (sim->currentFrame() && sim->currentFrame()->timeline)
        for (const flit::TimelineMark& m : *sim->currentFrame()->timeline)
          n += m.text.find(" eureka ") != std::string::npos;
      return n;
    };
    QTRY_COMPARE(eurekaMarks(), 1);
    QVERIFY2(sim->lastError().isEmpty(), qPrintable(sim->lastError()));
    QTRY_VERIFY(!button->isEnabled());  // a eureka under way: no second one
    panel->setProperty("synchronizationOpen", false);
  }

  // The XT's Arbitration section opens by itself at the first frame (the
  // panel's own choice, not the person's): the panel stays at its top, with
  // the scenario's name and description in view (it used to scroll to the
  // section and cut the title off).
  void anArbitrationOpenedByThePanelKeepsTheTitleInView() {
    QObject* panel = object("sidePanel");
    QQuickItem* scroll = item("sidePanelScroll");
    auto* flick = scroll->property("contentItem").value<QQuickItem*>();
    auto* files = panel->property("files").value<ScenarioFiles*>();
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json")))["ok"].toBool());
    panel->setProperty("arbitrationOpen", false);  // as an earlier test may have left it
    const QSize size = window()->size();
    window()->resize(1280, 720);  // a projector's height: the opened section ends below the fold
    flick->setProperty("contentY", 0.0);
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/xt-11x12x16.json")))["ok"].toBool());
    QTRY_VERIFY(panel->property("arbitrationOpen").toBool());
    QTest::qWait(500);  // the reveal timer's four runs, had it started
    QQuickItem* loader = visualItem(window()->contentItem(), QStringLiteral("ageSettings"));
    QVERIFY(loader && loader->isVisible());
    QVERIFY2(loader->mapToItem(scroll, QPointF(0, loader->height())).y() + flick->property("contentY").toDouble() >
                 scroll->height(),
             "the section fits: this test would not see a scroll");
    QCOMPARE(flick->property("contentY").toDouble(), 0.0);
    QQuickItem* description = item("scenarioDescription");
    QVERIFY(description && description->mapToItem(scroll, QPointF(0, 0)).y() >= 0);
    // A person's click on the header still scrolls it into view.
    clickItem(item("arbitrationSection"));  // folds
    QTRY_VERIFY(!panel->property("arbitrationOpen").toBool());
    window()->resize(size);
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json")))["ok"].toBool());
  }

  // Issue 38: on a dimension-order machine, a node failed with a right-click
  // leaves pairs no route of the turn rules gets round; they go in two legs
  // through a relay node, and the side panel's Last change says so, with
  // every pair still reachable (docs/fault-tolerance.md "Two legs through a
  // relay node": 833 pairs around (7,7,7) of the generic 8x8x8).
  void aFailedNodeOnADimensionOrderMachineIsRoutedInTwoLegs() {
    auto* files = object("sidePanel")->property("files").value<ScenarioFiles*>();
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/generic-8x8x8.json")))["ok"].toBool());
    NetworkController* c = session_->controller();
    SimulationController* sim = session_->simulation();
    const int node = c->topology()->nodeAt(flit::Coord{{7, 7, 7}});
    QVariant screen;
    QVERIFY(QMetaObject::invokeMethod(session_->rootObject(), "screenPositionOf", Q_RETURN_ARG(QVariant, screen),
                                      Q_ARG(QVariant, QVariant::fromValue(c->nodePosition(node)))));
    QVariant hit;
    QMetaObject::invokeMethod(session_->rootObject(), "nodeAt", Q_RETURN_ARG(QVariant, hit),
                              Q_ARG(QVariant, screen.toPointF().x()), Q_ARG(QVariant, screen.toPointF().y()));
    QCOMPARE(hit.toInt(), node);  // the corner is in front at the default camera
    QTest::mouseClick(window(), Qt::RightButton, {}, screen.toPointF().toPoint());
    QObject* menu = object("nodeMenu");
    QTRY_VERIFY(menu->property("visible").toBool());
    QCOMPARE(menu->property("node").toInt(), node);
    clickItem(item("failNodeItem"));  // the menu entry, as a person picks it
    sim->step(1);
    QQuickItem* routes = item("outcomeRoutes");
    QVERIFY(routes);
    QTRY_VERIFY_WITH_TIMEOUT(routes->property("text").toString().contains(QStringLiteral("833 pairs no such route reaches go in two legs")), 60000);
    QVERIFY(routes->isVisible());
    QTRY_VERIFY(item("outcomeUnreachable")->property("text").toString().contains(QStringLiteral("can still reach each other")));
    c->undo();
    sim->step(1);
    QTRY_VERIFY_WITH_TIMEOUT(sim->currentFrame()->nodeUp[static_cast<std::size_t>(node)] == 1, 60000);
    QVERIFY(QCoro::waitFor(files->openFile(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json")))["ok"].toBool());
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestSidePanelWindow test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_side_panel_window.moc"
