// The JSON sidecar is an export on request (docs/interfaces.md): written at
// sidecar=PATH, nowhere by default or with sidecar=none (the records travel
// in the object: records.cpp).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// With max=80, so that the 96 B site below is above the limit.
// RUN: %sizespec -fplugin-arg-sizespec-max=80 \
// RUN:   -fplugin-arg-sizespec-sidecar=%t/elsewhere.json -c %s -o %t/b.o
// RUN: FileCheck %s -DDIR=%t < %t/elsewhere.json
// RUN: %sizespec -c %s -o %t/site.o
// RUN: %sizespec -fplugin-arg-sizespec-sidecar=none -c %s -o %t/c.o
// RUN: %sizespec -fsyntax-only %s
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES-NOT: json{{$}}
// FILES: b.o
// FILES-NEXT: c.o
// FILES-NEXT: elsewhere.json
// FILES-NEXT: site.o
// FILES-NOT: json{{$}}
//
// CHECK:      "clang_version": "{{[0-9]+\.[0-9]+\.[0-9]+.*}}",
// CHECK-NEXT: "directory": "[[DIR]]",
// CHECK-NEXT: "main_file": "{{.*}}sidecar.cpp",
// CHECK-NEXT: "plugin_version": "{{[0-9]+\.[0-9]+\.[0-9]+}}",
// CHECK-NEXT: "settings": {
// CHECK-NEXT:   "max": 80,
// CHECK-NEXT:   "off": false,
// CHECK-NEXT:   "sanitizer": null
// CHECK-NEXT: },
// CHECK-NEXT: "sites": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "align": 8,
// CHECK-NEXT:     "class": 3,
// CHECK-NEXT:     "code": {
// CHECK-NEXT:       "column": 24,
// CHECK-NEXT:       "file": "{{.*}}sidecar.cpp",
// CHECK-NEXT:       "function": "_Z4makev",
// CHECK-NEXT:       "line": [[#@LINE+41]]
// CHECK-NEXT:     },
// CHECK-NEXT:     "column": 24,
// CHECK-NEXT:     "describe": "new Point",
// CHECK-NEXT:     "file": "{{.*}}sidecar.cpp",
// CHECK-NEXT:     "form": "new",
// CHECK-NEXT:     "line": [[#@LINE+35]],
// CHECK-NEXT:     "message": null,
// CHECK-NEXT:     "reason": null,
// CHECK-NEXT:     "routine": "alloc_noscan_sc3<Point>",
// CHECK-NEXT:     "scan": false,
// CHECK-NEXT:     "size": 24,
// CHECK-NEXT:     "status": "specialized",
// CHECK-NEXT:     "type": "Point"
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "align": 8,
// CHECK-NEXT:     "class": 8,
// CHECK-NEXT:     "code": {
// CHECK-NEXT:       "column": 23,
// CHECK-NEXT:       "file": "{{.*}}sidecar.cpp",
// CHECK-NEXT:       "function": "_Z4manyv",
// CHECK-NEXT:       "line": [[#@LINE+20]]
// CHECK-NEXT:     },
// CHECK-NEXT:     "column": 23,
// CHECK-NEXT:     "describe": "new int *[12]",
// CHECK-NEXT:     "file": "{{.*}}sidecar.cpp",
// CHECK-NEXT:     "form": "new[]",
// CHECK-NEXT:     "line": [[#@LINE+14]],
// CHECK-NEXT:     "message": "size above 80 B limit by 16 B",
// CHECK-NEXT:     "reason": "size_above_limit",
// CHECK-NEXT:     "routine": null,
// CHECK-NEXT:     "scan": true,
// CHECK-NEXT:     "size": 96,
// CHECK-NEXT:     "status": "not-specialized",
// CHECK-NEXT:     "type": "int *[12]"
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// CHECK-NEXT: "sizespec": 2
// CHECK-NEXT: }
struct Point { double X, Y, Z; };
Point *make() { return new Point; }
int **many() { return new int *[12]; }

