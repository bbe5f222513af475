#include "app_info.h"

#include "scenario/recording_envelope.h"
#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

namespace flitgui {

QString AppInfo::version() { return QStringLiteral(FLITSCOPE_VERSION); }
int AppInfo::scenarioFormatVersion() { return flit::kScenarioFormatVersion; }
int AppInfo::recordingFormatVersion() { return flit::kRecordingFormatVersion; }

QStringList AppInfo::sources() {
  // The documents of ../shared/seeds (README.md there), in the order the README cites them.
  return {
      QCoreApplication::translate("AppInfo", "Scott & Thorson, \"The Cray T3E Network: Adaptive Routing in a High Performance 3D Torus\" (1996): the torus, direction-order and adaptive routing, VCs, datelines, barriers, hot spares"),
      QCoreApplication::translate("AppInfo", "Cray, \"T3E Interconnect Network Operations\" manual HMM-160-0 (1996): routing tags, lookup tables, PE numbers"),
      QCoreApplication::translate("AppInfo", "Abts & Weisser, \"Age-Based Packet Arbitration in Large-Radix k-ary n-cubes\" (SC'07): the Cray XT SeaStar and its age arbiter"),
      QCoreApplication::translate("AppInfo", "Dally & Seitz, \"The Torus Routing Chip\" (1986): virtual channels, the channel dependency graph, deadlock"),
      QCoreApplication::translate("AppInfo", "DeHon, \"Practical Schemes for Fat-Tree Network Construction\": the MIT Transit fat-tree and its RN1 routers"),
  };
}

QString AppInfo::userGuide() {
  QFile file(QStringLiteral(":/docs/user-guide.md"));
  if (!file.open(QIODevice::ReadOnly)) return {};
  QString text = QString::fromUtf8(file.readAll());
  // Pictures ("![caption](images/x.png)", possibly over two lines) become their captions.
  static const QRegularExpression picture(QStringLiteral(R"(!\[([^\]]*)\]\([^)]*\))"));
  text.replace(picture, QStringLiteral("*\\1*"));
  return text;
}

}  // namespace flitgui
