// TagEditor against the running engine: the preview path of the T3E
// manual's routing examples (HMM-160-0, Figures 17-19; machines as derived in
// tests/engine/tst_route_examples.cpp) is the path the engine's tracer gives
// and the path a simulated packet takes once the tag is applied; warnings
// for a failed link and a misroute (R_ERR0 bit 56); Apply writes the LUT
// entry in the engine and Revert restores the generated one; stale answers
// are dropped; typed coordinates are checked naming the field.
#include "test_main.h"
#include "network_controller.h"
#include "simulation_controller.h"
#include "torus/tag_editor.h"

#include "routing/routing_tag.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace flitgui;

namespace {

// 2x4x2: Figure 17; 2x4x3: Figures 18 and 19 (the partial plane as a full Z=2 plane).
QString writeScenario(const QTemporaryDir& dir, const QString& name, int z) {
  const QString path = dir.filePath(name + QStringLiteral(".json"));
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(QStringLiteral(R"({"format": "flitscope-scenario", "version": 1, "name": "%1", "seed": 1,
    "topology": {"radix": [2, 4, %2], "wrap": [true, true, true]},
    "router": {"vcCount": 2, "vcClasses": 1, "vcDepthFlits": 4},
    "traffic": {"pattern": "uniform", "rateFlitsPerNodeCycle": 0.0, "packetFlits": 2}})")
              .arg(name)
              .arg(z)
              .toUtf8());
  return path;
}

quint64 tagOf(int initialHop, int x, bool xm, int y, bool ym, int z, bool zm, bool finalHop) {
  flit::RoutingTag t;
  t.initialHop = static_cast<flit::InitialHop>(initialHop);
  t.xAddr = static_cast<std::uint8_t>(x);
  t.xMinus = xm;
  t.yAddr = static_cast<std::uint8_t>(y);
  t.yMinus = ym;
  t.zAddr = static_cast<std::uint8_t>(z);
  t.zMinus = zm;
  t.finalHop = finalHop;
  return t.encode();
}

QString coordText(const flit::Topology& topo, int node) {
  const flit::Coord c = topo.coordOf(node);
  return QStringLiteral("%1,%2,%3").arg(c[0]).arg(c[1]).arg(c[2]);
}

// The same notation as tst_route_examples: "0,3,0 +X0 1,3,0 ... 1,1,1 PE".
QString pathText(const flit::Topology& topo, const QVariantList& hops) {
  static const char* const dirs[] = {"+X", "+Y", "+Z", "-X", "-Y", "-Z"};
  QStringList parts;
  for (const QVariant& v : hops) {
    const QVariantMap h = v.toMap();
    parts << coordText(topo, h["node"].toInt());
    const int port = h["port"].toInt();
    if (port == flit::kProcessorPort) {
      parts << QStringLiteral("PE");
    } else if (port < 0 || port >= flit::kDirectionCount) {
      parts << QStringLiteral("misroute");
    } else {
      QString hop = QString::fromLatin1(dirs[port]) + QString::number(h["vc"].toInt());
      if (h["crossed"].toBool()) hop += QLatin1Char('*');
      if (h["violation"].toBool()) hop += QLatin1Char('!');
      parts << hop;
    }
  }
  return parts.join(QLatin1Char(' '));
}

// The hops a simulated packet takes: Hop events of the engine.
struct HopRecorder final : flit::SimObserver {
  QList<QPair<int, int>> hops;  // (node, port)
  void onEvent(const flit::SimEvent& e) override {
    if (e.kind == flit::SimEventKind::Hop) hops.append({e.node, e.port});
  }
};

}  // namespace

class TestTagEditor : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString fig17_, partial_;

  struct Fixture {
    NetworkController network;
    SimulationController simulation;
    TagEditor editor;
    explicit Fixture(const QString& scenario) {
      network.loadScenario(scenario);
      simulation.loadScenario(scenario);
      editor.setNetwork(&network);
      editor.setSimulation(&simulation);
    }
    int node(const QString& coords) {
      const QString error = editor.setSourceCoordinates(coords);
      return error.isEmpty() ? editor.source() : -1;
    }
  };

  static bool previewFor(const TagEditor& editor, const QString& tagHex) {
    return editor.hasPreview() && editor.tagHex() == tagHex;
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    fig17_ = writeScenario(dir_, QStringLiteral("figure-17"), 2);
    partial_ = writeScenario(dir_, QStringLiteral("partial-plane"), 3);
  }

  void previewIsTheEnginesRoute_data() {
    QTest::addColumn<bool>("partialPlane");
    QTest::addColumn<QString>("src");
    QTest::addColumn<QString>("dst");
    QTest::addColumn<bool>("hasTag");
    QTest::addColumn<quint64>("tag");
    QTest::addColumn<bool>("delivered");
    QTest::addColumn<QString>("path");
    QTest::newRow("manual Figure 17: LPE A -> LPE 7, the generated LUT tag")
        << false << "0,3,0" << "1,1,1" << false << quint64{0} << true
        << "0,3,0 +X0 1,3,0 +Y0 1,0,0 +Y1* 1,1,0 +Z0 1,1,1 PE";
    QTest::newRow("manual Figure 17: tag X+01 Y+01 Z+01 typed")
        << false << "0,3,0" << "1,1,1" << true << tagOf(3, 1, 0, 1, 0, 1, 0, 0) << true
        << "0,3,0 +X0 1,3,0 +Y0 1,0,0 +Y1* 1,1,0 +Z0 1,1,1 PE";
    QTest::newRow("manual Figure 18: LPE 10 -> LPE B, initial +Z hop")
        << true << "0,0,2" << "1,3,0" << true << tagOf(2, 1, 0, 3, 1, 0, 0, 0) << true
        << "0,0,2 +Z0 0,0,0 +X0 1,0,0 -Y0 1,3,0 PE";
    QTest::newRow("manual Figure 19: LPE F -> LPE 12, final -Z hop")
        << true << "0,1,1" << "1,0,2" << true << tagOf(3, 1, 0, 0, 1, 0, 0, 1) << true
        << "0,1,1 +X0 1,1,1 +Z0 1,1,2 +Z0 1,1,0 -Y0 1,0,0 -Z0 1,0,2 PE";
    QTest::newRow("manual Figure 19 with Z_SGN=1: final hop forced off, misroute")
        << true << "0,1,1" << "1,0,2" << true << tagOf(3, 1, 0, 0, 1, 0, 1, 1) << false
        << "0,1,1 +X0 1,1,1 -Y0 1,0,1 -Z0 1,0,0 PE";
  }

  void previewIsTheEnginesRoute() {
    QFETCH(bool, partialPlane);
    QFETCH(QString, src);
    QFETCH(QString, dst);
    QFETCH(bool, hasTag);
    QFETCH(quint64, tag);
    QFETCH(bool, delivered);
    QFETCH(QString, path);
    const QString scenario = partialPlane ? partial_ : fig17_;
    Fixture f(scenario);
    QVERIFY(f.simulation.hasSimulation());
    QCOMPARE(f.editor.setSourceCoordinates(src), QString());
    QCOMPARE(f.editor.setDestinationCoordinates(dst), QString());
    if (hasTag) QCOMPARE(f.editor.setTagHex(QString::fromStdString(flit::formatTagHex(tag))), QString());
    QTRY_VERIFY(f.editor.hasPreview() && (!hasTag || f.editor.canApply() || !f.editor.warnings().isEmpty()));
    if (hasTag) QCOMPARE(f.editor.tagHex(), QString::fromStdString(flit::formatTagHex(tag)));
    const flit::Topology& topo = *f.network.topology();
    QCOMPARE(pathText(topo, f.editor.hops()), path);
    QCOMPARE(f.editor.delivered(), delivered);
    if (!delivered) {
      QVERIFY(f.editor.warnings().join('\n').contains(QStringLiteral("Misroute")));
      return;
    }
    QVERIFY(f.editor.warnings().isEmpty());

    // The engine's own route: apply the tag to a Simulator's LUT, send one
    // packet, and record its Hop events.
    const flit::SimConfig cfg = flit::simConfigFromScenario(flit::loadScenarioFile(scenario.toStdString()));
    flit::Simulator sim(cfg);
    const int s = f.editor.source(), d = f.editor.destination();
    if (hasTag) {
      const int index = flit::RouteTables::lutIndex(sim.routing().tables->overrideOf(s).mode,
                                                    sim.routing().tables->peMap().logicalOf(d));
      sim.setLutEntry(s, index, tag);
    }
    HopRecorder rec;
    sim.setObserver(&rec);
    QVERIFY(sim.injectPacket(s, d));
    sim.run(200);
    QCOMPARE(sim.totals().delivered, std::uint64_t{1});
    QList<QPair<int, int>> previewHops;
    for (const QVariant& v : f.editor.hops()) {
      const QVariantMap h = v.toMap();
      if (h["port"].toInt() >= 0 && h["port"].toInt() < flit::kDirectionCount)
        previewHops.append({h["node"].toInt(), h["port"].toInt()});
    }
    QCOMPARE(rec.hops, previewHops);
  }

  void applyWritesTheLutAndRevertRestoresIt() {
    Fixture f(fig17_);
    QCOMPARE(f.editor.setSourceCoordinates("0,3,0"), QString());
    QCOMPARE(f.editor.setDestinationCoordinates("1,1,1"), QString());
    const QString generated = QString::fromStdString(flit::formatTagHex(tagOf(3, 1, 0, 1, 0, 1, 0, 0)));
    QTRY_VERIFY(previewFor(f.editor, generated));
    QCOMPARE(f.editor.generatedTagHex(), generated);
    QVERIFY(!f.editor.lutEdited());
    QVERIFY(!f.editor.canApply());  // nothing edited

    // Y the other way round: -Y from 3 to 1 (two hops, no dateline), taken
    // after +Z in direction order (+X, +Y, +Z, -X, -Y, -Z; T3E paper 2.1).
    QCOMPARE(f.editor.setField(QStringLiteral("yMinus"), 1), QString());
    QVERIFY(f.editor.modified());
    const QString edited = QString::fromStdString(flit::formatTagHex(tagOf(3, 1, 0, 1, 1, 1, 0, 0)));
    QCOMPARE(f.editor.tagHex(), edited);
    QTRY_VERIFY(f.editor.canApply());
    QCOMPARE(pathText(*f.network.topology(), f.editor.hops()),
             QStringLiteral("0,3,0 +X0 1,3,0 +Z0 1,3,1 -Y0 1,2,1 -Y0 1,1,1 PE"));
    f.editor.apply();
    QVERIFY(!f.editor.modified());
    QTRY_VERIFY(f.editor.lutEdited());
    QCOMPARE(f.editor.tagHex(), edited);  // the LUT now holds it
    QCOMPARE(f.editor.generatedTagHex(), generated);

    f.editor.revert();
    QTRY_VERIFY(!f.editor.lutEdited() && previewFor(f.editor, generated));
    QCOMPARE(f.simulation.lastError(), QString());
  }

  // Apply and revert are entries on the Edit menu's undo stack: undo writes
  // back what the entry held (the generated tag, then the edited one), and
  // the editor shows the LUT after each step.
  void applyAndRevertAreUndoable() {
    Fixture f(fig17_);
    f.simulation.setUndoStack(f.network.undoStack());
    QCOMPARE(f.editor.setSourceCoordinates("0,3,0"), QString());
    QCOMPARE(f.editor.setDestinationCoordinates("1,1,1"), QString());
    const QString generated = QString::fromStdString(flit::formatTagHex(tagOf(3, 1, 0, 1, 0, 1, 0, 0)));
    const QString edited = QString::fromStdString(flit::formatTagHex(tagOf(3, 1, 0, 1, 1, 1, 0, 0)));
    QTRY_VERIFY(previewFor(f.editor, generated));
    QCOMPARE(f.editor.setField(QStringLiteral("yMinus"), 1), QString());
    QTRY_VERIFY(f.editor.canApply());
    f.editor.apply();
    QTRY_VERIFY(f.editor.lutEdited() && previewFor(f.editor, edited));
    f.editor.revert();
    QTRY_VERIFY(!f.editor.lutEdited() && previewFor(f.editor, generated));
    QCOMPARE(f.network.undoStack()->count(), 2);
    QCOMPARE(f.network.undoText(), QStringLiteral("restore LUT entry (0,3,0) to (1,1,1)"));

    f.network.undo();  // the edited tag again
    QTRY_VERIFY(f.editor.lutEdited() && previewFor(f.editor, edited));
    f.network.undo();  // the generated entry
    QTRY_VERIFY(!f.editor.lutEdited() && previewFor(f.editor, generated));
    f.network.redo();
    QTRY_VERIFY(f.editor.lutEdited() && previewFor(f.editor, edited));
    QCOMPARE(f.simulation.lastError(), QString());
  }

  void warnsAboutAFailedLinkOnThePath() {
    Fixture f(fig17_);
    QCOMPARE(f.editor.setSourceCoordinates("0,3,0"), QString());
    QCOMPARE(f.editor.setDestinationCoordinates("1,1,1"), QString());
    QTRY_VERIFY(f.editor.hasPreview() && f.editor.delivered());
    const QString oldTag = f.editor.tagHex();
    const QList<int> links = f.editor.pathLinks();
    QCOMPARE(links.size(), 4);
    // The main window mirrors a link broken in the view into the engine,
    // which rebuilds its routes around it: the LUT's route avoids the link.
    f.simulation.setLinkUp(links[1], false);
    f.network.setLinkUp(links[1], false);
    f.simulation.step(1);  // an intervention: the engine rebuilds before the next cycle, as a replay does
    QTRY_VERIFY(f.editor.hasPreview() && f.editor.delivered() && !f.editor.pathLinks().contains(links[1]));
    QVERIFY(f.editor.tagHex() != oldTag);
    // The old tag still runs into the failed link: a warning before Apply.
    QCOMPARE(f.editor.setTagHex(oldTag), QString());
    QTRY_VERIFY(f.editor.hasPreview() && f.editor.tagHex() == oldTag && !f.editor.delivered());
    QVERIFY2(f.editor.warnings().join('\n').contains(QStringLiteral("failed link")),
             qPrintable(f.editor.warnings().join('\n')));
    QCOMPARE(f.editor.pathLinks().last(), links[1]);  // the path stops at the failed link
  }

  // A tag whose Y_ADR lies outside the ring of 4 circles the Y ring for ever.
  // The preview shows one lap and warns once: the loop, and the one
  // dateline violation of the lap (it listed one per lap up to the trace's
  // hop limit before tracePath stopped at the first repeated state).
  void loopingTagWarnsOnce() {
    Fixture f(fig17_);
    QCOMPARE(f.editor.setSourceCoordinates("0,0,0"), QString());
    QCOMPARE(f.editor.setDestinationCoordinates("0,1,0"), QString());
    QTRY_VERIFY(f.editor.hasPreview() && f.editor.delivered());
    const QString loopTag = QString::fromStdString(flit::formatTagHex(tagOf(3, 0, 0, 6, 0, 0, 0, 0)));
    QCOMPARE(f.editor.setTagHex(loopTag), QString());
    QTRY_VERIFY(f.editor.hasPreview() && !f.editor.delivered());
    const QStringList warnings = f.editor.warnings();
    const QString all = warnings.join('\n');
    QCOMPARE(warnings.filter(QStringLiteral("never ends")).size(), 1);
    QCOMPARE(warnings.filter(QStringLiteral("dateline violation")).size(), 1);
    QVERIFY2(f.editor.pathLinks().size() <= 2 * 4 + 1, qPrintable(all));  // a lap or two of the Y ring
  }

  void lutModeOneSharesEntriesAndKeepsThePeBits() {
    // T3E 8x32x8: 2048 PEs, LUT mode 1 (manual Table 6): one R_NET_LUT entry
    // per 4 PEs; the router takes X_ADR/Y_ADR bit 0 from the PE number.
    Fixture f(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x32x8.json"));
    QCOMPARE(f.editor.setSourceCoordinates("0,0,0"), QString());
    QCOMPARE(f.editor.setDestinationCoordinates("3,5,2"), QString());
    QTRY_VERIFY_WITH_TIMEOUT(f.editor.hasPreview() && f.editor.delivered(), 20000);
    const QString warnings = f.editor.warnings().join('\n');
    QVERIFY2(warnings.contains(QStringLiteral("LUT mode 1: this entry serves 4 destinations")), qPrintable(warnings));
    const QVariantList lutHops = f.editor.hops();
    // Flipping X_ADR bit 0 in the entry changes nothing the router uses.
    const int x = f.editor.fields()["xAddr"].toInt();
    QCOMPARE(f.editor.setField(QStringLiteral("xAddr"), x ^ 1), QString());
    QTRY_VERIFY(f.editor.hasPreview() && f.editor.canApply());
    QCOMPARE(f.editor.fields()["xAddr"].toInt(), x ^ 1);
    QCOMPARE(f.editor.hops(), lutHops);
  }

  void staleAnswersAreDropped() {
    Fixture f(fig17_);
    QCOMPARE(f.editor.setSourceCoordinates("0,3,0"), QString());
    QCOMPARE(f.editor.setDestinationCoordinates("1,1,1"), QString());
    // Two edits before any answer: only the second one's answer may show.
    QCOMPARE(f.editor.setField(QStringLiteral("xAddr"), 0), QString());
    QCOMPARE(f.editor.setField(QStringLiteral("yMinus"), 1), QString());
    const QString last = f.editor.tagHex();
    QSignalSpy previews(&f.editor, &TagEditor::previewChanged);
    QTRY_VERIFY(f.editor.hasPreview());
    QTRY_COMPARE(f.editor.hops().isEmpty(), false);
    QCOMPARE(f.editor.tagHex(), last);
    QCOMPARE(previews.count(), 1);
    QCOMPARE(f.editor.warnings().join('\n').contains(QStringLiteral("Misroute")), true);  // X_ADR 0 misses (1,1,1)
  }

  void typedCoordinatesNameTheField_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("1,1,1") << "1,1,1" << "";
    QTest::newRow("(1, 2, 0)") << "(1, 2, 0)" << "";
    QTest::newRow("2,0,0 (X radix 2)") << "2,0,0" << "source: coordinate 1 must be 0..1";
    QTest::newRow("1,1 (two of three)") << "1,1" << "source: give 3 coordinates";
    QTest::newRow("a,b,c") << "a,b,c" << "source: coordinate 1 must be 0..1 (got \"a\")";
  }

  void typedCoordinatesNameTheField() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    Fixture f(fig17_);
    const QString got = f.editor.setSourceCoordinates(text);
    if (error.isEmpty()) {
      QCOMPARE(got, QString());
      QVERIFY(f.editor.source() >= 0);
    } else {
      QVERIFY2(got.startsWith(error), qPrintable(got));
      QCOMPARE(f.editor.source(), -1);
    }
  }

  void twoClicksPickSourceThenDestination() {
    Fixture f(fig17_);
    f.editor.pickNode(3);
    QCOMPARE(f.editor.source(), 3);
    QVERIFY(f.editor.pickingDestination());
    f.editor.pickNode(7);
    QCOMPARE(f.editor.destination(), 7);
    QVERIFY(!f.editor.pickingDestination());
    f.editor.pickNode(5);  // a third click starts over
    QCOMPARE(f.editor.source(), 5);
    QCOMPARE(f.editor.destination(), -1);
  }

  void badFieldsAreRefused() {
    Fixture f(fig17_);
    QVERIFY(f.editor.setField(QStringLiteral("xAddr"), 8).startsWith(QStringLiteral("xAddr")));
    QVERIFY(f.editor.setField(QStringLiteral("bogus"), 1).startsWith(QStringLiteral("bogus")));
    QVERIFY(f.editor.setTagHex(QStringLiteral("0xZZ")).startsWith(QStringLiteral("tag")));
    QVERIFY(!f.editor.modified());
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestTagEditor test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_tag_editor.moc"
