//===- bench/programs/json_roundtrip.cpp - A real library workload
//---------===//
//
// Parses a large generated JSON document with jsoncpp and writes it back
// out, several times. jsoncpp is compiled from source into each
// configuration (with the plugin for `on`/`off`, without it otherwise), so
// its own allocation sites -- std::map nodes of every object, vectors,
// strings -- are what the plugin specializes. Usage:
//   json_roundtrip [records=100000] [passes=3]
// Prints the output size and a hash on stdout (identical in every
// configuration), the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"

#include <json/json.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

/// A deterministic document: an array of user records, each an object with
/// nested objects and arrays, numbers, strings and booleans.
std::string generate(long Records) {
  std::string Out = "[\n";
  char Buf[512];
  std::uint64_t X = 88172645463325252u;
  for (long I = 0; I < Records; ++I) {
    X ^= X << 13, X ^= X >> 7, X ^= X << 17;
    std::snprintf(
        Buf, sizeof Buf,
        "%s{\"id\": %ld, \"name\": \"user%ld\", \"email\": "
        "\"user%ld@example.org\", \"score\": %.3f, \"active\": %s, "
        "\"tags\": [\"t%lu\", \"t%lu\", \"t%lu\"], \"address\": {\"street\": "
        "\"%lu Main St\", \"city\": \"City%lu\", \"zip\": \"%05lu\"}, "
        "\"history\": [%lu, %lu, %lu, %lu]}",
        I ? ",\n" : "", I, I, I, static_cast<double>(X % 100000) / 1000.0,
        X & 1 ? "true" : "false", X % 7, X % 11, X % 13, X % 9999, X % 97,
        X % 100000, X % 1000, X % 777, X % 555, X % 333);
    Out += Buf;
  }
  Out += "\n]\n";
  return Out;
}

} // namespace

int main(int Argc, char **Argv) {
  const long Records = Argc > 1 ? std::atol(Argv[1]) : 100000;
  const int Passes = Argc > 2 ? std::atoi(Argv[2]) : 3;
  const std::string Doc = generate(Records);

  bench::ProgramTimer Timer;
  Json::CharReaderBuilder ReaderBuilder;
  std::unique_ptr<Json::CharReader> Reader(ReaderBuilder.newCharReader());
  Json::StreamWriterBuilder WriterBuilder;
  std::string Out;
  for (int Pass = 0; Pass < Passes; ++Pass) {
    Json::Value Root;
    std::string Errors;
    if (!Reader->parse(Doc.data(), Doc.data() + Doc.size(), &Root, &Errors)) {
      std::fprintf(stderr, "json_roundtrip: parse failed: %s\n",
                   Errors.c_str());
      return 1;
    }
    Out = Json::writeString(WriterBuilder, Root);
  }
  Timer.report();

  std::printf("input %zu bytes, output %zu bytes, fnv1a %016llx\n", Doc.size(),
              Out.size(), static_cast<unsigned long long>(bench::fnv1a(Out)));
  return 0;
}
