#include "sweep_shards.h"

#include "cli_common.h"

#include <QCryptographicHash>
#include <QFile>

#include <cstdio>
#include <map>
#include <optional>
#include <utility>

namespace flitcli {

namespace {

constexpr const char* kPartFormat = "flitscope-sweep-part";
constexpr int kPartVersion = 1;

void progress(std::size_t done, std::size_t total, double rate) {
  constexpr int kWidth = 30;
  const int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
  std::fprintf(stderr, "\r[%.*s%*s] %zu/%zu rate %.3f", filled,
               "==============================", kWidth - filled, "", done, total, rate);
  std::fflush(stderr);
}

std::string fileSha256(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) throw fileError(path, "cannot open file");
  QCryptographicHash hash(QCryptographicHash::Sha256);
  if (!hash.addData(&f)) throw fileError(path, "cannot read file");
  return hash.result().toHex().toStdString();
}

const char* formatKey(SweepFormat f) {
  switch (f) {
    case SweepFormat::Table: return "table";
    case SweepFormat::Csv: return "csv";
    case SweepFormat::Json: return "json";
  }
  return "table";
}

std::optional<SweepFormat> formatOfKey(const std::string& key) {
  for (SweepFormat f : {SweepFormat::Table, SweepFormat::Csv, SweepFormat::Json})
    if (key == formatKey(f)) return f;
  return std::nullopt;
}

std::unique_ptr<SweepReport> reportFor(flit::TopologyFamily family, bool pastSaturation) {
  return family == flit::TopologyFamily::FatTree ? circuitSweepReport() : packetSweepReport(pastSaturation);
}

}  // namespace

Shard parseShard(const QString& text) {
  const QStringList parts = text.split(QLatin1Char('/'));
  bool okIndex = false, okCount = false;
  const qulonglong index = parts.size() == 2 ? parts[0].toULongLong(&okIndex) : 0;
  const qulonglong count = parts.size() == 2 ? parts[1].toULongLong(&okCount) : 0;
  if (!okIndex || !okCount || count < 1 || count > kMaxShards || index >= count) {
    throw UsageError("--shard: expected I/N with 0 <= I < N <= " + std::to_string(kMaxShards) +
                     " (part I of N, counted from 0 as SLURM_ARRAY_TASK_ID), got '" + text.toStdString() + "'");
  }
  return {static_cast<std::size_t>(index), static_cast<std::size_t>(count)};
}

void addShardOptions(QCommandLineParser& p) {
  p.addOption({QStringLiteral("shard"),
               QStringLiteral("Run part I of N (I from 0) of the rates, every N-th from the I-th, and print "
                              "the part as JSON for sweep-merge (docs/cluster.md)."),
               QStringLiteral("I/N")});
}

SweepRun sweepRunOf(const QCommandLineParser& p, flit::TopologyFamily family) {
  SweepRun run;
  run.family = family;
  run.scenarioPath = p.positionalArguments().at(0);
  run.arguments = nlohmann::json::array();
  QStringList seen;
  for (const QString& name : p.optionNames()) {
    if (name == QLatin1String("shard") || name == QLatin1String("jobs") || seen.contains(name)) continue;
    seen.append(name);
    const QStringList values = p.values(name);
    if (values.isEmpty()) run.arguments.push_back("--" + name.toStdString());
    for (const QString& v : values) run.arguments.push_back("--" + name.toStdString() + "=" + v.toStdString());
  }
  if (p.isSet(QStringLiteral("shard"))) run.shard = parseShard(p.value(QStringLiteral("shard")));
  const bool json = p.isSet(QStringLiteral("json"));
  const bool csv = p.isSet(QStringLiteral("csv"));
  if (json && csv) throw UsageError("--csv: choose one of --json and --csv");
  run.format = json ? SweepFormat::Json : csv ? SweepFormat::Csv : SweepFormat::Table;
  // Read from what was given: isSet() warns about an option the fat-tree's sweep has not defined.
  run.pastSaturation = p.optionNames().contains(QLatin1String("past-saturation"));
  return run;
}

void runSweep(const SweepRun& run, const MeasurePoint& measure, SweepReport& report) {
  const std::vector<double>& rates = run.rates;
  // The rates this run measures, in order: all of them, or the shard's.
  std::vector<std::size_t> mine;
  for (std::size_t i = 0; i < rates.size(); ++i)
    if (!run.shard || run.shard->contains(i)) mine.push_back(i);
  nlohmann::json points = nlohmann::json::array();  // a part's
  auto accept = [&](std::size_t k, const nlohmann::json& summary) {
    if (!run.shard) {
      if (!report.accept(rates[mine[k]], summary)) return false;  // the knee
    } else {
      // A part runs every rate of its shard (it cannot know where the knee
      // is) and keeps the summary without its lists (per source, per
      // dimension): what a report reads is a number or an object, and a list
      // per node would make a part of a 32x32x32 sweep megabytes long.
      nlohmann::json kept = nlohmann::json::object();
      for (const auto& [key, value] : summary.items())
        if (!value.is_array()) kept[key] = value;
      points.push_back({{"index", mine[k]}, {"summary", std::move(kept)}});
    }
    if (run.progress && k + 1 < mine.size()) progress(k + 1, mine.size(), rates[mine[k + 1]]);
    return true;
  };
  if (run.progress && !mine.empty()) progress(0, mine.size(), rates[mine[0]]);
  runSweepPoints(mine.size(), run.jobs, [&](std::size_t k, std::stop_token stop) { return measure(mine[k], stop); },
                 accept);
  if (run.progress) {
    progress(mine.size(), mine.size(), mine.empty() ? 0.0 : rates[mine.back()]);
    std::fputs("\n", stderr);
  }
  if (!run.shard) {
    report.print(run.format, run.header);
    return;
  }
  const nlohmann::json part = {
      {"format", kPartFormat},
      {"version", kPartVersion},
      {"family", std::string(flit::topologyFamilyKey(run.family))},
      {"scenarioSha256", fileSha256(run.scenarioPath)},
      {"arguments", run.arguments},
      {"output", formatKey(run.format)},
      {"pastSaturation", run.pastSaturation},
      {"rates", rates},
      {"header", run.header},
      {"shard", run.shard->index},
      {"shards", run.shard->count},
      {"points", points}};
  std::printf("%s\n", part.dump(1).c_str());
}

namespace {

// One part file, read and checked on its own.
struct Part {
  QString file;
  nlohmann::json json;
  std::size_t shard = 0, shards = 0;
};

Part readPart(const QString& file) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly)) throw fileError(file, "cannot open file");
  const QByteArray bytes = f.readAll();
  Part part{file, nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false), 0, 0};
  const nlohmann::json& j = part.json;
  if (j.is_discarded() || !j.is_object() || !j.contains("format") || j["format"] != kPartFormat) {
    throw fileError(file, "not a part of a sweep (flitscope-cli sweep --shard I/N writes one)");
  }
  if (!j.contains("version") || j["version"] != kPartVersion) {
    throw fileError(file, "version: this flitscope-cli reads sweep parts of version " + std::to_string(kPartVersion));
  }
  const auto need = [&](const char* key, nlohmann::json::value_t type) {
    if (!j.contains(key) || j[key].type() != type) throw fileError(file, std::string(key) + ": missing or of the wrong type");
  };
  using V = nlohmann::json::value_t;
  need("family", V::string);
  need("scenarioSha256", V::string);
  need("arguments", V::array);
  need("output", V::string);
  need("pastSaturation", V::boolean);
  need("rates", V::array);
  need("header", V::object);
  need("shard", V::number_unsigned);
  need("shards", V::number_unsigned);
  need("points", V::array);
  part.shard = j["shard"].get<std::size_t>();
  part.shards = j["shards"].get<std::size_t>();
  if (part.shards < 1 || part.shard >= part.shards) throw fileError(file, "shard: must be below shards");
  if (!formatOfKey(j["output"].get<std::string>())) throw fileError(file, "output: must be table, csv or json");
  const std::string family = j["family"].get<std::string>();
  if (family != flit::topologyFamilyKey(flit::TopologyFamily::KAryNCube) &&
      family != flit::topologyFamilyKey(flit::TopologyFamily::FatTree)) {
    throw fileError(file, "family: unknown '" + family + "'");
  }
  const std::size_t rateCount = j["rates"].size();
  for (const nlohmann::json& r : j["rates"])
    if (!r.is_number()) throw fileError(file, "rates: must be numbers");
  std::size_t index = 0;
  for (const nlohmann::json& pt : j["points"]) {
    if (!pt.is_object() || !pt.contains("index") || !pt["index"].is_number_unsigned() || !pt.contains("summary") ||
        !pt["summary"].is_object()) {
      throw fileError(file, "points[" + std::to_string(index) + "]: needs index and summary");
    }
    const auto i = pt["index"].get<std::size_t>();
    if (i >= rateCount || i % part.shards != part.shard) {
      throw fileError(file, "points[" + std::to_string(index) + "].index: " + std::to_string(i) +
                                " is not a rate of part " + std::to_string(part.shard) + "/" +
                                std::to_string(part.shards));
    }
    ++index;
  }
  return part;
}

// Where two parts of the same sweep must agree; the first key that differs.
std::optional<std::string> differingKey(const nlohmann::json& a, const nlohmann::json& b) {
  for (const char* key : {"family", "scenarioSha256", "arguments", "output", "pastSaturation", "rates", "header", "shards"})
    if (a[key] != b[key]) return std::string(key);
  return std::nullopt;
}

std::string partName(std::size_t shard, std::size_t shards) {
  return std::to_string(shard) + "/" + std::to_string(shards);
}

}  // namespace

void mergeSweepParts(const QStringList& files) {
  if (files.isEmpty()) throw UsageError("no parts given (flitscope-cli sweep-merge PART...)");
  std::vector<Part> parts;
  std::map<std::size_t, QString> byShard;
  for (const QString& file : files) {
    Part part = readPart(file);
    if (!parts.empty()) {
      const Part& first = parts.front();
      if (const auto key = differingKey(first.json, part.json)) {
        const std::string what = *key == "scenarioSha256" ? "its scenario file differs"
                                 : *key == "shards"       ? "it is one of " + std::to_string(part.shards) +
                                                          " parts, " + first.file.toStdString() + " one of " +
                                                          std::to_string(first.shards)
                                                          : "its " + *key + " differ";
        throw fileError(file, "a part of another sweep than " + first.file.toStdString() + " (" + what + ")");
      }
    }
    if (const auto it = byShard.find(part.shard); it != byShard.end()) {
      throw fileError(file, "part " + partName(part.shard, part.shards) + " again (also " +
                                it->second.toStdString() + ")");
    }
    byShard.emplace(part.shard, file);
    parts.push_back(std::move(part));
  }
  const nlohmann::json& first = parts.front().json;
  const std::size_t shards = parts.front().shards;
  for (std::size_t s = 0; s < shards; ++s) {
    if (!byShard.contains(s)) {
      throw UsageError("part " + partName(s, shards) + " is missing (" + std::to_string(parts.size()) + " of " +
                       std::to_string(shards) + " parts given)");
    }
  }
  const std::size_t rateCount = first["rates"].size();
  std::vector<const nlohmann::json*> summaries(rateCount, nullptr);
  for (const Part& part : parts) {
    for (const nlohmann::json& pt : part.json["points"]) summaries[pt["index"].get<std::size_t>()] = &pt["summary"];
  }
  for (std::size_t i = 0; i < rateCount; ++i) {
    if (!summaries[i]) {
      throw fileError(byShard[i % shards], "points: rate " + std::to_string(i) + " is missing from part " +
                                               partName(i % shards, shards));
    }
  }
  const auto family = first["family"] == flit::topologyFamilyKey(flit::TopologyFamily::FatTree)
                          ? flit::TopologyFamily::FatTree
                          : flit::TopologyFamily::KAryNCube;
  const std::unique_ptr<SweepReport> report = reportFor(family, first["pastSaturation"].get<bool>());
  for (std::size_t i = 0; i < rateCount; ++i) {
    try {
      if (!report->accept(first["rates"][i].get<double>(), *summaries[i])) break;
    } catch (const nlohmann::json::exception& e) {  // a part edited by hand: a key missing or of another type
      throw fileError(byShard[i % shards], "points: the summary of rate " + std::to_string(i) + ": " + e.what());
    }
  }
  report->print(*formatOfKey(first["output"].get<std::string>()), first["header"]);
}

}  // namespace flitcli
