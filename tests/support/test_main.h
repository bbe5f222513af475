// One executable per test folder holds every test file of that folder
// (issue 39: 101 executables each compiled Qt Test's headers and linked on
// their own). Each file registers its entry under its own base name, and
// ctest runs each on its own as `<folder exe> tst_name [QtTest options]`, so
// a failure still names its file and a test still runs in its own process.
//
// A file ends with one of
//   FLITSCOPE_TEST_APPLESS_MAIN(TstClass)   // QTEST_APPLESS_MAIN
//   FLITSCOPE_TEST_GUILESS_MAIN(TstClass)   // QTEST_GUILESS_MAIN
//   FLITSCOPE_TEST_GUI_MAIN(TstClass)       // QTEST_MAIN
// or, where it builds its own application first,
//   FLITSCOPE_TEST_MAIN(argc, argv) { QApplication app(argc, argv); ... }
#pragma once

#include <QtTest>

namespace flit::test {

using TestMain = int (*)(int argc, char** argv);

// Registers `main` under the base name of `sourceFile` (__FILE__); called
// from a static initialiser. Returns true so it can initialise a constant.
bool registerTestMain(const char* sourceFile, TestMain main);

}  // namespace flit::test

#define FLITSCOPE_TEST_MAIN(argcName, argvName)                                  \
  static int flitscopeTestMain(int argcName, char** argvName);                   \
  [[maybe_unused]] static const bool flitscopeTestMainRegistered =              \
      ::flit::test::registerTestMain(__FILE__, &flitscopeTestMain);             \
  static int flitscopeTestMain(int argcName, char** argvName)

// Qt's QTEST_MAIN_WRAPPER (qtest.h, Qt 6.4) with the entry registered
// instead of named main(): the same initMain(), application and source path.
#define FLITSCOPE_QTEST_WRAPPER(TestObject, ...)                                 \
  FLITSCOPE_TEST_MAIN(argc, argv) {                                              \
    QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();           \
    __VA_ARGS__                                                                  \
    TestObject tc;                                                               \
    QTEST_SET_MAIN_SOURCE_PATH                                                   \
    return QTest::qExec(&tc, argc, argv);                                        \
  }

#define FLITSCOPE_TEST_APPLESS_MAIN(TestObject) FLITSCOPE_QTEST_WRAPPER(TestObject)
#define FLITSCOPE_TEST_GUILESS_MAIN(TestObject) \
  FLITSCOPE_QTEST_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define FLITSCOPE_TEST_GUI_MAIN(TestObject) FLITSCOPE_QTEST_WRAPPER(TestObject, QTEST_MAIN_SETUP())
