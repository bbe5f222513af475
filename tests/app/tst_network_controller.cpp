// NetworkController without a window: loading (bundled presets, bad files
// with the engine's field-naming error, nothing half-loaded), link break and
// repair through the undo stack, hover/click by ray, descriptions matching
// Topology::describeNode/describeLink, and the German translation.
#include "test_main.h"
#include "fake_simulation_source.h"
#include "network_controller.h"
#include "simulation_controller.h"

#include "fattree/fat_tree_description.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include <utility>
#include <vector>

using namespace flit;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  QFile f(dir.filePath(name));
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(text);
  return f.fileName();
}

Coord xyz(int x, int y, int z) { return Coord{{x, y, z}}; }

}  // namespace

class TstNetworkController : public QObject {
  Q_OBJECT
 private slots:
  void defaultPresetLoads();
  void everyBundledPresetLoads();
  void badFileKeepsCurrentScenarioAndNamesField_data();
  void badFileKeepsCurrentScenarioAndNamesField();
  void failedLinksFromScenario();
  void breakRepairUndoRedo();
  void clickRayTogglesLinkAndHoverDescribes();
  void engineOwnsTheState();
  void descriptionsMatchEngine();
  void germanTranslation();
  void fatTreeIsDrawnThroughTheSameGraph();
  void bigFatTreesShowTheirUnitTreesCollapsed();
  void eachFamilySaysWhatItOffers();
  void everyFamilyNameQmlReadsExists();
};

void TstNetworkController::defaultPresetLoads() {
  NetworkController c;
  QSignalSpy changed(&c, &NetworkController::scenarioChanged);
  QVERIFY2(c.loadScenario(NetworkController::defaultScenarioPath()), qPrintable(c.errorString()));
  QCOMPARE(changed.count(), 1);
  QCOMPARE(c.scenarioName(), QStringLiteral("Teaching torus 4x4x4"));
  QCOMPARE(c.nodeCount(), 64);
  QCOMPARE(c.linkCount(), 192);
  QCOMPARE(c.wrapLinkCount(), 48);
  QCOMPARE(c.topologyText(), QStringLiteral("4x4x4 torus"));
  QVERIFY(c.sceneRadius() > 0.0f);
}

void TstNetworkController::everyBundledPresetLoads() {
  NetworkController c;
  const QStringList presets = c.presetFiles();
  QVERIFY(presets.size() >= 5);
  const QStringList names = c.presetNames();
  QCOMPARE(names.size(), presets.size());
  for (qsizetype i = 0; i < presets.size(); ++i) {
    QVERIFY2(c.loadScenario(presets[i]), qPrintable(c.errorString()));
    // The chooser shows the scenario's name, not its file name.
    QCOMPARE(names[i], c.scenarioName());
    QVERIFY2(!names[i].endsWith(QStringLiteral(".json")), qPrintable(names[i]));
  }
  QVERIFY(names.contains(QStringLiteral("Teaching torus 4x4x4")));
  QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-8x32x8.json")));
  QCOMPARE(c.nodeCount(), 2048);
  QCOMPARE(c.linkCount(), 6144);
  QVERIFY(c.loadScenario(QUrl::fromLocalFile(QStringLiteral(FLITSCOPE_PRESETS_DIR "/xt-11x12x16-mesh-x.json")).toString()));
  QCOMPARE(c.topologyText(), QStringLiteral("11x12x16 torus, mesh in X"));
}

void TstNetworkController::badFileKeepsCurrentScenarioAndNamesField_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("expected");
  const QByteArray head = R"({"format": "flitscope-scenario", "version": 1, "name": "x", "seed": 1, )";
  QTest::newRow("radix 0") << head + R"("topology": {"radix": [4, 0, 4]}})"
                           << "scenario.topology.radix[1]: must be 2..64, got 0";
  QTest::newRow("unknown key") << head + R"("topology": {"radix": [4, 4], "colour": 1}})"
                               << "scenario.topology.colour";
  QTest::newRow("bad failed link") << head + R"("topology": {"radix": [4, 4]}, "faults": {"failedLinks": ["9,0:+X"]}})"
                                   << "scenario.faults.failedLinks[0]";
  QTest::newRow("truncated") << head << "not valid JSON";
}

void TstNetworkController::badFileKeepsCurrentScenarioAndNamesField() {
  QFETCH(QByteArray, text);
  QFETCH(QString, expected);
  QTemporaryDir dir;
  NetworkController c;
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  QSignalSpy changed(&c, &NetworkController::scenarioChanged);
  QVERIFY(!c.loadScenario(writeFile(dir, QStringLiteral("bad.json"), text)));
  QVERIFY2(c.errorString().contains(expected), qPrintable(c.errorString()));
  QVERIFY(c.errorString().startsWith(QStringLiteral("bad.json: ")));
  QCOMPARE(changed.count(), 0);
  QCOMPARE(c.nodeCount(), 64);  // the previous scenario stays
  QVERIFY(!c.loadScenario(dir.filePath(QStringLiteral("missing.json"))));
  QVERIFY(!c.errorString().isEmpty());
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  QVERIFY(c.errorString().isEmpty());
}

void TstNetworkController::failedLinksFromScenario() {
  NetworkController c;
  QVERIFY2(c.loadScenario(QStringLiteral(FLITSCOPE_SOURCE_DIR "/tests/render/data/teaching-faults.json")),
           qPrintable(c.errorString()));
  QCOMPARE(c.failedLinkCount(), 3);
  const Topology& t = *c.topology();
  const QList<int> expected{t.linkFrom(t.nodeAt(xyz(1, 1, 3)), Direction::PlusX),
                            t.linkFrom(t.nodeAt(xyz(2, 3, 2)), Direction::PlusY),
                            t.linkFrom(t.nodeAt(xyz(0, 2, 2)), Direction::PlusZ)};
  QList<int> ids = c.failedLinkIds();
  QList<int> sortedExpected = expected;
  std::sort(sortedExpected.begin(), sortedExpected.end());
  QCOMPARE(ids, sortedExpected);
  QCOMPARE(c.describeLink(expected[1]), QStringLiteral("link (2,3,2) +Y -> (2,0,2) (wrap) [failed]"));
  QCOMPARE(c.describeLinkEnds(expected[1]), QStringLiteral("link (2,3,2) +Y -> (2,0,2) (wrap)"));
  QVERIFY(!c.canUndo());  // scenario faults are not user edits
}

void TstNetworkController::breakRepairUndoRedo() {
  NetworkController c;
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  QSignalSpy states(&c, &NetworkController::linkStatesChanged);
  QSignalSpy undoState(&c, &NetworkController::undoStateChanged);
  const int link = 5;
  c.toggleLink(link);
  QVERIFY(!c.linkUp(link));
  QVERIFY(c.topology()->linkUp(link));  // the structure is no second copy of the state
  QCOMPARE(c.failedLinkIds(), QList<int>{link});
  QCOMPARE(states.count(), 1);
  QVERIFY(undoState.count() >= 1);
  QVERIFY(c.canUndo());
  QVERIFY(c.undoText().startsWith(QStringLiteral("break link ")));
  c.setLinkUp(link, false);  // already down: no new undo entry
  QCOMPARE(c.undoStack()->count(), 1);
  c.toggleLink(link);  // repair
  QVERIFY(c.linkUp(link));
  QCOMPARE(c.undoStack()->count(), 2);
  c.undo();
  QVERIFY(!c.linkUp(link));
  c.undo();
  QVERIFY(c.linkUp(link));
  QVERIFY(!c.canUndo());
  QVERIFY(c.canRedo());
  c.redo();
  QVERIFY(!c.linkUp(link));
  QCOMPARE(c.failedLinkCount(), 1);
  // Loading a scenario clears the history.
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  QVERIFY(!c.canUndo() && !c.canRedo());
  QCOMPARE(c.failedLinkCount(), 0);
}

void TstNetworkController::clickRayTogglesLinkAndHoverDescribes() {
  NetworkController c;
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  const Topology& t = *c.topology();
  const LinkId link = t.linkFrom(t.nodeAt(xyz(2, 0, 3)), Direction::PlusY);
  const QVector3D mid = c.linkAnchor(link);
  const QVector3D eye = mid + QVector3D(0, 0, 150);
  QSignalSpy hover(&c, &NetworkController::hoverChanged);
  c.hoverRay(eye, mid);
  QCOMPARE(c.hoveredLink(), link);
  QCOMPARE(c.hoveredNode(), -1);
  QCOMPARE(c.hoverText(), QStringLiteral("link (2,0,3) +Y -> (2,1,3)"));
  // Issue 42: a click breaks a link only in break mode; outside it the click
  // changes nothing and says so, and hover says what a click would do.
  QVERIFY(!c.breakMode());
  QVERIFY(c.hoverAction().startsWith(QStringLiteral("B breaks it")));
  QSignalSpy ignored(&c, &NetworkController::linkClickIgnored);
  QCOMPARE(c.clickRay(eye, mid), -1);
  QVERIFY(c.linkUp(link));
  QCOMPARE(ignored.count(), 1);
  QCOMPARE(ignored.first().first().toInt(), link);
  QVERIFY(!c.canUndo());
  c.setBreakMode(true);
  QCOMPARE(c.hoverAction(), QStringLiteral("click breaks it"));
  QCOMPARE(c.clickRay(eye, mid), link);
  QVERIFY(!c.linkUp(link));
  QCOMPARE(c.hoverText(), QStringLiteral("link (2,0,3) +Y -> (2,1,3) [failed]"));
  QCOMPARE(c.hoverAction(), QStringLiteral("click repairs it"));
  QCOMPARE(c.clickRay(eye, mid), link);
  QVERIFY(c.linkUp(link));
  QCOMPARE(ignored.count(), 1);
  // A node: hover shows coordinates and the physical PE number (T3E manual, Figure 11).
  const NodeId node = t.nodeAt(xyz(0, 3, 3));
  // Off the Z axis: the node's Z wrap stub points at the camera.
  const QVector3D p = c.nodePosition(node) + QVector3D(1.0f, 1.0f, 0);
  c.hoverRay(p + QVector3D(0, 0, 150), p);
  QCOMPARE(c.hoveredNode(), node);
  QCOMPARE(c.hoverText(), QStringLiteral("node (0,3,3) PE 030300"));
  QVERIFY(c.hoverAction().startsWith(QStringLiteral("click selects it")));
  QCOMPARE(c.clickRay(p + QVector3D(0, 0, 150), p), -1);  // clicking a node changes nothing
  QCOMPARE(c.failedLinkCount(), 0);
  c.clearHover();
  QCOMPARE(c.hoverText(), QString());
  QCOMPARE(c.hoverAction(), QString());
  QVERIFY(hover.count() >= 4);
  // A new network starts with break mode off.
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  QVERIFY(!c.breakMode());
}

void TstNetworkController::descriptionsMatchEngine() {
  NetworkController c;
  QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/xt-11x12x16.json")));
  const Topology& t = *c.topology();
  for (NodeId n : {0, 17, t.nodeCount() - 1}) QCOMPARE(c.describeNode(n), QString::fromStdString(t.describeNode(n)));
  for (LinkId l = 0; l < t.linkCount(); l += 97) {
    QCOMPARE(c.describeLink(l), QString::fromStdString(t.describeLink(l)));
  }
  c.toggleLink(3);
  Topology failed = t;
  failed.setLinkUp(3, false);
  QCOMPARE(c.describeLink(3), QString::fromStdString(failed.describeLink(3)));
}

// One source of truth (issue 16): with a simulation set, a click, an undo
// and a redo apply the change there; what is shown is the engine's word.
void TstNetworkController::engineOwnsTheState() {
  NetworkController c;
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  auto probe = std::make_shared<fake::Probe>();
  flitgui::SimulationController sim;
  sim.setSource(std::make_unique<fake::FakeSimulationSource>(probe));
  c.setSimulation(&sim);
  QSignalSpy links(&c, &NetworkController::linkStatesChanged);
  QSignalSpy nodes(&c, &NetworkController::nodeStatesChanged);
  const auto applied = [&probe] {
    QStringList out;
    for (const auto& a : probe->appliedCopy()) out << QString::fromStdString(a.what) + ' ' + QString::number(a.argument);
    return out.join(',');
  };
  c.toggleLink(5);
  QVERIFY(!c.linkUp(5));  // shown at once
  c.undo();               // the opposite change
  c.redo();
  c.setNodeUp(7, false);
  QTRY_COMPARE(applied(), QStringLiteral("fail 5,repair 5,fail 5,failNode 7"));
  QTRY_VERIFY(sim.frameSawEveryCommand());
  QVERIFY(!c.linkUp(5));  // the engine's frame says so too
  c.setSimulation(nullptr);  // from here the frames are the test's

  // The engine's frame: link 5 failed as asked, and link 9 and node 3 failed
  // by the engine itself (its timeline): shown, with no undo entry.
  std::vector<std::uint8_t> linkUp(static_cast<std::size_t>(c.linkCount()), 1), nodeUp(static_cast<std::size_t>(c.nodeCount()), 1);
  linkUp[5] = 0;
  linkUp[9] = 0;
  nodeUp[7] = 0;
  nodeUp[3] = 0;
  links.clear();
  nodes.clear();
  const int undoEntries = c.undoStack()->count();
  c.showEngineState(linkUp, nodeUp);
  QCOMPARE(c.failedLinkIds(), (QList<int>{5, 9}));
  QCOMPARE(c.failedNodeIds(), (QList<int>{3, 7}));
  QCOMPARE(links.count(), 1);
  QCOMPARE(nodes.count(), 1);
  QCOMPARE(c.undoStack()->count(), undoEntries);
  c.showEngineState(linkUp, nodeUp);  // the same state again: no signal
  QCOMPARE(links.count(), 1);
  QCOMPARE(nodes.count(), 1);
  c.showEngineState({1, 1}, {0});  // another scenario's frame: ignored
  QCOMPARE(c.failedLinkIds(), (QList<int>{5, 9}));
  QCOMPARE(probe->appliedCopy().size(), std::size_t{4});  // showing posts nothing back
}

void TstNetworkController::germanTranslation() {
  QTranslator translator;
  QVERIFY(translator.load(QLocale(QLocale::German), QStringLiteral("flitscope"), QStringLiteral("_"),
                          QStringLiteral(":/i18n")));
  QCoreApplication::installTranslator(&translator);
  NetworkController c;
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  QCOMPARE(c.describeNode(0), QStringLiteral("Knoten (0,0,0) PE 000000"));
  QCOMPARE(c.topologyText(), QStringLiteral("4x4x4-Torus"));
  QCoreApplication::removeTranslator(&translator);
  QCOMPARE(c.describeNode(0), QStringLiteral("node (0,0,0) PE 000000"));
}

// A Transit fat-tree scenario (issue 19; DeHon, seed 004) opens in the same
// controller: its routers and endpoints are the view's nodes, its channels
// the links (the family-neutral graph), named for the status bar; a click
// fails a channel (undoable) and a torus afterwards is a torus again.
void TstNetworkController::fatTreeIsDrawnThroughTheSameGraph() {
  NetworkController c;
  QVERIFY2(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-64.json")), qPrintable(c.errorString()));
  QVERIFY(c.loaded() && c.fatTree());
  QVERIFY(!c.scenario() && !c.topology());
  const flit::fattree::FatTreeNetwork* net = c.fatTreeNetwork();
  QVERIFY(net);
  QCOMPARE(c.nodeCount(), 52 + 64);  // one UT64x2 (Table 1: 16 + 16 + 12 + 8 RN1s) and its 64 endpoints
  QCOMPARE(static_cast<std::uint64_t>(c.linkCount()), flit::fattree::describeFatTree(*net).channels);
  QCOMPARE(c.layout().nodeCount(), c.nodeCount());
  QCOMPARE(c.wrapLinkCount(), 0);
  QCOMPARE(c.topologyText(), QStringLiteral("fat-tree, 64 endpoints (1 UT64x2), 52 RN1 routers"));
  QCOMPARE(c.describeNode(0), QStringLiteral("RN1 0 (UT64x2 0 of stage 0, layer 0)"));
  QCOMPARE(c.describeNode(52), QStringLiteral("endpoint 0"));
  const flit::GraphLink& first = c.graph().links.front();
  QCOMPARE(c.describeLinkEnds(0), QStringLiteral("channel %1: RN1 %2 -> RN1 %3").arg(first.familyId).arg(first.a).arg(first.b));
  c.toggleLink(0);
  QCOMPARE(c.failedLinkIds(), QList<int>{0});
  QVERIFY(c.describeLink(0).endsWith(QStringLiteral(" [failed]")));
  c.setNodeUp(3, false);
  QCOMPARE(c.failedNodeIds(), QList<int>{3});
  c.undo();
  c.undo();
  QCOMPARE(c.failedLinkCount(), 0);
  QCOMPARE(c.failedNodeCount(), 0);
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  QVERIFY(!c.fatTree() && c.topology());
  QCOMPARE(c.nodeCount(), 64);
  QCOMPARE(c.linkCount(), 192);
}

// The 4K tree (4160 RN1s) opens with its 68 unit trees collapsed, each one
// sphere that covers its RN1s (issue 19: "unit trees as blocks that can be
// expanded into their routers"): only the sphere is drawn and picked, the
// channels inside shrink to its centre; a click expands it, the menu
// collapses it again, and failing a whole unit tree is one undo step.
void TstNetworkController::bigFatTreesShowTheirUnitTreesCollapsed() {
  NetworkController c;
  QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-64.json")));
  QCOMPARE(c.collapsedBlockCount(), 0);  // 52 RN1s: every one drawn
  QCOMPARE(c.drawnNodeCount(), c.nodeCount());
  QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-4k.json")));
  const flit::fattree::FatTreeNetwork& net = *c.fatTreeNetwork();
  QCOMPARE(c.blockCount(), 68);
  QCOMPARE(c.collapsedBlockCount(), 68);
  QCOMPARE(c.drawnNodeCount(), 68 + 4096);
  const flit::fattree::Block& leaf = net.blocks[5];
  const int first = static_cast<int>(leaf.firstRouter), second = first + 1;
  QVERIFY(c.blockCollapsed(second));
  QCOMPARE(c.blockOf(second), 5);
  QCOMPARE(c.layout().nodePosition(second), c.layout().nodePosition(first));
  QCOMPARE(c.layout().nodeRadius(second), 0.0f);
  const float radius = c.layout().nodeRadius(first);
  QVERIFY(radius > SceneLayout::kNodeRadius * 2);
  QVERIFY(c.describeNode(first).contains(QStringLiteral("collapsed")));
  // A channel inside the unit tree is a point at its centre.
  int inside = -1;
  for (int l = 0; l < c.linkCount() && inside < 0; ++l) {
    const flit::GraphLink& g = c.graph().links[static_cast<std::size_t>(l)];
    if (c.blockOf(static_cast<int>(g.a)) == 5 && c.blockOf(static_cast<int>(g.b)) == 5) inside = l;
  }
  QVERIFY(inside >= 0);
  const SceneSegment piece = c.layout().linkPieces(inside).front();
  QCOMPARE(piece.a, piece.b);
  // Picked from straight above: the sphere, not the routers or channels inside.
  const QVector3D centre = c.layout().nodePosition(first);
  QCOMPARE(c.pickNode(centre + QVector3D(0, 500, 0), centre), first);
  QCOMPARE(c.pickLink(centre + QVector3D(0, 500, 0), centre), -1);
  QSignalSpy relaid(&c, &NetworkController::layoutChanged);
  c.clickNode(first);  // expands it: nothing is selected
  QCOMPARE(relaid.count(), 1);
  QCOMPARE(c.selectedNode(), -1);
  QCOMPARE(c.collapsedBlockCount(), 67);
  QCOMPARE(c.drawnNodeCount(), 68 + 4096 + static_cast<int>(leaf.routerCount) - 1);
  QVERIFY(c.layout().nodePosition(second) != c.layout().nodePosition(first));
  QCOMPARE(c.layout().nodeRadius(second), SceneLayout::kNodeRadius);
  c.clickNode(second);  // now an RN1 like any other
  QCOMPARE(c.selectedNode(), second);
  c.setBlockCollapsed(second, true);
  QCOMPARE(c.collapsedBlockCount(), 68);
  c.setAllBlocksCollapsed(false);
  QCOMPARE(c.collapsedBlockCount(), 0);
  QCOMPARE(c.drawnNodeCount(), c.nodeCount());
  // A whole unit tree fails in one step, and comes back in one.
  c.setBlockUp(second, false);
  QCOMPARE(c.failedNodeCount(), static_cast<int>(leaf.routerCount));
  c.undo();
  QCOMPARE(c.failedNodeCount(), 0);
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  QCOMPARE(c.blockOf(0), -1);
  QCOMPARE(c.collapsedBlockCount(), 0);
  QCOMPARE(c.drawnNodeCount(), 64);
}

FLITSCOPE_TEST_GUILESS_MAIN(TstNetworkController)
// The family object (issue 37): QML binds to it and never asks which family a
// scenario is. Each family offers its own tools and names its own elements;
// a new scenario brings a new object.
void TstNetworkController::eachFamilySaysWhatItOffers() {
  NetworkController c;
  QVERIFY(c.family());
  QVERIFY(!c.family()->offers().value(QStringLiteral("slice")).toBool());  // nothing before a scenario
  QSignalSpy changed(&c, &NetworkController::scenarioChanged);
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));  // 4x4x4 torus
  QCOMPARE(changed.count(), 1);
  const flitgui::FamilyView* torus = c.family();
  QVERIFY(torus->offers().value(QStringLiteral("slice")).toBool());
  QVERIFY(torus->offers().value(QStringLiteral("tagEditor")).toBool());
  QVERIFY(!torus->offers().value(QStringLiteral("map")).toBool());
  QVERIFY(!torus->offers().value(QStringLiteral("circuits")).toBool());
  QVERIFY(torus->offers().value(QStringLiteral("engineThreads")).toBool());  // a parallel cycle
  QCOMPARE(torus->text().value(QStringLiteral("linksHeading")).toString(), QStringLiteral("Links"));
  QCOMPARE(torus->text().value(QStringLiteral("linkCount")).toString(), QStringLiteral("192 (48 wrap-around)"));
  QCOMPARE(torus->rateLabel(0.25), QStringLiteral("0.25 flits/node/cycle"));
  QCOMPARE(torus->failedNodes(3, 1), QStringLiteral("3"));  // a torus has no blocks
  QCOMPARE(torus->networkCounts(64, 192, 2), QStringLiteral("64 nodes, 192 links, 2 failed"));
  // A node, the X, Y and Z links, the wrap stubs, the hot spare.
  QCOMPARE(torus->legendRows().size(), 6);
  QCOMPARE(torus->initialYaw(), 35.0);

  QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/trc-figure1-ring4.json")));  // a 1D ring
  QCOMPARE(c.family()->legendRows().size(), 4);  // node, X link, wrap, hot spare
  QCOMPARE(c.family()->text().value(QStringLiteral("linkColours")).toString(), QStringLiteral("X: blue  wrap: violet stubs"));
  QCOMPARE(c.family()->initialYaw(), 0.0);

  QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-64.json")));
  const flitgui::FamilyView* tree = c.family();
  QVERIFY(tree->offers().value(QStringLiteral("map")).toBool());
  QVERIFY(tree->offers().value(QStringLiteral("circuits")).toBool());
  QVERIFY(!tree->offers().value(QStringLiteral("slice")).toBool());
  QVERIFY(!tree->offers().value(QStringLiteral("adaptiveRouting")).toBool());
  QVERIFY(!tree->offers().value(QStringLiteral("engineThreads")).toBool());  // the circuit simulator runs on one
  QCOMPARE(tree->text().value(QStringLiteral("linksHeading")).toString(), QStringLiteral("Channels"));
  QCOMPARE(tree->text().value(QStringLiteral("linkCount")).toString(), QString::number(c.linkCount()));
  QCOMPARE(tree->failedNodes(24, 2), QStringLiteral("24 (2 whole unit trees)"));
  QCOMPARE(tree->failedNodes(3, 0), QStringLiteral("3"));
  QCOMPARE(tree->rateLabel(1), QStringLiteral("1.00 messages/idle endpoint/cycle"));
  QCOMPARE(tree->legendRows().at(1).toMap().value(QStringLiteral("whileCollapsed")).toBool(), true);

  // Every tool is offered by some family: no flag is dead.
  NetworkController other;
  QVERIFY(other.loadScenario(NetworkController::defaultScenarioPath()));
  const QVariantMap torusOffers = other.family()->offers();
  const QVariantMap treeOffers = tree->offers();
  for (auto it = torusOffers.cbegin(); it != torusOffers.cend(); ++it)
    QVERIFY2(it.value().toBool() || treeOffers.value(it.key()).toBool(), qPrintable(it.key()));
}

// A QML file reads the family's offers and words by name (family.offers.X,
// family.text.X): a misspelt name would be undefined, a control silently
// hidden. Every name read must be one the family object has.
void TstNetworkController::everyFamilyNameQmlReadsExists() {
  NetworkController c;
  QVERIFY(c.loadScenario(NetworkController::defaultScenarioPath()));
  const QVariantMap offers = c.family()->offers();
  const QVariantMap words = c.family()->text();
  const QRegularExpression read(QStringLiteral(R"(\b(offers|text)\.([A-Za-z]+))"));
  const QRegularExpression familyObject(QStringLiteral(R"(family\b|\boffers\b)"));
  int reads = 0;
  QDirIterator files(QStringLiteral(FLITSCOPE_SOURCE_DIR "/qml"), {QStringLiteral("*.qml")});
  while (files.hasNext()) {
    QFile file(files.next());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    for (const QString& line : lines) {
      if (!line.contains(familyObject)) continue;
      for (auto m = read.globalMatch(line); m.hasNext();) {
        const auto hit = m.next();
        if (hit.captured(1) == QLatin1String("text") && !line.contains(QLatin1String("family.text."))) continue;
        const QVariantMap& names = hit.captured(1) == QLatin1String("offers") ? offers : words;
        QVERIFY2(names.contains(hit.captured(2)),
                 qPrintable(QStringLiteral("%1: %2").arg(file.fileName(), hit.captured(0))));
        ++reads;
      }
    }
  }
  QVERIFY2(reads >= 40, qPrintable(QString::number(reads)));  // the scan found the QML's reads
}

#include "tst_network_controller.moc"
