//===- bench/programs/nlohmann_records.cpp - nlohmann::json documents -----===//
//
// Builds a document of records as nlohmann::json values, writes it as text,
// parses it back, regroups the records by team into a new document, turns
// that into CBOR and back, and writes it again; several passes. nlohmann's
// json (Debian's source, header-only, so it is compiled into each
// configuration with the program) is a design unlike jsoncpp's: every
// object is a std::map<std::string, json> and every array a
// std::vector<json>, each allocated through std::allocator, so the plugin
// sees their nodes, strings and vectors at their instantiations. Usage:
//   nlohmann_records [records=50000] [passes=3]
// Prints the sizes and a hash on stdout (identical in every configuration),
// the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using nlohmann::json;

/// A deterministic document: an array of records, each an object with
/// scalars, an array of tags and a nested object.
json generate(long Records) {
  json Doc = json::array();
  std::uint64_t X = 88172645463325252u;
  for (long I = 0; I < Records; ++I) {
    X ^= X << 13, X ^= X >> 7, X ^= X << 17;
    json R;
    R["id"] = I;
    R["name"] = "user" + std::to_string(I);
    R["team"] = "team" + std::to_string(X % 97);
    R["score"] = static_cast<double>(X % 100000) / 1000.0;
    R["active"] = (X & 1) != 0;
    R["tags"] = {"t" + std::to_string(X % 7), "t" + std::to_string(X % 11),
                 "t" + std::to_string(X % 13)};
    R["address"] = {{"street", std::to_string(X % 9999) + " Main St"},
                    {"zip", static_cast<int>(X % 100000)}};
    Doc.push_back(std::move(R));
  }
  return Doc;
}

/// The records grouped by team: each team's members (name, score and tags,
/// the rest dropped), its total score and its set of tags.
json regroup(const json &Records) {
  json Teams = json::object();
  for (const json &R : Records) {
    json &T = Teams[R["team"].get<std::string>()];
    T["members"].push_back(
        {{"name", R["name"]}, {"score", R["score"]}, {"tags", R["tags"]}});
    T["total"] = T.value("total", 0.0) + R["score"].get<double>();
    for (const json &Tag : R["tags"])
      T["tags"][Tag.get<std::string>()] = true;
    if (R["active"].get<bool>())
      T["active"] = T.value("active", 0) + 1;
  }
  return Teams;
}

} // namespace

int main(int Argc, char **Argv) {
  const long Records = Argc > 1 ? std::atol(Argv[1]) : 50000;
  const int Passes = Argc > 2 ? std::atoi(Argv[2]) : 3;

  bench::ProgramTimer Timer;
  std::string Text, Out;
  std::size_t CborBytes = 0;
  for (int Pass = 0; Pass < Passes; ++Pass) {
    Text = generate(Records).dump();
    json Parsed = json::parse(Text);
    std::vector<std::uint8_t> Cbor = json::to_cbor(regroup(Parsed));
    CborBytes = Cbor.size();
    Out = json::from_cbor(Cbor).dump(1);
  }
  Timer.report();

  std::printf("text %zu bytes, cbor %zu bytes, output %zu bytes, fnv1a "
              "%016llx\n",
              Text.size(), CborBytes, Out.size(),
              static_cast<unsigned long long>(bench::fnv1a(Out)));
  return 0;
}
