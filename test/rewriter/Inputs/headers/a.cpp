#include "shapes.h"
#include <sysalloc.h>

Point *a() { return new Point{1, 2}; }
int *fromA() { return sysAlloc(); }
