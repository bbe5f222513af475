// T3E paper (Scott & Thorson 1996), section 11 and Table 4: the payload
// bandwidth of a link for each traffic type, one-way and symmetrical,
// measured on the T3E preset's router.
//
// How the paper gets Table 4, and how the test measures it:
//  * "During each 13.3 ns system clock, the routers transmit five phits (one
//    flit) over each network link ... the peak link bandwidth is 600 MB/s"
//    (section 1): a flit carries one 64-bit word, 8 bytes x 75 MHz = 600 MB/s.
//  * Table 3 gives the packet lengths in flits; a single-word packet carries
//    one 64-bit word of payload, a vector packet eight ("transfer either one
//    or eight 64-bit words", section 11). The data travel in the Get's
//    response and in the Put's request.
//  * Table 4 is "the maximum sustainable link bandwidths as determined by the
//    peak link bandwidth of 600 MB/s and the packet lengths in Table 3", the
//    payload efficiency in parentheses: 600 MB/s x payload words / flits on
//    the busiest link direction. One-way, one node reads from (Get) or writes
//    to (Put) the other: the data packets alone fill one direction (Get 1/2 =
//    300, vector Get 8/10 = 480, Put 1/4 = 150, vector Put 8/10 = 480).
//    Symmetrical, both nodes do so at once, and "request and response
//    packets share link bandwidth": each direction carries one request and
//    one response per transfer (Get 1/4 = 150, vector Get 8/12 = 400, Put
//    1/6 = 100, vector Put 8/12 = 400).
//
// The measurement: two nodes on a line (a 2-node mesh, one link each way)
// with the router of resources/presets/t3e-8x8x8.json, every source kept
// full (a request is queued whenever its source queue has room), measured
// after a warm-up. Payload MB/s of one link direction = data words delivered
// in the window x 8 bytes x 75 MHz (the preset's "units") / measured cycles / the link directions
// that carry data (1 one-way, 2 symmetrical).
//
// Routing as the preset has it (adaptive routing on), and with adaptive
// routing off (the deterministic VCs alone, as for ordered requests, section
// 5). With it off the one-way vector rows fall short, 436 MB/s against 480:
// a 10-flit packet under virtual cut-through needs credits for all 10 flits
// of the next router's 12-flit VC before its head may leave, and a credit
// comes back 4 cycles after its flit left (2 cycles to the next router's
// buffer, 1 in its pipeline, 1 back), so while a packet streams out 3 of the
// 12 are on their way back: the next head finds 9 and waits one cycle, and
// the link carries 10 flits every 11 cycles (480 x 10/11 = 436). The paper
// asks for room for the whole packet only on the adaptive VC (section 5);
// with adaptive routing on, the adaptive VC (22 flits) takes the packets
// the deterministic VC cannot, and the link stays full.
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>
#include <fstream>

using namespace flit;

namespace {

constexpr int kWarmupCycles = 2000;
constexpr int kMeasuredCycles = 20000;

// The 8x8x8 preset's router and routing on a 2-node line.
Scenario lineWithT3eRouter(bool adaptive) {
  nlohmann::json j = nlohmann::json::parse(std::ifstream(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json"));
  j["name"] = "T3E Table 4: 2-node line";
  j["topology"] = {{"radix", {2}}, {"wrap", {false}}};
  const bool presetAdaptive = j["routing"]["adaptive"].get<bool>();
  j["routing"] = {{"algorithm", j["routing"]["algorithm"]}, {"adaptive", adaptive && presetAdaptive}};
  j["traffic"] = {{"rateFlitsPerNodeCycle", 0.0}};
  j.erase("sync");
  return scenarioFromJson(j);
}

int payloadWords(PacketKind request) {
  return request == PacketKind::VectorGetRequest || request == PacketKind::VectorPutRequest ? 8 : 1;
}
// The packet that carries the data: a Get's response, a Put's request.
PacketKind dataPacket(PacketKind request) {
  return request == PacketKind::GetRequest || request == PacketKind::VectorGetRequest ? responseOf(request)
                                                                                      : request;
}

// Payload MB/s of one link direction with node 0 (one-way) or both nodes
// (symmetrical) issuing `request`s to the other as fast as their source
// queues take them.
double measuredPayloadMBs(PacketKind request, bool symmetrical, bool adaptive) {
  Simulator sim(simConfigFromScenario(lineWithT3eRouter(adaptive)));
  const PacketKind data = dataPacket(request);
  auto keepSourcesFull = [&] {
    while (sim.injectPacket(0, 1, request)) {
    }
    while (symmetrical && sim.injectPacket(1, 0, request)) {
    }
  };
  for (int c = 0; c < kWarmupCycles; ++c) {
    keepSourcesFull();
    sim.step();
  }
  const std::uint64_t before = sim.totals().deliveredByKind[static_cast<std::size_t>(data)];
  for (int c = 0; c < kMeasuredCycles; ++c) {
    keepSourcesFull();
    sim.step();
  }
  const std::uint64_t packets = sim.totals().deliveredByKind[static_cast<std::size_t>(data)] - before;
  const double wordsPerCycle = static_cast<double>(packets) * payloadWords(request) / kMeasuredCycles;
  // The preset's units (75 MHz, 8 bytes a flit: a word a flit) make MB/s.
  const PhysicalUnits& units = sim.config().units;
  if (units.clockMHz != 75.0 || units.flitBytes != 8.0) qFatal("t3e-8x8x8.json: units are not 75 MHz, 8 bytes");
  return units.mbps(wordsPerCycle) / (symmetrical ? 2.0 : 1.0);
}

}  // namespace

class TstT3eBandwidth : public QObject {
  Q_OBJECT
 private slots:
  void table4PayloadBandwidth_data();
  void table4PayloadBandwidth();
};

void TstT3eBandwidth::table4PayloadBandwidth_data() {
  QTest::addColumn<int>("request");
  QTest::addColumn<bool>("symmetrical");
  QTest::addColumn<bool>("adaptive");
  QTest::addColumn<double>("paperMBs");
  QTest::addColumn<QString>("knownGap");  // why Flitscope falls short ("" when it does not)
  struct Cell {
    const char* name;
    PacketKind request;
    bool symmetrical;
    double paperMBs;
  };
  // Table 4, "Payload bandwidth (MB/s)".
  const Cell cells[] = {
      {"single-word Gets, one-way", PacketKind::GetRequest, false, 300},
      {"single-word Gets, symmetrical", PacketKind::GetRequest, true, 150},
      {"vector Gets, one-way", PacketKind::VectorGetRequest, false, 480},
      {"vector Gets, symmetrical", PacketKind::VectorGetRequest, true, 400},
      {"single-word Puts, one-way", PacketKind::PutRequest, false, 150},
      {"single-word Puts, symmetrical", PacketKind::PutRequest, true, 100},
      {"vector Puts, one-way", PacketKind::VectorPutRequest, false, 480},
      {"vector Puts, symmetrical", PacketKind::VectorPutRequest, true, 400},
  };
  const QString cutThrough = QStringLiteral(
      "deterministic VCs under virtual cut-through: 10 of 12 credits per head, 4-cycle credit loop, "
      "10 flits every 11 cycles (docs/engine.md, \"End points and turns\")");
  for (const bool adaptive : {true, false}) {
    for (const Cell& c : cells) {
      const bool gap = !adaptive && !c.symmetrical && c.paperMBs == 480;
      QTest::addRow("%s, %s", c.name, adaptive ? "adaptive routing (the preset)" : "adaptive routing off")
          << static_cast<int>(c.request) << c.symmetrical << adaptive << c.paperMBs
          << (gap ? cutThrough : QString());
    }
  }
}

void TstT3eBandwidth::table4PayloadBandwidth() {
  QFETCH(int, request);
  QFETCH(bool, symmetrical);
  QFETCH(bool, adaptive);
  QFETCH(double, paperMBs);
  QFETCH(QString, knownGap);
  const double mbs = measuredPayloadMBs(static_cast<PacketKind>(request), symmetrical, adaptive);
  qInfo("paper %.0f MB/s, measured %.1f MB/s", paperMBs, mbs);
  if (!knownGap.isEmpty()) QEXPECT_FAIL("", qPrintable(knownGap), Continue);
  QVERIFY2(std::abs(mbs - paperMBs) <= 0.05 * paperMBs,
           qPrintable(QStringLiteral("measured %1 MB/s, paper %2 MB/s").arg(mbs).arg(paperMBs)));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstT3eBandwidth)
#include "tst_t3e_bandwidth.moc"
