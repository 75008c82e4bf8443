#include <iostream>
#include <string>
#include <vector>
std::vector<std::string> words(int n);
int main() {
  auto w = words(1000);
  std::cout << w.size() << " " << w.front() << " " << w.back() << "\n";
}
