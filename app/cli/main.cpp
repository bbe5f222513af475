// flitscope-cli: the headless command-line tool (QtCore only). Its commands
// are the rows of kCliCommands (cli_commands.h); docs/cli.md describes each.
#include "cli_commands.h"
#include "family_dispatch.h"
#include "version_text.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

namespace {
void printUsage(std::FILE* out) {
  std::fputs("usage: flitscope-cli COMMAND SCENARIO [options]\ncommands:\n", out);
  for (const flitcli::CliCommand& c : flitcli::kCliCommands) std::fprintf(out, "  %-12s %s\n", c.name, c.summary);
  std::fputs("Run 'flitscope-cli COMMAND --help' for a command's options, 'flitscope-cli --version' for the\n"
             "version and the file formats it reads.\n", out);
}

std::string commandNames() {
  std::string names;
  for (std::size_t i = 0; i < flitcli::kCliCommands.size(); ++i) {
    if (i > 0) names += i + 1 == flitcli::kCliCommands.size() ? " or " : ", ";
    names += flitcli::kCliCommands[i].name;
  }
  return names;
}
}  // namespace

namespace {

// What a command printed reached its file: a full disk (or /dev/full) is an
// error with its own exit code, never a silent success (issue 41).
int finish(int code) {
  std::cout.flush();
  const bool lost = std::fflush(stdout) != 0 || std::ferror(stdout) != 0 || !std::cout;
  if (!lost) return code;
  const int why = errno;
  std::fprintf(stderr, "flitscope-cli: writing the output failed: %s\n", std::strerror(why != 0 ? why : EIO));
  return 3;
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName(QStringLiteral("flitscope-cli"));
  QCoreApplication::setApplicationVersion(QStringLiteral(FLITSCOPE_VERSION));
  if (argc < 2) {
    printUsage(stderr);
    return 2;
  }
  if (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    printUsage(stdout);
    return finish(0);
  }
  if (std::strcmp(argv[1], "--version") == 0) {
    std::fputs(flitapp::versionText("flitscope-cli").c_str(), stdout);
    return finish(0);
  }
  QStringList args = QCoreApplication::arguments();
  const QString command = args.at(1);
  args.removeAt(1);  // args[0] stays the program name, for QCommandLineParser
  for (const flitcli::CliCommand& c : flitcli::kCliCommands)
    if (command == QLatin1String(c.name)) return finish(flitcli::runCliCommand(c, args));
  std::fprintf(stderr, "flitscope-cli: unknown command '%s' (use %s)\n", qPrintable(command), commandNames().c_str());
  return 2;
}
