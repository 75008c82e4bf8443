// Compiled without the plugin: its `new` takes the untyped operator new,
// whose objects live in scan bins, whatever their type.
#include "plain-alloc.h"

Pair24 *plainPair(int I) { return new Pair24{I, I, I}; }
