// XT paper Table 3 (Abts & Weisser, "Age-Based Packet Arbitration in
// Large-Radix k-ary n-cubes", SC 2007): "Input ports competing for each
// output port given dimension-order routing", found by walking every route
// (engine/analysis/competing_inputs.h).
//
//   output  possible input ports                # inputs
//   +x      proc, -x                            2
//   -x      proc, +x                            2
//   +y      proc, +x, -x, -y                    4
//   -y      proc, +x, -x, +y                    4
//   +z      proc, +x, -x, +y, -y, -z            6
//   -z      proc, +x, -x, +y, -y, +z  (*)       6
//   proc    +x, -x, +y, -y, +z, -z              6
//
// (*) The paper prints "-z" last in the -z row, the +z row's list again. Its
// other rows name an input port by the side it is on: a packet going on
// straight in +x enters by the -x port (row +x: "proc, -x"), in -y by the +y
// port (row -y: "..., +y"). By that rule a packet going on in -z enters by
// the +z port, which is what the walk finds; the count, 6, is the paper's.
//
// The paper's k-ary n-cubes have large radix. With radix 4 the table does
// not hold: routes in a - direction are never longer than one hop (the tie
// at 2 hops goes +), so -x, -y, -z lose their straight-through input (the
// 4x4x4 rows below). It holds from radix 5 (and for inner routers of a
// mesh), checked on 5x5x5 and 11x12x16.
#include "test_main.h"

#include <QtTest>
#include <map>
#include <vector>

#include "analysis/competing_inputs.h"
#include "routing/routing_setup.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {

const TopologySpec kTorus444{3, {4, 4, 4}, {true, true, true}};
const TopologySpec kTorus555{3, {5, 5, 5}, {true, true, true}};
const TopologySpec kXtTorus{3, {11, 12, 16}, {true, true, true}};
const TopologySpec kXtPreset{3, {11, 12, 16}, {false, true, true}};  // mesh in X

// Rows in Table 3's output order (+x, -x, +y, -y, +z, -z, proc), lower case
// as the paper writes them.
const QStringList kTable3{
    "proc, -x",                  // +x
    "proc, +x",                  // -x
    "proc, +x, -x, -y",          // +y
    "proc, +x, -x, +y",          // -y
    "proc, +x, -x, +y, -y, -z",  // +z
    "proc, +x, -x, +y, -y, +z",  // -z (see (*) above)
    "+x, -x, +y, -y, +z, -z",    // proc
};
const QList<int> kTable3Counts{2, 2, 4, 4, 6, 6, 6};

// Radix 4: a ring's tie (2 hops either way) goes + (routeStep), so no route
// takes 2 hops in a - direction: nothing goes straight on in -x, -y or -z.
// Table 3 needs radix >= 5 (odd) or >= 6 (even) in every dimension.
const QStringList kRadix4{"proc, -x",
                          "proc",
                          "proc, +x, -x, -y",
                          "proc, +x, -x",
                          "proc, +x, -x, +y, -y, -z",
                          "proc, +x, -x, +y, -y",
                          "+x, -x, +y, -y, +z, -z"};
// x = 0 of the X mesh: no -x port, so nothing enters or leaves by it.
const QStringList kMeshEdge{"proc",
                            "",
                            "proc, +x, -y",
                            "proc, +x, +y",
                            "proc, +x, +y, -y, -z",
                            "proc, +x, +y, -y, +z",
                            "+x, +y, -y, +z, -z"};

// One walk of all routes per topology (11x12x16: 4.5 million routes).
const std::vector<CompetingInputs>& dimensionOrderSets(const TopologySpec& spec) {
  static std::map<std::vector<int>, std::vector<CompetingInputs>> cache;
  const std::vector<int> key{spec.dims,    spec.radix[0], spec.radix[1], spec.radix[2],
                             spec.wrap[0], spec.wrap[1],  spec.wrap[2]};
  auto it = cache.find(key);
  if (it == cache.end()) {
    const Topology topo(spec);
    RoutingConfig config = defaultRoutingConfig(spec);
    config.algorithm = RoutingAlgorithm::DimensionOrder;
    it = cache.emplace(key, competingInputsPerRouter(topo, buildRoutingSetup(topo, config))).first;
  }
  return it->second;
}

QStringList rowsOf(const CompetingInputs& c) {
  QStringList rows;
  for (int out : kTable3OutputOrder) {
    rows << QString::fromStdString(competingInputsText(c, out)).toLower();
  }
  return rows;
}

QList<int> countsOf(const CompetingInputs& c) {
  QList<int> counts;
  for (int out : kTable3OutputOrder) counts << c.count(out);
  return counts;
}

}  // namespace

class TstCompetingInputs : public QObject {
  Q_OBJECT
 private slots:
  void router_data();
  void router();
  void everyRouter_data();
  void everyRouter();
};

void TstCompetingInputs::router_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<QString>("router");
  QTest::addColumn<QStringList>("rows");
  QTest::addColumn<QList<int>>("counts");
  QTest::newRow("XT paper Table 3: 5x5x5 torus, router 1,2,3")
      << kTorus555 << "1,2,3" << kTable3 << kTable3Counts;
  QTest::newRow("XT paper Table 3: 11x12x16 torus, router 5,6,8")
      << kXtTorus << "5,6,8" << kTable3 << kTable3Counts;
  QTest::newRow("XT paper Table 3: 11x12x16 mesh in X, inner router 5,6,8")
      << kXtPreset << "5,6,8" << kTable3 << kTable3Counts;
  QTest::newRow("4x4x4 torus, router 1,2,3: no straight-through in -x, -y, -z")
      << kTorus444 << "1,2,3" << kRadix4 << QList<int>{2, 1, 4, 3, 6, 5, 6};
  QTest::newRow("11x12x16 mesh in X, edge router 0,6,8: no -x port")
      << kXtPreset << "0,6,8" << kMeshEdge << QList<int>{1, 0, 3, 3, 5, 5, 5};
}

void TstCompetingInputs::router() {
  QFETCH(TopologySpec, spec);
  QFETCH(QString, router);
  const Topology topo(spec);
  const NodeId n = topo.nodeAt(parseNodeCoord(router.toStdString(), spec, "router"));
  const CompetingInputs& c = dimensionOrderSets(spec)[static_cast<std::size_t>(n)];
  QTEST(rowsOf(c), "rows");
  QTEST(countsOf(c), "counts");
}

// A torus looks the same from every router.
void TstCompetingInputs::everyRouter_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<QStringList>("rows");
  QTest::newRow("XT paper Table 3: every router of the 5x5x5 torus") << kTorus555 << kTable3;
  QTest::newRow("XT paper Table 3: every router of the 11x12x16 torus") << kXtTorus << kTable3;
  QTest::newRow("every router of the 4x4x4 torus") << kTorus444 << kRadix4;
}

void TstCompetingInputs::everyRouter() {
  QFETCH(TopologySpec, spec);
  QFETCH(QStringList, rows);
  for (const CompetingInputs& c : dimensionOrderSets(spec)) QCOMPARE(rowsOf(c), rows);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstCompetingInputs)
#include "tst_competing_inputs.moc"
