/* An object "built with the plugin": the same record the plugin emits
   (docs/interfaces.md, Plugin, Stamp), with the settings from -D flags. */
#ifndef MAX
#define MAX "80"
#endif
#ifndef NAME
#define NAME f
#endif
__attribute__((used, section(".sizespec.stamp"))) static const char
    sizespec_stamp[] = "sizespec-stamp v=1 plugin=0.1.0 clang=19.1.7 off=0 "
                       "max=" MAX " sanitizer=none";
int NAME(void) { return 1; }
