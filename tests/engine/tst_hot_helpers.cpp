// The small helpers the simulator's per-flit path uses in their fast forms
// (issue 3): roundRobinPick by bit masks, opposite() without a division,
// isRequest/isResponse as bit sets. Each must agree with its plain
// definition: the first set bit cyclically after the last winner; the
// opposite direction in T3E order (+X,+Y,+Z,-X,-Y,-Z, T3E paper section
// 2.1); the request and response kinds of T3E paper Table 3.
#include "test_main.h"
#include "router/arbiter.h"
#include "topology/topology.h"
#include "traffic/packet_kind.h"

#include <QtTest>

using namespace flit;

namespace {

// The definition: scan last+1, last+2, ... cyclically over n bits.
int referencePick(std::uint32_t mask, int last, int n) {
  for (int k = 1; k <= n; ++k) {
    const int i = ((last + k) % n + n) % n;
    if (mask & (1u << i)) return i;
  }
  return -1;
}

}  // namespace

class TstHotHelpers : public QObject {
  Q_OBJECT
 private slots:
  void roundRobinPickAgrees_data();
  void roundRobinPickAgrees();
  void oppositeDirection_data();
  void oppositeDirection();
  void requestAndResponseKinds_data();
  void requestAndResponseKinds();
};

void TstHotHelpers::roundRobinPickAgrees_data() {
  QTest::addColumn<int>("n");
  QTest::addColumn<int>("last");
  for (const int n : {1, 2, 5, 7, 16}) {
    for (int last = 0; last < n; ++last) {
      QTest::addRow("n=%d last=%d", n, last) << n << last;
    }
  }
}

// Every mask of n bits (the allocator's ports: n = 7; VCs up to 16).
void TstHotHelpers::roundRobinPickAgrees() {
  QFETCH(int, n);
  QFETCH(int, last);
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    const int got = roundRobinPick(mask, last, n);
    if (got != referencePick(mask, last, n)) {
      QFAIL(qPrintable(QStringLiteral("mask 0x%1: got %2, expected %3")
                           .arg(mask, 0, 16)
                           .arg(got)
                           .arg(referencePick(mask, last, n))));
    }
  }
  QCOMPARE(roundRobinPick(0, last, n), -1);
}

void TstHotHelpers::oppositeDirection_data() {
  QTest::addColumn<int>("dir");
  QTest::addColumn<int>("expected");
  QTest::newRow("+X") << 0 << 3;
  QTest::newRow("+Y") << 1 << 4;
  QTest::newRow("+Z") << 2 << 5;
  QTest::newRow("-X") << 3 << 0;
  QTest::newRow("-Y") << 4 << 1;
  QTest::newRow("-Z") << 5 << 2;
}

void TstHotHelpers::oppositeDirection() {
  QFETCH(int, dir);
  QFETCH(int, expected);
  QCOMPARE(static_cast<int>(opposite(static_cast<Direction>(dir))), expected);
  QCOMPARE(dimensionOf(opposite(static_cast<Direction>(dir))), dimensionOf(static_cast<Direction>(dir)));
}

void TstHotHelpers::requestAndResponseKinds_data() {
  QTest::addColumn<int>("kind");
  QTest::addColumn<bool>("request");
  QTest::addColumn<bool>("response");
  QTest::newRow("generic") << static_cast<int>(PacketKind::Generic) << false << false;
  QTest::newRow("getRequest") << static_cast<int>(PacketKind::GetRequest) << true << false;
  QTest::newRow("getResponse") << static_cast<int>(PacketKind::GetResponse) << false << true;
  QTest::newRow("vectorGetRequest") << static_cast<int>(PacketKind::VectorGetRequest) << true << false;
  QTest::newRow("vectorGetResponse") << static_cast<int>(PacketKind::VectorGetResponse) << false << true;
  QTest::newRow("putRequest") << static_cast<int>(PacketKind::PutRequest) << true << false;
  QTest::newRow("putResponse") << static_cast<int>(PacketKind::PutResponse) << false << true;
  QTest::newRow("vectorPutRequest") << static_cast<int>(PacketKind::VectorPutRequest) << true << false;
  QTest::newRow("vectorPutResponse") << static_cast<int>(PacketKind::VectorPutResponse) << false << true;
}

void TstHotHelpers::requestAndResponseKinds() {
  QFETCH(int, kind);
  QFETCH(bool, request);
  QFETCH(bool, response);
  const auto k = static_cast<PacketKind>(kind);
  QCOMPARE(isRequest(k), request);
  QCOMPARE(isResponse(k), response);
  QCOMPARE(vcClassOf(k), response ? 1 : 0);  // T3E section 3.3: responses on class 1
  if (request) QVERIFY(isResponse(responseOf(k)));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstHotHelpers)
#include "tst_hot_helpers.moc"
