// The German translation is complete: every message in flitscope_de.ts has a
// finished translation, every qsTr("...") literal in qml/*.qml is in it (so a
// new string without a translation fails here: run the flitscope_app_lupdate
// target and translate), and the compiled catalogue is embedded under :/i18n
// and loaded for the German locale.
#include "test_main.h"

#include <QDir>
#include <QRegularExpression>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct TsMessage {
  QString context;
  QString source;
  QString translation;
  QString type;
};

QList<TsMessage> readTs(const QString& path) {
  QList<TsMessage> out;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return out;
  QXmlStreamReader xml(&f);
  QString context;
  TsMessage current;
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) continue;
    if (xml.name() == QLatin1String("name")) context = xml.readElementText();
    else if (xml.name() == QLatin1String("message")) current = TsMessage{context, {}, {}, {}};
    else if (xml.name() == QLatin1String("source")) current.source = xml.readElementText();
    else if (xml.name() == QLatin1String("translation")) {
      current.type = xml.attributes().value(QLatin1String("type")).toString();
      current.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);  // plural forms: <numerusform> children
      out << current;
    }
  }
  return out;
}

const QString kTs = QStringLiteral(FLITSCOPE_SOURCE_DIR "/translations/flitscope_de.ts");

}  // namespace

class TstTranslations : public QObject {
  Q_OBJECT
 private slots:
  void everyMessageTranslated();
  void everyQmlStringIsInTheCatalogue();
  void germanCatalogueIsEmbedded();
  void noTwoLabelsShareAGermanWord();
  void theSourcesTermsStayTheirs();
};

void TstTranslations::everyMessageTranslated() {
  const QList<TsMessage> messages = readTs(kTs);
  QVERIFY(messages.size() > 50);
  for (const TsMessage& m : messages) {
    QVERIFY2(m.type.isEmpty(), qPrintable(m.context + ": \"" + m.source + "\" is " + m.type));
    QVERIFY2(!m.translation.isEmpty(), qPrintable(m.context + ": \"" + m.source + "\" has no translation"));
  }
}

void TstTranslations::everyQmlStringIsInTheCatalogue() {
  QSet<QString> known;
  for (const TsMessage& m : readTs(kTs)) known.insert(m.context + QLatin1Char('|') + m.source);
  const QDir qmlDir(QStringLiteral(FLITSCOPE_SOURCE_DIR "/qml"));
  // Plain string literals only; escapes such as \u2026 are decoded.
  const QRegularExpression literal(QStringLiteral(R"re(qsTr\(\s*"((?:[^"\\]|\\.)*)")re"));
  int checked = 0;
  for (const QString& name : qmlDir.entryList({QStringLiteral("*.qml")}, QDir::Files)) {
    QFile f(qmlDir.filePath(name));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    const QString context = name.chopped(4);
    for (auto it = literal.globalMatch(text); it.hasNext();) {
      QString s = it.next().captured(1);
      s.replace(QLatin1String("\\n"), QLatin1String("\n")).replace(QLatin1String("\\\""), QLatin1String("\""));
      static const QRegularExpression unicode(QStringLiteral(R"(\\u([0-9a-fA-F]{4}))"));
      for (auto u = unicode.match(s); u.hasMatch(); u = unicode.match(s)) {
        s.replace(u.capturedStart(), u.capturedLength(), QChar(u.captured(1).toUShort(nullptr, 16)));
      }
      QVERIFY2(known.contains(context + QLatin1Char('|') + s),
               qPrintable(name + ": qsTr(\"" + s + "\") is not in flitscope_de.ts"));
      ++checked;
    }
  }
  QVERIFY(checked > 30);
}

void TstTranslations::germanCatalogueIsEmbedded() {
  QTranslator translator;
  QVERIFY(translator.load(QLocale(QLocale::German, QLocale::Germany), QStringLiteral("flitscope"),
                          QStringLiteral("_"), QStringLiteral(":/i18n")));
  QCOMPARE(translator.translate("SidePanel", "Legend"), QStringLiteral("Legende"));
  QCOMPARE(translator.translate("TorusFamilyView", "%1 nodes, %2 links, %3 failed"),
           QStringLiteral("%1 Knoten, %2 Verbindungen, %3 ausgefallen"));
  QTranslator english;
  QVERIFY(!english.load(QLocale(QLocale::English), QStringLiteral("flitscope"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")));
}

// Everything in the catalogue is shown in the one main window (its panels,
// menus, view and the shortcut sheet): two different English labels must not
// become the same German word there ("Load" and "Heat" were both "Last").
// Labels differing only in case ("Packets", "packets") are the same label.
void TstTranslations::noTwoLabelsShareAGermanWord() {
  QHash<QString, TsMessage> byTranslation;
  int checked = 0;
  for (const TsMessage& m : readTs(kTs)) {
    if (m.translation.isEmpty() || m.source.size() > 40) continue;  // labels, not sentences
    const QString key = m.translation.toLower();
    const auto it = byTranslation.constFind(key);
    if (it != byTranslation.cend()) {
      QVERIFY2(it->source.compare(m.source, Qt::CaseInsensitive) == 0,
               qPrintable(QStringLiteral("\"%1\" (%2) and \"%3\" (%4) are both \"%5\"")
                              .arg(it->source, it->context, m.source, m.context, m.translation)));
    } else {
      byTranslation.insert(key, m);
    }
    ++checked;
  }
  QVERIFY(checked > 100);
}

// Issue 42, item 12: "German 'Datumslinie' for dateline". A term the
// sources coin (the T3E's dateline, the RN1, the hot spare, the unit tree)
// is the same word in German, as German texts on the T3E write it.
void TstTranslations::theSourcesTermsStayTheirs() {
  int checked = 0;
  for (const TsMessage& m : readTs(kTs)) {
    for (const QLatin1String term : {QLatin1String("dateline"), QLatin1String("RN1"), QLatin1String("hot spare"),
                                     QLatin1String("unit tree")}) {
      if (!m.source.contains(term, Qt::CaseInsensitive)) continue;
      ++checked;
      QVERIFY2(m.translation.contains(term, Qt::CaseInsensitive),
               qPrintable(m.context + ": \"" + m.source + "\" -> \"" + m.translation + "\" lost \"" + term + "\""));
    }
    QVERIFY2(!m.translation.contains(QLatin1String("Datumslinie")), qPrintable(m.translation));
  }
  QVERIFY(checked > 20);
}

FLITSCOPE_TEST_GUILESS_MAIN(TstTranslations)
#include "tst_translations.moc"
