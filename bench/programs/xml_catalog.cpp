//===- bench/programs/xml_catalog.cpp - TinyXML documents -----------------===//
//
// Builds a catalog of products as a TinyXML document, prints it, parses the
// text back, groups the products by category into a new document, copies
// that and prints the copy; several passes. TinyXML (Debian's source,
// package tinyxml, compiled into each configuration) is a DOM of the old
// kind: every element, attribute, text and comment is a node of its own
// allocated with new, each holding std::string names and values, so a
// document is a great many small objects of a few sizes, freed node by
// node when it goes. Usage:
//   xml_catalog [products=40000] [passes=3]
// Prints the sizes and a hash on stdout (identical in every configuration),
// the measurements on stderr.
//
//===----------------------------------------------------------------------===//

#include "../common/output_hash.h"
#include "../common/program_report.h"

#include <tinyxml.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

namespace {

/// Prints \p Doc as text, indented as TinyXML indents.
std::string print(const TiXmlDocument &Doc) {
  TiXmlPrinter P;
  Doc.Accept(&P);
  return P.Str();
}

/// A deterministic catalog: products with attributes, a name, a price, a
/// few tags and sometimes a comment.
std::unique_ptr<TiXmlDocument> generate(long Products) {
  auto Doc = std::make_unique<TiXmlDocument>();
  Doc->LinkEndChild(new TiXmlDeclaration("1.0", "UTF-8", ""));
  auto *Catalog = new TiXmlElement("catalog");
  Doc->LinkEndChild(Catalog);
  std::uint64_t X = 88172645463325252u;
  for (long I = 0; I < Products; ++I) {
    X ^= X << 13, X ^= X >> 7, X ^= X << 17;
    auto *P = new TiXmlElement("product");
    P->SetAttribute("id", static_cast<int>(I));
    P->SetAttribute("category", "c" + std::to_string(X % 61));
    P->SetAttribute("stock", static_cast<int>(X % 500));
    auto *Name = new TiXmlElement("name");
    Name->LinkEndChild(new TiXmlText("product " + std::to_string(X % 100003)));
    P->LinkEndChild(Name);
    auto *Price = new TiXmlElement("price");
    Price->SetAttribute("currency", X & 1 ? "EUR" : "USD");
    Price->LinkEndChild(new TiXmlText(std::to_string(X % 100000 / 100) + "." +
                                      std::to_string(X % 100)));
    P->LinkEndChild(Price);
    auto *Tags = new TiXmlElement("tags");
    for (unsigned T = 0; T < 1 + X % 4; ++T) {
      auto *Tag = new TiXmlElement("tag");
      Tag->LinkEndChild(new TiXmlText("t" + std::to_string((X >> T) % 17)));
      Tags->LinkEndChild(Tag);
    }
    P->LinkEndChild(Tags);
    if (X % 5 == 0)
      P->LinkEndChild(new TiXmlComment("restocked"));
    Catalog->LinkEndChild(P);
  }
  return Doc;
}

/// The text of \p E's first child element \p Name, or "".
std::string childText(const TiXmlElement &E, const char *Name) {
  const TiXmlElement *C = E.FirstChildElement(Name);
  const char *T = C ? C->GetText() : nullptr;
  return T ? T : "";
}

/// The products grouped by category: each category's products (id, name
/// and tags; the rest dropped) and its total stock.
std::unique_ptr<TiXmlDocument> regroup(const TiXmlDocument &Doc) {
  std::map<std::string, TiXmlElement *> Categories;
  auto Out = std::make_unique<TiXmlDocument>();
  auto *Root = new TiXmlElement("categories");
  Out->LinkEndChild(Root);
  const TiXmlElement *Catalog = Doc.FirstChildElement("catalog");
  for (const TiXmlElement *P = Catalog->FirstChildElement("product"); P;
       P = P->NextSiblingElement("product")) {
    TiXmlElement *&C = Categories[P->Attribute("category")];
    if (!C) {
      C = new TiXmlElement("category");
      C->SetAttribute("name", P->Attribute("category"));
      C->SetAttribute("stock", 0);
    }
    int Stock = 0, Total = 0;
    P->QueryIntAttribute("stock", &Stock);
    C->QueryIntAttribute("stock", &Total);
    C->SetAttribute("stock", Total + Stock);
    auto *Item = new TiXmlElement("item");
    Item->SetAttribute("id", P->Attribute("id"));
    Item->SetAttribute("name", childText(*P, "name"));
    if (const TiXmlElement *Tags = P->FirstChildElement("tags"))
      Item->InsertEndChild(*Tags); // a deep copy
    C->LinkEndChild(Item);
  }
  for (auto &[Name, C] : Categories)
    Root->LinkEndChild(C);
  return Out;
}

} // namespace

int main(int Argc, char **Argv) {
  const long Products = Argc > 1 ? std::atol(Argv[1]) : 40000;
  const int Passes = Argc > 2 ? std::atoi(Argv[2]) : 3;
  if (Products <= 0 || Passes <= 0) {
    std::fprintf(stderr, "usage: xml_catalog [products] [passes]\n");
    return 2;
  }
  bench::ProgramTimer Timer;
  std::uint64_t Hash = bench::kFnvOffset;
  std::size_t TextBytes = 0, GroupedBytes = 0;
  for (int Pass = 0; Pass < Passes; ++Pass) {
    std::string Text = print(*generate(Products));
    TiXmlDocument Parsed;
    Parsed.Parse(Text.c_str());
    if (Parsed.Error()) {
      std::fprintf(stderr, "xml_catalog: %s\n", Parsed.ErrorDesc());
      return 1;
    }
    TiXmlDocument Copy(*regroup(Parsed)); // a deep copy
    std::string Grouped = print(Copy);
    TextBytes = Text.size();
    GroupedBytes = Grouped.size();
    Hash = bench::fnv1a(Grouped, bench::fnv1a(Text, Hash));
  }
  Timer.report();

  std::printf("text %zu bytes, grouped %zu bytes, fnv1a %016llx\n", TextBytes,
              GroupedBytes, static_cast<unsigned long long>(Hash));
  return 0;
}
