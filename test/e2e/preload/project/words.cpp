#include <map>
#include <string>
#include <vector>
std::vector<std::string> words(int n) {
  std::map<int, std::string> m;
  for (int i = 0; i < n; ++i)
    m[i] = "word" + std::to_string(i * 7 % n);
  std::vector<std::string> out;
  for (auto &kv : m)
    out.push_back(kv.second);
  return out;
}
