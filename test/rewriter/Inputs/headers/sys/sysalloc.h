#pragma once
inline int *sysAlloc() { return new int(7); }
