// Emitted in both translation units: lowered in one, removed in the other.
struct Pair {
  long A, B;
};
inline Pair *volatile PairSink;
inline Pair *shared() {
  Pair *P = new Pair{1, 2};
  return P;
}
