//===- bench/programs/yaml_roundtrip.cpp - yaml-cpp parse and emit --------===//
//
// Builds a large document with yaml-cpp's emitter, parses it into nodes and
// emits it again, several times. yaml-cpp (Debian's source) is compiled into
// each configuration like jsoncpp for json_roundtrip: its node graph of
// shared_ptrs, maps, vectors and strings is what the plugin specializes.
// Usage:
//   yaml_roundtrip [records=10000] [passes=2]
// Prints the output size and a hash on stdout (identical in every
// configuration), the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

/// A deterministic document: a sequence of records, each a map of scalars,
/// a flow sequence of tags and a nested map.
std::string generate(long Records) {
  YAML::Emitter E;
  std::uint64_t X = 88172645463325252u;
  E << YAML::BeginSeq;
  for (long I = 0; I < Records; ++I) {
    X ^= X << 13, X ^= X >> 7, X ^= X << 17;
    E << YAML::BeginMap;
    E << YAML::Key << "id" << YAML::Value << I;
    E << YAML::Key << "name" << YAML::Value << ("user" + std::to_string(I));
    E << YAML::Key << "score" << YAML::Value
      << static_cast<double>(X % 100000) / 1000.0;
    E << YAML::Key << "active" << YAML::Value << ((X & 1) != 0);
    E << YAML::Key << "tags" << YAML::Value << YAML::Flow << YAML::BeginSeq
      << ("t" + std::to_string(X % 7)) << ("t" + std::to_string(X % 11))
      << YAML::EndSeq;
    E << YAML::Key << "address" << YAML::Value << YAML::BeginMap;
    E << YAML::Key << "street" << YAML::Value
      << (std::to_string(X % 9999) + " Main St");
    E << YAML::Key << "zip" << YAML::Value << static_cast<int>(X % 100000);
    E << YAML::EndMap;
    E << YAML::EndMap;
  }
  E << YAML::EndSeq;
  return E.c_str();
}

} // namespace

int main(int Argc, char **Argv) {
  const long Records = Argc > 1 ? std::atol(Argv[1]) : 10000;
  const int Passes = Argc > 2 ? std::atoi(Argv[2]) : 2;

  bench::ProgramTimer Timer;
  std::string Doc = generate(Records);
  std::string Out;
  for (int Pass = 0; Pass < Passes; ++Pass) {
    YAML::Node Root = YAML::Load(Doc);
    YAML::Emitter E;
    E << Root;
    Out = E.c_str();
  }
  Timer.report();

  std::printf("input %zu bytes, output %zu bytes, fnv1a %016llx\n", Doc.size(),
              Out.size(), static_cast<unsigned long long>(bench::fnv1a(Out)));
  return 0;
}
