// flitscope: the GUI. Loads the Flitscope QML module's Main.qml (Qt 6.4 has no
// loadFromModule, DESIGN.md).
#include <QApplication>
#include <QQmlApplicationEngine>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QQmlApplicationEngine engine;
  engine.load(QUrl(QStringLiteral("qrc:/Flitscope/Main.qml")));
  if (engine.rootObjects().isEmpty()) return 1;
  return QApplication::exec();
}
