//===- bench/programs/proto_orders.cpp - Protocol Buffers messages --------===//
//
// A serializer's round trip: builds a batch of orders as Protocol Buffers
// messages (proto_orders.proto), serializes it, parses it back, regroups
// the orders by customer into accounts, serializes those and parses them
// again; several passes. Protocol Buffers' lite runtime (Debian's source,
// package protobuf, compiled into each configuration with the code protoc
// generates) allocates, without an arena, every sub-message, every string
// field and every repeated field's storage on the heap, and frees them all
// when the message goes. Usage:
//   proto_orders [orders=30000] [passes=3]
// Prints the sizes and a hash on stdout (identical in every configuration),
// the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"

#include "proto_orders.pb.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace {

/// \p M on the wire, its maps in key order (the same bytes every run).
std::string serialize(const google::protobuf::MessageLite &M) {
  std::string Out;
  google::protobuf::io::StringOutputStream S(&Out);
  google::protobuf::io::CodedOutputStream C(&S);
  C.SetSerializationDeterministic(true);
  M.SerializeToCodedStream(&C);
  C.Trim();
  return Out;
}

/// A deterministic batch: orders of 1,000 customers, each with a few items,
/// tags and attributes.
bench::Orders generate(long Count) {
  bench::Orders Out;
  std::uint64_t X = 88172645463325252u;
  for (long I = 0; I < Count; ++I) {
    X ^= X << 13, X ^= X >> 7, X ^= X << 17;
    bench::Order *O = Out.add_orders();
    O->set_id(I);
    bench::Customer *C = O->mutable_customer();
    const long Id = static_cast<long>(X % 1000);
    C->set_id(Id);
    C->set_name("customer number " + std::to_string(Id));
    C->set_email("customer" + std::to_string(Id) + "@example.org");
    C->set_city("city" + std::to_string(Id % 37));
    for (unsigned K = 0; K < 1 + X % 5; ++K) {
      bench::Item *It = O->add_items();
      It->set_sku("SKU-" + std::to_string((X >> K) % 50000));
      It->set_title("an item of the catalog, number " +
                    std::to_string((X >> K) % 50000));
      It->set_quantity(static_cast<int>(1 + (X >> (K + 8)) % 9));
      It->set_price_cents(static_cast<std::int64_t>((X >> K) % 100000));
    }
    for (unsigned K = 0; K < X % 4; ++K)
      O->add_tags("tag" + std::to_string((X >> (2 * K)) % 23));
    (*O->mutable_attributes())["channel"] = X & 1 ? "web" : "store";
    if (X % 3 == 0)
      (*O->mutable_attributes())["coupon"] = "C" + std::to_string(X % 997);
  }
  return Out;
}

/// The orders regrouped by customer, in customer order: each account's
/// items, tags and total.
bench::Accounts regroup(const bench::Orders &In) {
  std::map<std::int64_t, bench::Account> ById;
  for (const bench::Order &O : In.orders()) {
    bench::Account &A = ById[O.customer().id()];
    if (!A.has_customer())
      *A.mutable_customer() = O.customer();
    for (const bench::Item &It : O.items()) {
      *A.add_items() = It;
      A.set_total_cents(A.total_cents() + It.price_cents() * It.quantity());
    }
    for (const std::string &T : O.tags())
      A.add_tags(T);
  }
  bench::Accounts Out;
  for (auto &[Id, A] : ById)
    *Out.add_accounts() = std::move(A);
  return Out;
}

} // namespace

int main(int Argc, char **Argv) {
  const long Count = Argc > 1 ? std::atol(Argv[1]) : 30000;
  const int Passes = Argc > 2 ? std::atoi(Argv[2]) : 3;
  if (Count <= 0 || Passes <= 0) {
    std::fprintf(stderr, "usage: proto_orders [orders] [passes]\n");
    return 2;
  }
  bench::ProgramTimer Timer;
  std::uint64_t Hash = bench::kFnvOffset;
  std::size_t OrderBytes = 0, AccountBytes = 0;
  for (int Pass = 0; Pass < Passes; ++Pass) {
    std::string Wire = serialize(generate(Count));
    bench::Orders Parsed;
    if (!Parsed.ParseFromString(Wire)) {
      std::fprintf(stderr, "proto_orders: the orders do not parse\n");
      return 1;
    }
    std::string Grouped = serialize(regroup(Parsed));
    bench::Accounts Again;
    if (!Again.ParseFromString(Grouped) || serialize(Again) != Grouped) {
      std::fprintf(stderr, "proto_orders: the accounts do not round-trip\n");
      return 1;
    }
    OrderBytes = Wire.size();
    AccountBytes = Grouped.size();
    Hash = bench::fnv1a(Grouped, bench::fnv1a(Wire, Hash));
  }
  Timer.report();

  std::printf("orders %zu bytes, accounts %zu bytes, fnv1a %016llx\n",
              OrderBytes, AccountBytes, static_cast<unsigned long long>(Hash));
  return 0;
}
