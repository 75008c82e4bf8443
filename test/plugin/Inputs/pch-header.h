#pragma once
struct Pair { long A, B; };
inline Pair *makePair() { return new Pair; }
